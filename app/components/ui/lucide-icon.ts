import { createElement, type CSSProperties, type ReactNode, type SVGProps } from "react";

/**
 * Stands in for lucide-react's createLucideIcon (vite.config.ts points each lucide icon module
 * here, in the client and the server build alike). Lucide's own builds each icon through a
 * generic, configurable pipeline (a context, attribute renaming, class de-duplication) that
 * weighs 1.5 KB gzipped on every page (decision 052).
 *
 * Lucide writes nine presentation attributes on every <svg> (xmlns, width, height, fill, stroke,
 * stroke-width, linecap, linejoin, and the viewBox). Their defaults live once in app.css's
 * `svg.lucide` rule instead, so an icon is `<svg viewBox class aria-hidden>` and its shapes: a home
 * page's 90 icons were 13 KB of repeated attributes that the server wrote on every request
 * (decision 060). A prop that changes a default (size, color, fill, stroke, strokeWidth) goes in the style
 * attribute, which wins over the stylesheet's rule as lucide's attributes won over nothing.
 * lucide-icon.test.tsx checks every icon the app imports against lucide's own markup.
 */
type IconNode = [tag: string, attributes: Record<string, string>][];
type IconData = { name: string; node: IconNode; size?: number; aliases?: string[] };
type IconProps = SVGProps<SVGSVGElement> & {
  size?: number | string;
  absoluteStrokeWidth?: boolean;
  children?: ReactNode;
};

const isA11yProp = (name: string) => name.startsWith("aria-") || name === "role" || name === "title";

const px = (value: number | string) => (typeof value === "number" || /^\d+(\.\d+)?$/.test(value) ? `${value}px` : value);

export default function createLucideIcon(icon: IconData) {
  const box = icon.size ?? 24;
  const names = ["lucide", `lucide-${icon.name}`, ...(icon.aliases ?? []).map((alias) => `lucide-${alias}`)];
  const viewBox = `0 0 ${box} ${box}`;
  const shapes = icon.node.map(([tag, attributes]) => createElement(tag, attributes));
  const plainClass = names.join(" ");
  function LucideIcon({ color, size, width, height, strokeWidth, absoluteStrokeWidth, fill, stroke, className, children, style, ...rest }: IconProps) {
    // Lucide hides a purely decorative icon from assistive technology unless told otherwise.
    let labelled = !!children;
    if (!labelled) for (const name in rest) if (isA11yProp(name) && rest[name as keyof typeof rest] != null) labelled = true;
    let own: CSSProperties | undefined;
    const w = width ?? size;
    const h = height ?? size;
    if (w != null || h != null || color || stroke || fill || strokeWidth != null || absoluteStrokeWidth) {
      own = {};
      if (w != null) own.width = px(w);
      if (h != null) own.height = px(h);
      if (color || stroke) own.stroke = stroke ?? color;
      if (fill) own.fill = fill;
      const line = Number(strokeWidth ?? 2);
      if (absoluteStrokeWidth) own.strokeWidth = (line * box) / Number(w ?? 24);
      else if (strokeWidth != null) own.strokeWidth = line;
    }
    return createElement(
      "svg",
      {
        viewBox,
        className: className ? [...new Set([...names, ...className.split(/\s+/)].filter(Boolean))].join(" ") : plainClass,
        ...(labelled ? {} : { "aria-hidden": "true" }),
        ...rest,
        ...(own || style ? { style: { ...own, ...style } } : {}),
      },
      ...shapes,
      ...(Array.isArray(children) ? children : [children]),
    );
  }
  LucideIcon.displayName = icon.name;
  return LucideIcon;
}
