import { MonitorIcon, MoonIcon, SunIcon } from "lucide-react";
import type { Theme } from "~/lib/theme";
import { MenuLabel, MenuRadioItem } from "./ui/menu-popup";

const OPTIONS = [
  { value: "light", label: "Light", Icon: SunIcon },
  { value: "dark", label: "Dark", Icon: MoonIcon },
  { value: "system", label: "System", Icon: MonitorIcon },
] as const satisfies ReadonlyArray<{ value: Theme; label: string; Icon: typeof SunIcon }>;

/** The open theme menu's choices (theme-toggle.tsx): loaded with the menu's popup. */
export function ThemeMenuItems({ theme, onChoose }: { theme: Theme; onChoose: (theme: Theme) => void }) {
  return (
    <>
      <MenuLabel>Theme</MenuLabel>
      {OPTIONS.map(({ value, label, Icon }) => (
        <MenuRadioItem key={value} checked={theme === value} onSelect={() => onChoose(value)}>
          <Icon aria-hidden />
          {label}
        </MenuRadioItem>
      ))}
    </>
  );
}
