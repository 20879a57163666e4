import { CheckIcon, CopyIcon } from "lucide-react";
import { useState } from "react";
import { notify } from "~/components/toaster";
import { Button } from "~/components/ui/button";
import { COPIED } from "../wizard";

/** Copies `value`, toasts "Copied to clipboard" and shows a check for 2 s (spec: share copy feedback). */
export function CopyButton({ value, label = "Copy", description, variant = "outline" }: { value: string; label?: string; description?: string; variant?: "outline" | "default" | "secondary" }) {
  const [copied, setCopied] = useState(false);
  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
      notify.success(COPIED, description ? { description } : undefined);
      setTimeout(() => setCopied(false), 2000);
    } catch {
      notify.error("Could not copy. Please select the text and copy it by hand.");
    }
  }
  return (
    <Button type="button" variant={variant} onClick={copy}>
      {copied ? <CheckIcon aria-hidden /> : <CopyIcon aria-hidden />}
      {label}
    </Button>
  );
}

/** A read-only snippet with its label and a Copy button. */
export function Snippet({ id, label, value, copyLabel }: { id: string; label: string; value: string; copyLabel: string }) {
  return (
    <div className="flex flex-col gap-2">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <textarea
        id={id}
        readOnly
        value={value}
        rows={3}
        spellCheck={false}
        onFocus={(event) => event.currentTarget.select()}
        className="w-full resize-none rounded-md border border-input bg-muted/40 p-3 font-mono text-xs break-all text-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
      />
      <div>
        <CopyButton value={value} label={copyLabel} />
      </div>
    </div>
  );
}
