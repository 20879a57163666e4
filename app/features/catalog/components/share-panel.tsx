import { Check, Copy } from "lucide-react";
import { useState } from "react";
import { notify } from "~/components/toaster";
import { Button } from "~/components/ui/button";
import { DialogContent, DialogDescription, DialogHeader, DialogTitle } from "~/components/ui/dialog";

export function shareLinks(url: string, title: string) {
  const u = encodeURIComponent(url);
  const t = encodeURIComponent(title);
  return [
    { name: "Twitter", href: `https://twitter.com/intent/tweet?url=${u}&text=${t}` },
    { name: "Facebook", href: `https://www.facebook.com/sharer/sharer.php?u=${u}` },
    { name: "LinkedIn", href: `https://www.linkedin.com/sharing/share-offsite/?url=${u}` },
    { name: "E-mail", href: `mailto:?subject=${t}&body=${u}` },
  ];
}

/** The share dialog's panel, loaded when the dialog first opens (share-dialog.tsx). */
export function SharePanel({ url, title }: { url: string; title: string }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
      notify.success("Copied!");
      setTimeout(() => setCopied(false), 2000);
    } catch {
      notify.error("Could not copy the link. Please copy it by hand.");
    }
  };
  return (
    <DialogContent>
      <DialogHeader>
        <DialogTitle>Share {title}</DialogTitle>
        <DialogDescription>Copy the link or share it on your favourite network.</DialogDescription>
      </DialogHeader>
      <div className="flex gap-2">
        <label htmlFor="share-url" className="sr-only">
          Link to share
        </label>
        <input id="share-url" readOnly value={url} className="h-10 min-w-0 flex-1 rounded-md border border-input bg-background px-3 text-sm" />
        <Button variant="outline" onClick={copy} aria-label="Copy link">
          {copied ? <Check aria-hidden /> : <Copy aria-hidden />}
        </Button>
      </div>
      <ul className="flex flex-wrap gap-2">
        {shareLinks(url, title).map((link) => (
          <li key={link.name}>
            <Button asChild variant="secondary" size="sm">
              <a href={link.href} target="_blank" rel="noopener noreferrer">
                {link.name}
              </a>
            </Button>
          </li>
        ))}
      </ul>
    </DialogContent>
  );
}
