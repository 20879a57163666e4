import { useEffect, useState, type ComponentType } from "react";
import type { ExternalToast, ToasterProps } from "sonner";

/**
 * Toasts through sonner, loaded on the first toast rather than with every page: most visits
 * never show one, and the library is a tenth of the page's JavaScript budget.
 */
type Sonner = typeof import("sonner");
let sonner: Promise<Sonner> | undefined;
let ready: Promise<void> | undefined;
let requestMount: (() => void) | undefined;
let markReady: (() => void) | undefined;

function whenReady(): Promise<void> {
  ready ??= new Promise<void>((resolve) => {
    markReady = resolve;
    requestMount?.();
  });
  return ready;
}

async function show(kind: "success" | "error" | "info", message: string, options?: ExternalToast) {
  sonner ??= import("sonner");
  const { toast } = await sonner;
  await whenReady();
  toast[kind](message, options);
}

export const notify = {
  success: (message: string, options?: ExternalToast) => void show("success", message, options),
  error: (message: string, options?: ExternalToast) => void show("error", message, options),
  info: (message: string, options?: ExternalToast) => void show("info", message, options),
};

/** Mount once in the layout; it renders nothing until the first toast. */
export function LazyToaster(props: ToasterProps) {
  const [Toaster, setToaster] = useState<ComponentType<ToasterProps> | null>(null);
  useEffect(() => {
    requestMount = () => {
      sonner ??= import("sonner");
      void sonner.then((module) => setToaster(() => module.Toaster));
    };
    if (ready) requestMount();
    return () => {
      requestMount = undefined;
    };
  }, []);
  useEffect(() => {
    // Runs after the Toaster's own effects, so it is listening before the first toast is sent.
    if (Toaster) markReady?.();
  }, [Toaster]);
  return Toaster ? <Toaster {...props} /> : null;
}
