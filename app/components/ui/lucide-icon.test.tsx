import fs from "node:fs";
import path from "node:path";
import * as lucide from "lucide-react";
import type { ForwardRefExoticComponent, ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import createLucideIcon from "./lucide-icon";

/** The names the app imports from lucide-react (the build swaps their renderer for ours). */
function iconsImportedByApp(): string[] {
  const names = new Set<string>();
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (/\.tsx?$/.test(entry.name)) {
        for (const match of fs.readFileSync(file, "utf8").matchAll(/import\s*\{([^}]*)\}\s*from\s*"lucide-react"/g)) {
          for (const name of match[1]!.split(",")) {
            const trimmed = name.trim();
            if (trimmed && !trimmed.startsWith("type ")) names.add(trimmed.split(/\s+as\s+/)[0]!);
          }
        }
      }
    }
  };
  walk(path.resolve(import.meta.dirname, "../.."));
  return [...names].sort();
}

type LucideComponent = ForwardRefExoticComponent<Record<string, unknown>> & {
  render: (props: Record<string, unknown>, ref: null) => ReactElement<{ icon: Parameters<typeof createLucideIcon>[0] }>;
};

const PROPS: Record<string, unknown>[] = [
  {},
  { "aria-hidden": true, className: "size-4 text-muted-foreground" },
  { "aria-label": "Rated 4 out of 5", role: "img", className: "lucide extra  spaced" },
  { size: 16, strokeWidth: 1.5, color: "red" },
  { size: 12, absoluteStrokeWidth: true, width: 20 },
  { title: "Close", id: "x" },
];

describe("createLucideIcon", () => {
  it("renders the same <svg> as lucide-react for every icon the app uses", () => {
    const names = iconsImportedByApp();
    expect(names.length).toBeGreaterThan(20);
    for (const name of names) {
      const found = (lucide as unknown as Record<string, LucideComponent | undefined>)[name];
      expect(found, name).toBeDefined();
      const Lucide = found!;
      // lucide's component hands its icon data to its Icon: the same data feeds ours.
      const Ours = createLucideIcon(Lucide.render({}, null).props.icon);
      for (const props of PROPS) {
        expect(renderToStaticMarkup(<Ours {...props} />), `${name} ${JSON.stringify(props)}`).toBe(renderToStaticMarkup(<Lucide {...props} />));
      }
      expect(renderToStaticMarkup(<Ours><title>Named</title></Ours>)).toBe(renderToStaticMarkup(<Lucide><title>Named</title></Lucide>));
    }
  });
});
