/**
 * Whether the visitor is editing a form (the ruling on the spec's reload: never lose what someone
 * is typing). A field's value is noted when it first gets focus; the page is "being edited" while
 * any field still on the page differs from its noted value. Submitting or resetting a form clears
 * its notes (the work is saved or abandoned), and so does typing a field back to where it started.
 * Values are compared rather than `defaultValue`, which React keeps equal to a controlled value.
 */
type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

const IGNORED_TYPES = new Set(["hidden", "submit", "button", "reset", "image"]);

function isField(target: EventTarget | null): target is Field {
  if (target instanceof HTMLInputElement) return !IGNORED_TYPES.has(target.type);
  return target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement;
}

function valueOf(field: Field): string {
  if (field instanceof HTMLInputElement) {
    if (field.type === "checkbox" || field.type === "radio") return String(field.checked);
    if (field.type === "file") return String(field.files?.length ?? 0);
  }
  return field.value;
}

export interface DirtyForms {
  isDirty(): boolean;
  /** Called after any edit, submit or reset, so a held notice can go ahead once the page is clean. */
  onChange(listener: () => void): () => void;
  stop(): void;
}

export function watchDirtyForms(doc: Document = document): DirtyForms {
  const noted = new Map<Field, string>();
  const listeners = new Set<() => void>();
  const changed = () => listeners.forEach((listener) => listener());

  const note = (event: Event) => {
    const field = event.target;
    if (!isField(field) || noted.has(field)) return;
    noted.set(field, valueOf(field));
    // A radio group counts as one field: note its siblings' state too.
    if (field instanceof HTMLInputElement && field.type === "radio" && field.name && field.form) {
      for (const element of Array.from(field.form.elements)) {
        if (element instanceof HTMLInputElement && element.type === "radio" && element.name === field.name && !noted.has(element)) noted.set(element, valueOf(element));
      }
    }
  };
  const edited = (event: Event) => {
    // A change may arrive without focus (a script, autofill): note what it was is unknown, so it counts as an edit.
    if (isField(event.target) && !noted.has(event.target)) noted.set(event.target, "\u0000unknown");
    changed();
  };
  const finished = (event: Event) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement)) return;
    for (const field of [...noted.keys()]) if (field.form === form) noted.delete(field);
    changed();
  };

  doc.addEventListener("focusin", note, true);
  doc.addEventListener("input", edited, true);
  doc.addEventListener("change", edited, true);
  doc.addEventListener("submit", finished, true);
  doc.addEventListener("reset", finished, true);

  return {
    isDirty() {
      for (const [field, value] of noted) {
        if (!field.isConnected) noted.delete(field);
        else if (valueOf(field) !== value) return true;
      }
      return false;
    },
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    stop() {
      doc.removeEventListener("focusin", note, true);
      doc.removeEventListener("input", edited, true);
      doc.removeEventListener("change", edited, true);
      doc.removeEventListener("submit", finished, true);
      doc.removeEventListener("reset", finished, true);
      listeners.clear();
    },
  };
}
