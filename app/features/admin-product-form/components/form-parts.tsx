import { ArrowLeftIcon } from "lucide-react";
import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from "react";
import { Link, useNavigation } from "react-router";
import { tabClass, tabListClass } from "~/components/admin/link-tabs";
import { Button } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";

/**
 * A form submits once: while its request is under way (or in the instant before the page knows
 * it), a second submit is dropped. The server is idempotent too (the create form's token).
 */
export function useSubmitOnce(intent?: string) {
  const navigation = useNavigation();
  const pending = useRef(false);
  const busy = navigation.state === "submitting" && (intent === undefined || navigation.formData?.get("intent") === intent);
  useEffect(() => {
    if (navigation.state === "idle") pending.current = false;
  }, [navigation.state]);
  return {
    busy,
    guard(event: FormEvent<HTMLFormElement>) {
      if (event.defaultPrevented) return;
      if (pending.current || navigation.state === "submitting") {
        event.preventDefault();
        return;
      }
      pending.current = true;
    },
  };
}

/**
 * Tabs inside one form (WAI-ARIA tabs: arrow keys move between them); every panel stays in the
 * form, only hidden, so one submit sends them all.
 */
export function useFormTabs<T extends string>(tabs: readonly { id: T; label: string }[], idPrefix: string) {
  const [active, setActive] = useState<T>(tabs[0]!.id);
  const refs = useRef(new Map<T, HTMLButtonElement>());

  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>, index: number) {
    const step = event.key === "ArrowRight" ? 1 : event.key === "ArrowLeft" ? -1 : 0;
    if (!step && event.key !== "Home" && event.key !== "End") return;
    event.preventDefault();
    const next = event.key === "Home" ? 0 : event.key === "End" ? tabs.length - 1 : (index + step + tabs.length) % tabs.length;
    const tab = tabs[next]!;
    setActive(tab.id);
    refs.current.get(tab.id)?.focus();
  }

  const list = (label: string) => (
    <div role="tablist" aria-label={label} className={cn("flex gap-1", tabListClass)}>
      {tabs.map((tab, index) => {
        const selected = tab.id === active;
        return (
          <button
            key={tab.id}
            ref={(element) => {
              if (element) refs.current.set(tab.id, element);
            }}
            type="button"
            role="tab"
            id={`${idPrefix}-tab-${tab.id}`}
            aria-selected={selected}
            aria-controls={`${idPrefix}-panel-${tab.id}`}
            tabIndex={selected ? 0 : -1}
            onClick={() => setActive(tab.id)}
            onKeyDown={(event) => onKeyDown(event, index)}
            className={tabClass(selected, "bg-secondary text-secondary-foreground")}
          >
            {tab.label}
          </button>
        );
      })}
    </div>
  );

  const panel = (id: T) => ({
    role: "tabpanel" as const,
    id: `${idPrefix}-panel-${id}`,
    "aria-labelledby": `${idPrefix}-tab-${id}`,
    hidden: id !== active,
  });

  return { active, setActive, list, panel };
}

/** A full-page message for the edit route (Invalid Product ID, Error Loading Product). */
export function ProductScreen({ title, message }: { title: string; message: string }) {
  return (
    <div className="mx-auto flex max-w-lg flex-col items-center gap-4 rounded-lg border bg-card p-8 text-center">
      <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
      <p className="text-muted-foreground">{message}</p>
      <Button asChild>
        <Link to="/admin/products">
          <ArrowLeftIcon aria-hidden />
          Back to Products
        </Link>
      </Button>
    </div>
  );
}
