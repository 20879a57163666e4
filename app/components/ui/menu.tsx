import { createContext, useCallback, useContext, useEffect, useId, useRef, useState } from "react";
import type * as React from "react";
import { cn } from "./cn";

/**
 * A small menu button (WAI-ARIA menu pattern): arrow keys, Home/End, Escape and Tab, focus
 * returned to the button. Positioned with CSS under its button, so no positioning library ships.
 */
const MenuContext = createContext<{ close: () => void } | null>(null);

interface MenuProps {
  /** Renders the button; spread the props onto a <button>. */
  trigger: (props: React.ComponentProps<"button"> & { "data-state": "open" | "closed" }) => React.ReactNode;
  align?: "start" | "end";
  label?: string;
  children: React.ReactNode;
}

export function Menu({ trigger, align = "start", label, children }: MenuProps) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const list = useRef<HTMLDivElement>(null);

  const items = () => Array.from(list.current?.querySelectorAll<HTMLElement>('[role^="menuitem"]') ?? []);
  const close = useCallback((focusButton = true) => {
    setOpen(false);
    if (focusButton) button.current?.focus();
  }, []);

  useEffect(() => {
    if (!open) return;
    items()[0]?.focus();
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) close(false);
    };
    document.addEventListener("pointerdown", onPointer);
    return () => document.removeEventListener("pointerdown", onPointer);
  }, [open, close]);

  const onKeyDown = (event: React.KeyboardEvent) => {
    const all = items();
    const index = all.indexOf(document.activeElement as HTMLElement);
    const move = (to: number) => {
      event.preventDefault();
      all[(to + all.length) % all.length]?.focus();
    };
    if (event.key === "ArrowDown") move(index + 1);
    else if (event.key === "ArrowUp") move(index - 1);
    else if (event.key === "Home") move(0);
    else if (event.key === "End") move(all.length - 1);
    else if (event.key === "Escape") {
      event.preventDefault();
      close();
    } else if (event.key === "Tab") close(false);
  };

  return (
    <div ref={root} className="relative" onKeyDown={open ? onKeyDown : undefined}>
      {trigger({
        ref: button,
        type: "button",
        "aria-haspopup": "menu",
        "aria-expanded": open,
        "aria-controls": open ? id : undefined,
        "data-state": open ? "open" : "closed",
        onClick: () => setOpen((v) => !v),
        onKeyDown: (event) => {
          if (event.key === "ArrowDown" || event.key === "ArrowUp") {
            event.preventDefault();
            setOpen(true);
          }
        },
      })}
      {open ? (
        <div
          ref={list}
          id={id}
          role="menu"
          aria-label={label}
          className={cn(
            "absolute top-full z-50 mt-1 min-w-[9rem] overflow-hidden rounded-md border bg-popover p-1 text-popover-foreground shadow-md",
            align === "end" ? "right-0" : "left-0",
          )}
        >
          <MenuContext.Provider value={{ close }}>{children}</MenuContext.Provider>
        </div>
      ) : null}
    </div>
  );
}

export const menuItemClass =
  "flex w-full cursor-default items-center gap-2 rounded-sm px-2 py-1.5 text-left text-sm outline-none select-none hover:bg-accent focus:bg-accent focus:text-accent-foreground [&_svg]:size-4 [&_svg]:shrink-0";

/** A menu item; `render` receives the props to spread onto a link or button. */
export function MenuItem({ render }: { render: (props: { role: "menuitem"; tabIndex: -1; className: string; onClick: () => void }) => React.ReactNode }) {
  const menu = useContext(MenuContext);
  return <>{render({ role: "menuitem", tabIndex: -1, className: menuItemClass, onClick: () => menu?.close() })}</>;
}

export function MenuRadioItem({ checked, onSelect, children }: { checked: boolean; onSelect: () => void; children: React.ReactNode }) {
  const menu = useContext(MenuContext);
  return (
    <button
      type="button"
      role="menuitemradio"
      aria-checked={checked}
      tabIndex={-1}
      className={cn(menuItemClass, checked && "font-semibold")}
      onClick={() => {
        onSelect();
        menu?.close();
      }}
    >
      {children}
    </button>
  );
}

export function MenuLabel({ children }: { children: React.ReactNode }) {
  return (
    <div role="presentation" className="px-2 py-1.5 text-xs font-semibold text-muted-foreground">
      {children}
    </div>
  );
}
