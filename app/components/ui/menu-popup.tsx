import { useContext, useEffect, useRef, type ReactNode, type RefObject } from "react";
import type * as React from "react";
import { cn } from "./cn";
import { MenuContext, menuItemClass } from "./menu";

/** The open menu of menu.tsx's Menu: its list, focus, arrow keys, Home/End, Escape and Tab, and a click outside. */
export function MenuPopup({
  id,
  label,
  align,
  root,
  close,
  keys,
  children,
}: {
  id: string;
  label?: string;
  align: "start" | "end";
  root: RefObject<HTMLDivElement | null>;
  close: (focusButton?: boolean) => void;
  keys: RefObject<((event: React.KeyboardEvent) => void) | null>;
  children: ReactNode;
}) {
  const list = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const items = () => Array.from(list.current?.querySelectorAll<HTMLElement>('[role^="menuitem"]') ?? []);
    items()[0]?.focus();
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) close(false);
    };
    document.addEventListener("pointerdown", onPointer);
    keys.current = (event) => {
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
    return () => {
      document.removeEventListener("pointerdown", onPointer);
      keys.current = null;
    };
  }, [root, close, keys]);

  return (
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
  );
}

/** A radio item of an open menu (the theme menu's Light, Dark, System). */
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

/** A heading inside an open menu. */
export function MenuLabel({ children }: { children: React.ReactNode }) {
  return (
    <div role="presentation" className="px-2 py-1.5 text-xs font-semibold text-muted-foreground">
      {children}
    </div>
  );
}
