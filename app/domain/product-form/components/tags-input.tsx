import { XIcon } from "lucide-react";
import { useId, useState, type ClipboardEvent, type KeyboardEvent } from "react";
import { cn } from "~/components/ui/cn";
import { TAG_MAX_LENGTH, TAGS_LIMIT, cleanText } from "../fields";
import { useControllable } from "./use-controllable";

export interface TagsInputProps {
  /** The hidden inputs' name (one per tag); default `features`. */
  name?: string;
  /** The text box's id; default derived from the name. */
  id?: string;
  label?: React.ReactNode;
  hint?: React.ReactNode;
  error?: string;
  value?: string[];
  defaultValue?: string[];
  onChange?: (tags: string[]) => void;
  max?: number;
  placeholder?: string;
  disabled?: boolean;
  className?: string;
}

/** Adds `candidates` to `tags`: trimmed, blanks and case-insensitive duplicates ignored, at most `max`. */
export function addTags(tags: string[], candidates: string[], max = TAGS_LIMIT): string[] {
  const next = [...tags];
  for (const candidate of candidates) {
    const tag = cleanText(candidate).slice(0, TAG_MAX_LENGTH);
    if (!tag || next.some((existing) => existing.toLowerCase() === tag.toLowerCase())) continue;
    if (next.length >= max) break;
    next.push(tag);
  }
  return next;
}

/**
 * Tags (the form's "features"): type and press Enter or a comma, or leave the box, to add; each
 * tag is a chip with a remove button; Backspace in the empty box removes the last one. The tags
 * post as hidden inputs `name` (repeated). Controlled (`value`/`onChange`) or not (`defaultValue`).
 */
export function TagsInput({
  name = "features",
  id,
  label = "Features (tags)",
  hint,
  error,
  value,
  defaultValue = [],
  onChange,
  max = TAGS_LIMIT,
  placeholder = "Type a tag and press Enter",
  disabled,
  className,
}: TagsInputProps) {
  const [tags, setTags] = useControllable(value, defaultValue, onChange);
  const [text, setText] = useState("");
  const auto = useId();
  const inputId = id ?? `tags-${name}-${auto.replace(/:/g, "")}`;
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const full = tags.length >= max;

  function commit(raw: string) {
    const parts = raw.split(",");
    const next = addTags(tags, parts, max);
    if (next.length !== tags.length) setTags(next);
    setText("");
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === "Enter" || event.key === ",") {
      event.preventDefault();
      if (text.trim()) commit(text);
    } else if (event.key === "Backspace" && text === "" && tags.length) {
      event.preventDefault();
      setTags(tags.slice(0, -1));
    }
  }

  function onPaste(event: ClipboardEvent<HTMLInputElement>) {
    const pasted = event.clipboardData.getData("text");
    if (!pasted.includes(",")) return;
    event.preventDefault();
    commit(text + pasted);
  }

  return (
    <div className={cn("flex flex-col gap-2", className)}>
      <label htmlFor={inputId} className="text-sm font-medium">
        {label}
      </label>
      <div
        className={cn(
          "flex min-h-10 flex-wrap items-center gap-1.5 rounded-md border border-input bg-background px-2 py-1.5 focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-ring",
          error && "border-destructive",
        )}
      >
        {tags.length ? (
          <ul className="contents" aria-label="Added tags">
            {tags.map((tag) => (
              <li key={tag.toLowerCase()} className="inline-flex items-center gap-1 rounded-full bg-secondary py-0.5 pr-1 pl-2.5 text-sm text-secondary-foreground">
                <span>{tag}</span>
                <button
                  type="button"
                  onClick={() => setTags(tags.filter((item) => item !== tag))}
                  disabled={disabled}
                  aria-label={`Remove tag ${tag}`}
                  className="inline-flex size-6 items-center justify-center rounded-full hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring"
                >
                  <XIcon aria-hidden className="size-3.5" />
                </button>
              </li>
            ))}
          </ul>
        ) : null}
        <input
          id={inputId}
          type="text"
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          onKeyDown={onKeyDown}
          onPaste={onPaste}
          onBlur={() => text.trim() && commit(text)}
          disabled={disabled}
          placeholder={full ? "" : placeholder}
          autoComplete="off"
          enterKeyHint="enter"
          maxLength={TAG_MAX_LENGTH * 4}
          aria-invalid={error ? true : undefined}
          aria-describedby={[hintId, error ? errorId : null].filter(Boolean).join(" ")}
          className="h-7 min-w-32 flex-1 bg-transparent px-1 text-base text-foreground outline-none placeholder:text-muted-foreground md:text-sm"
        />
      </div>
      <p id={hintId} className="text-xs text-muted-foreground" aria-live="polite">
        {hint ? <>{hint} </> : null}
        {full ? `${tags.length}/${max}: the limit is reached.` : `${tags.length}/${max} tags. Press Enter or a comma to add one.`}
      </p>
      {error ? (
        <p id={errorId} role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
      {tags.map((tag) => (
        <input key={tag.toLowerCase()} type="hidden" name={name} value={tag} />
      ))}
    </div>
  );
}
