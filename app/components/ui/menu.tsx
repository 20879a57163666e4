import { createContext, lazy, Suspense, useCallback, useContext, useId, useRef, useState } from "react";
import type * as React from "react";

/**
 * A small menu button (WAI-ARIA menu pattern): arrow keys, Home/End, Escape and Tab, focus
 * returned to the button. Positioned with CSS under its button, so no positioning library ships.
 */
export const MenuContext = createContext<{ close: () => void } | null>(null);

interface MenuProps {
  /** Renders the button; spread the props onto a <button>. */
  trigger: (props: React.ComponentProps<"button"> & { "data-state": "open" | "closed" }) => React.ReactNode;
  align?: "start" | "end";
  label?: string;
  children: React.ReactNode;
}

// The open menu's code (focus, arrow keys, closing on a click outside) loads when a menu first
// opens, or its button is pointed at or focused (decision 052).
const loadPopup = () => import("./menu-popup");
const MenuPopup = lazy(() => loadPopup().then((m) => ({ default: m.MenuPopup })));

export function Menu({ trigger, align = "start", label, children }: MenuProps) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  // The open popup's keyboard handler: keys pressed anywhere in the menu (button or items) go to it.
  const keys = useRef<((event: React.KeyboardEvent) => void) | null>(null);

  const close = useCallback((focusButton = true) => {
    setOpen(false);
    if (focusButton) button.current?.focus();
  }, []);

  return (
    <div ref={root} className="relative" onKeyDown={open ? (event) => keys.current?.(event) : undefined}>
      {trigger({
        ref: button,
        type: "button",
        "aria-haspopup": "menu",
        "aria-expanded": open,
        "aria-controls": open ? id : undefined,
        "data-state": open ? "open" : "closed",
        onClick: () => setOpen((v) => !v),
        onPointerEnter: () => void loadPopup(),
        onFocus: () => void loadPopup(),
        onKeyDown: (event) => {
          if (event.key === "ArrowDown" || event.key === "ArrowUp") {
            event.preventDefault();
            setOpen(true);
          }
        },
      })}
      {open ? (
        <Suspense fallback={null}>
          <MenuPopup id={id} label={label} align={align} root={root} close={close} keys={keys}>
            {children}
          </MenuPopup>
        </Suspense>
      ) : null}
    </div>
  );
}

export const menuItemClass =
  "flex w-full cursor-default items-center gap-2 rounded-sm px-2 py-1.5 text-left text-sm outline-none select-none hover:bg-accent focus:bg-accent focus:text-accent-foreground [&_svg]:size-4 [&_svg]:shrink-0";

/**
 * A menu item; `render` receives the props to spread onto a link or button. (Radio items and labels,
 * which only an open menu renders, are in menu-popup.tsx.)
 */
export function MenuItem({ render }: { render: (props: { role: "menuitem"; tabIndex: -1; className: string; onClick: () => void }) => React.ReactNode }) {
  const menu = useContext(MenuContext);
  return <>{render({ role: "menuitem", tabIndex: -1, className: menuItemClass, onClick: () => menu?.close() })}</>;
}
