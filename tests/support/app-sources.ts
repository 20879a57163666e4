import fs from "node:fs";
import path from "node:path";

const appDir = path.resolve(import.meta.dirname, "../../app");

/**
 * The text of every .ts/.tsx file under app/ (tests too unless `withTests` is false): for the
 * tests that check what the app's source uses (Tailwind classes, lucide icons).
 */
export function appSourceTexts({ withTests = true }: { withTests?: boolean } = {}): string[] {
  const texts: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (/\.tsx?$/.test(entry.name) && (withTests || !entry.name.includes(".test."))) texts.push(fs.readFileSync(file, "utf8"));
    }
  };
  walk(appDir);
  return texts;
}
