import { MoonIcon, SunIcon } from "lucide-react";
import { lazy, useEffect, useState } from "react";
import { applyTheme, readTheme, type Theme } from "~/lib/theme";
import { buttonVariants } from "./ui/button";
import { Menu } from "./ui/menu";

// The choices only show in the open menu: their code loads with the menu's popup, when the menu
// first opens or the pointer reaches or focus lands on its button (decision 052).
const loadItems = () => import("./theme-menu-items");
const ThemeMenuItems = lazy(() => loadItems().then((m) => ({ default: m.ThemeMenuItems })));

export function ThemeToggle() {
  // The server cannot know the stored choice; the inline script in root.tsx already painted it.
  const [theme, setTheme] = useState<Theme>("system");

  useEffect(() => {
    setTheme(readTheme());
  }, []);

  useEffect(() => {
    if (theme !== "system") return;
    const query = matchMedia("(prefers-color-scheme: dark)");
    const follow = () => applyTheme("system");
    query.addEventListener("change", follow);
    return () => query.removeEventListener("change", follow);
  }, [theme]);

  function choose(value: Theme) {
    applyTheme(value);
    setTheme(value);
  }

  return (
    <Menu
      align="end"
      label="Theme"
      trigger={(props) => (
        <button
          {...props}
          onPointerEnter={(event) => {
            props.onPointerEnter?.(event);
            void loadItems();
          }}
          onFocus={(event) => {
            props.onFocus?.(event);
            void loadItems();
          }}
          aria-label="Toggle theme"
          title="Toggle theme"
          className={buttonVariants({ variant: "ghost", size: "icon" })}
        >
          <SunIcon className="dark:hidden" aria-hidden />
          <MoonIcon className="hidden dark:block" aria-hidden />
        </button>
      )}
    >
      <ThemeMenuItems theme={theme} onChoose={choose} />
    </Menu>
  );
}

/** True while <html> carries the `dark` class; follows changes made by the theme toggle. */
export function useIsDark() {
  const [dark, setDark] = useState(false);
  useEffect(() => {
    const root = document.documentElement;
    const update = () => setDark(root.classList.contains("dark"));
    update();
    const observer = new MutationObserver(update);
    observer.observe(root, { attributes: true, attributeFilter: ["class"] });
    return () => observer.disconnect();
  }, []);
  return dark;
}
