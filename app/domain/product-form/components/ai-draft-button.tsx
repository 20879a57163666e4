import { LoaderCircleIcon, SparklesIcon } from "lucide-react";
import { useCallback, useEffect, useId, useRef, useState } from "react";
import { createPortal } from "react-dom";
import { Button } from "~/components/ui/button";
import { AI_DRAFT_PATH, DRAFT_FIELD_LABELS, DRAFT_TEXT_FIELDS, type AiDraftAnswer, type DraftField, type DraftTaxon, type ListingDraft } from "../ai-draft";

/** One drafted field: where its "AI draft" mark is shown, and what the field held before. */
interface Mark {
  field: DraftField;
  slot: HTMLElement;
  control: HTMLElement | null;
  describedBy: string | null;
  previous?: string;
}

interface Props {
  /** The id of the form's tags text box (TagsInput). */
  tagsInputId: string;
  /** The niche and subcategory inputs' names, when the form has the picker. */
  nicheName?: string;
  subcategoryName?: string;
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

function setNativeValue(element: HTMLInputElement | HTMLTextAreaElement, value: string) {
  const proto = element instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  Object.getOwnPropertyDescriptor(proto, "value")!.set!.call(element, value);
  // React's onChange hears this; the marks ignore it (not a person's edit: isTrusted is false).
  element.dispatchEvent(new Event("input", { bubbles: true }));
}

function textControl(form: HTMLFormElement, name: string): HTMLInputElement | HTMLTextAreaElement | null {
  const element = form.elements.namedItem(name);
  return element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement ? element : null;
}

function slotAfter(anchor: Element): HTMLElement {
  const slot = document.createElement("span");
  slot.className = "flex flex-wrap items-center gap-2";
  slot.dataset.aiDraftMark = "";
  anchor.after(slot);
  return slot;
}

function labelOf(form: HTMLFormElement, control: HTMLElement): Element | null {
  return control.id ? form.querySelector(`label[for="${CSS.escape(control.id)}"]`) : null;
}

/**
 * Draft with AI (decision 048): posts the form's website URL to /ai/draft and fills the product
 * name, headline, tagline, description, tags and (with the picker) niches and subcategories. Each
 * filled field shows an "AI draft" mark until the person edits it or clicks Accept (Undo puts
 * the old text back). Nothing is saved: the form is saved, or not, as usual.
 */
export function DraftWithAi({ tagsInputId, nicheName = "selectedCategories", subcategoryName = "selectedSubcategories" }: Props) {
  const buttonRef = useRef<HTMLButtonElement>(null);
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<{ kind: "error" | "info"; text: string } | null>(null);
  const [marks, setMarks] = useState<Mark[]>([]);
  const [suggested, setSuggested] = useState<{ niches: DraftTaxon[]; subcategories: DraftTaxon[]; inPicker: boolean } | null>(null);
  const idBase = useId().replace(/:/g, "");
  const marksRef = useRef(marks);
  marksRef.current = marks;

  const clear = useCallback((field: DraftField) => {
    setMarks((current) => {
      const mark = current.find((m) => m.field === field);
      if (!mark) return current;
      mark.slot.remove();
      if (mark.control) {
        if (mark.describedBy) mark.control.setAttribute("aria-describedby", mark.describedBy);
        else mark.control.removeAttribute("aria-describedby");
      }
      return current.filter((m) => m !== mark);
    });
  }, []);

  // A person's edit (a trusted event) of a drafted field takes its mark away.
  useEffect(() => {
    const form = buttonRef.current?.form;
    if (!form || !marks.length) return;
    const tagsBox = document.getElementById(tagsInputId);
    const onEdit = (event: Event) => {
      if (!event.isTrusted) return;
      const target = event.target as HTMLElement;
      if (event.type === "click") {
        // Removing a tag chip is the only edit made by a click.
        if (target.closest("button") && tagsBox?.parentElement?.contains(target)) clear("features");
        return;
      }
      const name = target.getAttribute("name");
      if (name && (DRAFT_TEXT_FIELDS as readonly string[]).includes(name)) clear(name as DraftField);
      else if (name === nicheName || name === subcategoryName) clear("taxonomy");
      else if (target === tagsBox) clear("features");
    };
    form.addEventListener("input", onEdit);
    form.addEventListener("change", onEdit);
    form.addEventListener("click", onEdit);
    return () => {
      form.removeEventListener("input", onEdit);
      form.removeEventListener("change", onEdit);
      form.removeEventListener("click", onEdit);
    };
  }, [marks.length, tagsInputId, nicheName, subcategoryName, clear]);

  useEffect(() => () => marksRef.current.forEach((mark) => mark.slot.remove()), []);

  function undo(mark: Mark) {
    const form = buttonRef.current?.form;
    const control = form ? textControl(form, mark.field) : null;
    if (control && mark.previous !== undefined) setNativeValue(control, mark.previous);
    clear(mark.field);
  }

  async function apply(form: HTMLFormElement, draft: ListingDraft): Promise<Mark[]> {
    const added: Mark[] = [];
    const mark = (field: DraftField, anchor: Element | null, control: HTMLElement | null, previous?: string) => {
      if (!anchor) return;
      const describedBy = control?.getAttribute("aria-describedby") ?? null;
      const badgeId = `${idBase}-${field}`;
      control?.setAttribute("aria-describedby", [describedBy, badgeId].filter(Boolean).join(" "));
      added.push({ field, slot: slotAfter(anchor), control, describedBy, previous });
    };
    for (const field of DRAFT_TEXT_FIELDS) {
      const control = textControl(form, field);
      const value = draft[field];
      if (!control || !value || control.value === value) continue;
      const previous = control.value;
      setNativeValue(control, value);
      mark(field, labelOf(form, control), control, previous);
    }
    const tagsBox = document.getElementById(tagsInputId);
    if (tagsBox instanceof HTMLInputElement && draft.tags.length) {
      setNativeValue(tagsBox, draft.tags.join(", "));
      await tick();
      tagsBox.dispatchEvent(new KeyboardEvent("keydown", { key: "Enter", bubbles: true, cancelable: true }));
      mark("features", labelOf(form, tagsBox), tagsBox);
    }
    const pick = (name: string, ids: number[]) => {
      let picked = false;
      for (const id of ids) {
        const box = form.querySelector<HTMLInputElement>(`input[type="checkbox"][name="${CSS.escape(name)}"][value="${id}"]`);
        if (box && !box.checked && !box.disabled) {
          box.click();
          picked = true;
        }
      }
      return picked;
    };
    const firstNicheBox = form.querySelector(`input[name="${CSS.escape(nicheName)}"]`);
    if (firstNicheBox) {
      const niches = pick(nicheName, draft.niches.map((n) => n.id));
      await tick();
      const subcategories = pick(subcategoryName, draft.subcategories.map((s) => s.id));
      if (niches || subcategories) mark("taxonomy", firstNicheBox.closest("fieldset")?.querySelector("legend") ?? null, null);
    }
    return added;
  }

  async function draftNow() {
    const form = buttonRef.current?.form;
    if (!form) return;
    const url = textControl(form, "websiteUrl")?.value.trim() ?? "";
    if (!url) {
      setStatus({ kind: "error", text: "Enter the product's website URL first, then draft with AI." });
      return;
    }
    setBusy(true);
    setStatus({ kind: "info", text: "Reading the website and drafting…" });
    try {
      const response = await fetch(AI_DRAFT_PATH, { method: "POST", body: new URLSearchParams({ websiteUrl: url }), headers: { Accept: "application/json" } });
      const answer = (await response.json().catch(() => null)) as AiDraftAnswer | { error?: string } | null;
      if (!answer || !("ok" in answer) || !answer.ok) {
        const text = response.status === 401 ? "Sign in to draft with AI." : (answer?.error ?? "Drafting failed. Please try again, or fill in the fields yourself.");
        setStatus({ kind: "error", text });
        return;
      }
      marksRef.current.forEach((m) => clear(m.field));
      const added = await apply(form, answer.draft);
      setMarks(added);
      setSuggested({ niches: answer.draft.niches, subcategories: answer.draft.subcategories, inPicker: form.querySelector(`input[name="${CSS.escape(nicheName)}"]`) !== null });
      const source = answer.source === "offline" ? "from the website's own description" : "by the AI provider";
      setStatus({
        kind: "info",
        text: added.length
          ? `Drafted ${added.length} ${added.length === 1 ? "field" : "fields"} ${source}. Check each field marked AI draft: edit it or accept it. Nothing is saved until you save the form.`
          : "The draft had nothing new for this form.",
      });
    } catch {
      setStatus({ kind: "error", text: "Drafting failed: the server could not be reached. Please try again." });
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="flex flex-col gap-2 rounded-md border border-dashed p-3">
      <div className="flex flex-wrap items-center gap-3">
        <Button ref={buttonRef} type="button" variant="secondary" onClick={draftNow} disabled={busy}>
          {busy ? <LoaderCircleIcon aria-hidden className="animate-spin" /> : <SparklesIcon aria-hidden />}
          {busy ? "Drafting..." : "Draft with AI"}
        </Button>
        <span className="text-xs text-muted-foreground">Fills the fields below from the website URL. You review every field.</span>
      </div>
      <p role="status" aria-live="polite" className={status ? (status.kind === "error" ? "text-sm text-destructive" : "text-sm") : "sr-only"}>
        {status?.text ?? ""}
      </p>
      {suggested && !suggested.inPicker && (suggested.niches.length || suggested.subcategories.length) ? (
        <p className="text-sm text-muted-foreground">
          {suggested.niches.length ? <>Suggested niches: {suggested.niches.map((n) => n.name).join(", ")}. </> : null}
          {suggested.subcategories.length ? <>Suggested subcategories: {suggested.subcategories.map((s) => s.name).join(", ")}.</> : null}
        </p>
      ) : null}
      {marks.map((mark) =>
        createPortal(
          <>
            <span id={`${idBase}-${mark.field}`} className="inline-flex items-center rounded-full bg-violet-100 px-2 py-0.5 text-xs font-medium text-violet-900 dark:bg-violet-900/50 dark:text-violet-100">
              AI draft
            </span>
            <Button type="button" variant="outline" size="sm" className="h-8 px-2 text-xs" onClick={() => clear(mark.field)} aria-label={`Accept the AI draft of ${DRAFT_FIELD_LABELS[mark.field]}`}>
              Accept
            </Button>
            {mark.previous !== undefined ? (
              <Button type="button" variant="ghost" size="sm" className="h-8 px-2 text-xs" onClick={() => undo(mark)} aria-label={`Undo the AI draft of ${DRAFT_FIELD_LABELS[mark.field]}`}>
                Undo
              </Button>
            ) : null}
          </>,
          mark.slot,
          mark.field,
        ),
      )}
    </div>
  );
}
