import { useEffect } from "react";
import { LazyToaster, notify } from "~/components/toaster";
import { useIsDark } from "~/components/theme-toggle";
import { useFlash } from "~/domain/root-data";

/** The page's toaster in the current theme; shows the server's one-time message (e.g. "Signed Out") once. */
export function FlashToaster() {
  const dark = useIsDark();
  const flash = useFlash();
  useEffect(() => {
    if (flash) notify[flash.kind](flash.message);
  }, [flash]);
  return <LazyToaster theme={dark ? "dark" : "light"} richColors closeButton />;
}
