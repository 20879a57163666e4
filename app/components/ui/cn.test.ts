import { twMerge } from "tailwind-merge";
import { describe, expect, it } from "vitest";
import { buttonVariants } from "./button";
import { cn, mergeClasses } from "./cn";
import { appSourceTexts } from "../../../tests/support/app-sources";

/** Every class-like word in the app's string literals that tailwind-merge knows as a Tailwind class. */
function classesWrittenInApp(): string[] {
  const words = new Set<string>();
  for (const source of appSourceTexts({ withTests: false })) {
    for (const literal of source.matchAll(/"([^"\n]*)"|'([^'\n]*)'|`([^`]*)`/g)) {
      for (const word of (literal[1] ?? literal[2] ?? literal[3]!).split(/\s+/)) {
        // A template's `${...}` ends the class (e.g. `size-${n}`); what is before it still counts.
        const name = word.replace(/\$\{.*$/, "");
        if (/^[!-~]{1,80}$/.test(name)) words.add(name);
      }
    }
  }
  // tailwind-merge drops a repeated class only when it is one of Tailwind's.
  return [...words].filter((word) => twMerge(`${word} ${word}`) === word).sort();
}

describe("cn", () => {
  it("lets a component's className replace its default of the same kind, keeping the rest", () => {
    const link = cn(buttonVariants({ variant: "link", size: "sm" }), "mt-1 h-auto px-0");
    expect(link.split(" ")).toEqual(expect.arrayContaining(["h-auto", "px-0", "mt-1", "text-primary"]));
    expect(link.split(" ")).not.toContain("h-9");
    expect(link.split(" ")).not.toContain("px-3");
    expect(cn("rounded-md px-2 text-sm", false, undefined, { "font-bold": true }, ["text-lg"])).toBe("rounded-md px-2 font-bold text-lg");
    // Different modifiers are different slots; a later padding side refines, an earlier one is replaced.
    expect(cn("bg-accent hover:bg-accent/50 md:hover:bg-red-500", "hover:bg-primary")).toBe("bg-accent md:hover:bg-red-500 hover:bg-primary");
    expect(cn("px-4 py-2", "p-0")).toBe("p-0");
    expect(cn("p-0", "px-4")).toBe("p-0 px-4");
  });

  it("merges every pair of classes written in app/ exactly as tailwind-merge does", () => {
    const classes = classesWrittenInApp();
    // The scan finds the app's classes (a few hundred), not an empty list that would pass anything.
    expect(classes.length).toBeGreaterThan(400);
    expect(classes).toEqual(expect.arrayContaining(["px-4", "text-sm", "hover:bg-accent", "[&_svg]:size-4"]));
    const differences: string[] = [];
    for (const first of classes) {
      for (const second of classes) {
        const list = `${first} ${second}`;
        const expected = twMerge(list);
        if (mergeClasses(list) !== expected) differences.push(`"${list}" should be "${expected}"`);
      }
    }
    expect(differences.slice(0, 20)).toEqual([]);
  });
});
