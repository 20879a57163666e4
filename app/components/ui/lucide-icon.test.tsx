import fs from "node:fs";
import path from "node:path";
import * as lucide from "lucide-react";
import type { ForwardRefExoticComponent, ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import createLucideIcon from "./lucide-icon";
import { appSourceTexts } from "../../../tests/support/app-sources";

/** The names the app imports from lucide-react (the build swaps their renderer for ours). */
function iconsImportedByApp(): string[] {
  const names = new Set<string>();
  for (const source of appSourceTexts()) {
    for (const match of source.matchAll(/import\s*\{([^}]*)\}\s*from\s*"lucide-react"/g)) {
      for (const name of match[1]!.split(",")) {
        const trimmed = name.trim();
        if (trimmed && !trimmed.startsWith("type ")) names.add(trimmed.split(/\s+as\s+/)[0]!);
      }
    }
  }
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
  // A saved bookmark is drawn filled (save-button.tsx).
  { className: "size-4", "aria-hidden": true, fill: "currentColor" },
  { stroke: "red", strokeWidth: 3 },
];

/** The declarations of app.css's `svg.lucide` rule: the defaults our <svg> leaves out. */
function stylesheetDefaults(): Record<string, string> {
  const css = fs.readFileSync(path.resolve(import.meta.dirname, "../../app.css"), "utf8");
  const block = /svg\.lucide\s*\{([^}]*)\}/.exec(css);
  expect(block, "app.css has an svg.lucide rule").not.toBeNull();
  return Object.fromEntries(
    block![1]!
      .split(";")
      .map((line) => line.split(":").map((part) => part.trim()))
      .filter((pair) => pair.length === 2 && pair[0])
      .map(([name, value]) => [name!, value!]),
  );
}

/** The <svg> start tag's attributes and what follows it (its shapes and children). */
function svgParts(html: string) {
  const start = /^<svg([^>]*)>/.exec(html)!;
  const attributes = Object.fromEntries([...start[1]!.matchAll(/([\w:-]+)="([^"]*)"/g)].map((m) => [m[1]!, m[2]!]));
  return { attributes, inner: html.slice(start[0].length) };
}

const PRESENTATION: Record<string, string> = {
  width: "width",
  height: "height",
  fill: "fill",
  stroke: "stroke",
  "stroke-width": "stroke-width",
  "stroke-linecap": "stroke-linecap",
  "stroke-linejoin": "stroke-linejoin",
};

/** What an <svg> of ours looks like: the stylesheet's defaults, overridden by its style attribute. */
function ourPresentation(attributes: Record<string, string>, defaults: Record<string, string>) {
  const look: Record<string, string> = { ...defaults };
  for (const declaration of (attributes.style ?? "").split(";")) {
    const [name, value] = declaration.split(":").map((part) => part.trim());
    if (name && value) look[name] = value;
  }
  return look;
}

/** What lucide's <svg> looks like: its presentation attributes (numbers in CSS pixels). */
function lucidePresentation(attributes: Record<string, string>) {
  const look: Record<string, string> = {};
  for (const [attribute, property] of Object.entries(PRESENTATION)) {
    const value = attributes[attribute]!;
    look[property] = (property === "width" || property === "height") && /^[\d.]+$/.test(value) ? `${value}px` : value;
  }
  return look;
}

describe("createLucideIcon", () => {
  it("renders every icon the app uses as lucide-react does: same shapes, classes, names, and look once app.css applies", () => {
    const names = iconsImportedByApp();
    expect(names.length).toBeGreaterThan(20);
    const defaults = stylesheetDefaults();
    for (const name of names) {
      const found = (lucide as unknown as Record<string, LucideComponent | undefined>)[name];
      expect(found, name).toBeDefined();
      const Lucide = found!;
      // lucide's component hands its icon data to its Icon: the same data feeds ours.
      const Ours = createLucideIcon(Lucide.render({}, null).props.icon);
      for (const props of PROPS) {
        const label = `${name} ${JSON.stringify(props)}`;
        const ours = svgParts(renderToStaticMarkup(<Ours {...props} />));
        const theirs = svgParts(renderToStaticMarkup(<Lucide {...props} />));
        expect(ours.inner, label).toBe(theirs.inner);
        expect(ours.attributes.viewBox, label).toBe(theirs.attributes.viewBox);
        expect(ours.attributes.class, label).toBe(theirs.attributes.class);
        for (const attribute of ["aria-hidden", "aria-label", "role", "title", "id"]) expect(ours.attributes[attribute], `${label} ${attribute}`).toBe(theirs.attributes[attribute]);
        const look = ourPresentation(ours.attributes, defaults);
        for (const [property, value] of Object.entries(lucidePresentation(theirs.attributes))) expect(look[property], `${label} ${property}`).toBe(value);
        // Nothing of lucide's nine attributes is written out again.
        for (const attribute of ["xmlns", ...Object.keys(PRESENTATION)]) expect(ours.attributes[attribute], `${label} ${attribute}`).toBeUndefined();
      }
      expect(renderToStaticMarkup(<Ours><title>Named</title></Ours>)).toContain("<title>Named</title></svg>");
      expect(renderToStaticMarkup(<Ours><title>Named</title></Ours>)).not.toContain("aria-hidden");
    }
  });
});
