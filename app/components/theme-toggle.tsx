import { MonitorIcon, MoonIcon, SunIcon } from "lucide-react";
import { useEffect, useState } from "react";
import { applyTheme, readTheme, type Theme } from "~/lib/theme";
import { buttonVariants } from "./ui/button";
import { Menu, MenuLabel, MenuRadioItem } from "./ui/menu";

const OPTIONS = [
  { value: "light", label: "Light", Icon: SunIcon },
  { value: "dark", label: "Dark", Icon: MoonIcon },
  { value: "system", label: "System", Icon: MonitorIcon },
] as const satisfies ReadonlyArray<{ value: Theme; label: string; Icon: typeof SunIcon }>;

function isTheme(value: string): value is Theme {
  return value === "light" || value === "dark" || value === "system";
}

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

  function choose(value: string) {
    if (!isTheme(value)) return;
    applyTheme(value);
    setTheme(value);
  }

  return (
    <Menu
      align="end"
      label="Theme"
      trigger={(props) => (
        <button {...props} aria-label="Toggle theme" title="Toggle theme" className={buttonVariants({ variant: "ghost", size: "icon" })}>
          <SunIcon className="dark:hidden" aria-hidden />
          <MoonIcon className="hidden dark:block" aria-hidden />
        </button>
      )}
    >
      <MenuLabel>Theme</MenuLabel>
      {OPTIONS.map(({ value, label, Icon }) => (
        <MenuRadioItem key={value} checked={theme === value} onSelect={() => choose(value)}>
          <Icon aria-hidden />
          {label}
        </MenuRadioItem>
      ))}
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
