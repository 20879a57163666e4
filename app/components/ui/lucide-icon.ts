import { createElement, type ReactNode, type SVGProps } from "react";

/**
 * Stands in for lucide-react's createLucideIcon (vite.config.ts points each lucide icon module
 * here, in the client and the server build alike). Lucide's own builds each icon through a
 * generic, configurable pipeline (a context, attribute renaming, class de-duplication) that
 * weighs 1.5 KB gzipped on every page; this renders the same <svg> for the props this app uses
 * (decision 052). lucide-icon.test.tsx compares the markup of both for every icon the app imports.
 */
type IconNode = [tag: string, attributes: Record<string, string>][];
type IconData = { name: string; node: IconNode; size?: number; aliases?: string[] };
type IconProps = SVGProps<SVGSVGElement> & {
  size?: number | string;
  absoluteStrokeWidth?: boolean;
  children?: ReactNode;
};

const isA11yProp = (name: string) => name.startsWith("aria-") || name === "role" || name === "title";

export default function createLucideIcon(icon: IconData) {
  const names = ["lucide", `lucide-${icon.name}`, ...(icon.aliases ?? []).map((alias) => `lucide-${alias}`)];
  function LucideIcon({ color, size, width, height, strokeWidth, absoluteStrokeWidth, className, children, ...rest }: IconProps) {
    // Lucide hides a purely decorative icon from assistive technology unless told otherwise.
    const labelled = !!children || Object.keys(rest).some((name) => isA11yProp(name) && rest[name as keyof typeof rest] != null);
    const stroke = strokeWidth ?? 2;
    const classes = new Set([...names, ...(className ?? "").split(/\s+/)].filter(Boolean));
    return createElement(
      "svg",
      {
        xmlns: "http://www.w3.org/2000/svg",
        width: width ?? size ?? 24,
        height: height ?? size ?? 24,
        viewBox: `0 0 ${icon.size ?? 24} ${icon.size ?? 24}`,
        fill: "none",
        stroke: color || "currentColor",
        strokeWidth: absoluteStrokeWidth ? (Number(stroke) * (icon.size ?? 24)) / Number(width ?? size ?? 24) : stroke,
        strokeLinecap: "round",
        strokeLinejoin: "round",
        className: [...classes].join(" "),
        ...(labelled ? {} : { "aria-hidden": "true" }),
        ...rest,
      },
      ...icon.node.map(([tag, attributes]) => createElement(tag, attributes)),
      ...(Array.isArray(children) ? children : [children]),
    );
  }
  LucideIcon.displayName = icon.name;
  return LucideIcon;
}
