import { Share2 } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { Button } from "~/components/ui/button";
import { Dialog, DialogTrigger } from "~/components/ui/dialog";

// The panel (link, copy button, networks) loads when the dialog first opens: decision 052.
const loadPanel = () => import("./share-panel");
const SharePanel = lazy(() => loadPanel().then((m) => ({ default: m.SharePanel })));

export function ShareDialog({ url, title }: { url: string; title: string }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" onPointerEnter={() => void loadPanel()} onFocus={() => void loadPanel()}>
          <Share2 aria-hidden /> Share
        </Button>
      </DialogTrigger>
      {open ? (
        <Suspense fallback={null}>
          <SharePanel url={url} title={title} />
        </Suspense>
      ) : null}
    </Dialog>
  );
}
