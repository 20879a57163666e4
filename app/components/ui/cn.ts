import { type ClassValue, clsx } from "clsx";

/**
 * Joins class names (clsx), and a later Tailwind class replaces an earlier one it conflicts with,
 * so a component's `className` overrides its defaults: cn("h-10 px-4", "h-auto px-0") is
 * "h-auto px-0". This is tailwind-merge's rule (same modifiers and `!` = same slot; `p-2` also
 * replaces an earlier `px-4`, `size-4` an earlier `w-2`, `text-sm` an earlier `leading-7`...),
 * written for the utilities this app uses: tailwind-merge knows every Tailwind utility and weighs
 * 8 KB gzipped, a fifth of a page's own JavaScript (decision 052). cn.test.ts compares the two on
 * every pair of classes written in app/, so a class this does not know yet fails there.
 */
export function cn(...inputs: ClassValue[]): string {
  const classList = clsx(inputs);
  // Pages render the same few hundred class lists over and over (14% of a list page's server CPU
  // went to merging them): remember the answers, as tailwind-merge's own cache did.
  let merged = MERGED.get(classList);
  if (merged === undefined) {
    merged = mergeClasses(classList);
    if (MERGED.size >= MERGED_MAX) MERGED.clear();
    MERGED.set(classList, merged);
  }
  return merged;
}

const MERGED = new Map<string, string>();
const MERGED_MAX = 2_000;

/** Slots a side-less or two-sided slot also covers: p covers px..pl, px covers ps, pe, pr, pl... */
const COVERS: Record<string, string> = { "": "xysetrbl", x: "serl", y: "tb" };
const ROUNDED_COVERS: Record<string, string[]> = {
  "": ["s", "e", "t", "r", "b", "l", "ss", "se", "ee", "es", "tl", "tr", "br", "bl"],
  s: ["ss", "es"],
  e: ["se", "ee"],
  t: ["tl", "tr"],
  r: ["tr", "br"],
  b: ["br", "bl"],
  l: ["tl", "bl"],
};
const INSET_SIDE: Record<string, string> = { inset: "", "inset-x": "x", "inset-y": "y", start: "s", end: "e", top: "t", right: "r", bottom: "b", left: "l" };

/** Whole utilities that are a slot of their own, by slot. */
const WORDS: Record<string, string> = {};
for (const [slot, words] of Object.entries({
  display:
    "block inline-block inline flex inline-flex table inline-table table-caption table-cell table-column table-column-group table-footer-group table-header-group table-row-group table-row flow-root grid inline-grid contents list-item hidden",
  position: "static fixed absolute relative sticky",
  visibility: "visible invisible collapse",
  sr: "sr-only not-sr-only",
  "font-style": "italic not-italic",
  "text-transform": "uppercase lowercase capitalize normal-case",
  "text-decoration": "underline overline line-through no-underline",
  "text-overflow": "truncate text-ellipsis text-clip",
  smoothing: "antialiased subpixel-antialiased",
  "fvn-spacing": "tabular-nums proportional-nums",
  "fvn-figure": "lining-nums oldstyle-nums",
  "table-layout": "table-auto table-fixed",
  "box-sizing": "box-border box-content",
  filter: "filter filter-none",
  "border-collapse": "border-collapse border-separate",
})) {
  for (const word of words.split(" ")) WORDS[word] = slot;
}

/** [pattern, slot]: the first match names the slot; `$1` is the pattern's first group. */
const RULES: [RegExp, string][] = [
  [/^(p|m|scroll-p|scroll-m)([xysetrbl]?)-/, "$1|$2"],
  [/^(space-[xy]-reverse|divide-[xy]-reverse|ring-inset)$/, "$1"],
  [/^(size|[wh]|min-[wh]|max-[wh]|basis|order|z|opacity|cursor|pointer-events|select|leading|tracking|whitespace|line-clamp|aspect|accent|caret|fill|duration|ease|delay|animate|rotate|scale|translate-[xy]|backdrop-blur|blur|space-[xy]|grid-cols|grid-rows|col-start|col-end|row-start|row-end|justify-items|justify-self|items|self|place-content|place-items|place-self|underline-offset|decoration|origin|will-change|appearance|overflow-[xy]|overflow|overscroll|list-image|columns|auto-cols|auto-rows|gap-[xy]|gap)(-|$)/, "$1"],
  [/^(col|row)-(auto|span-|\[)/, "$1-span"],
  [/^(grow|shrink)(-|$)/, "$1"],
  [/^flex-(row|col)(-reverse)?$/, "flex-direction"],
  [/^flex-(wrap|wrap-reverse|nowrap)$/, "flex-wrap"],
  [/^flex-/, "flex"],
  [/^justify-/, "justify-content"],
  [/^content-(normal|center|start|end|between|around|evenly|baseline|stretch)$/, "align-content"],
  [/^content-/, "content"],
  [/^resize(-|$)/, "resize"],
  [/^transition(-|$)/, "transition"],
  [/^text-(left|center|right|justify|start|end)$/, "text-align"],
  [/^text-(wrap|nowrap|balance|pretty)$/, "text-wrap"],
  [/^text-(xs|sm|base|lg|\d*xl|\[(length:.*|[\d.]+(px|r?em|%)|(calc|clamp|min|max)\(.*)\])$/, "font-size"],
  [/^text-/, "text-color"],
  [/^font-(thin|extralight|light|normal|medium|semibold|bold|extrabold|black|\d+)$/, "font-weight"],
  [/^font-/, "font-family"],
  [/^break-(normal|words|all|keep)$/, "word-break"],
  [/^wrap-/, "overflow-wrap"],
  [/^object-(contain|cover|fill|none|scale-down)$/, "object-fit"],
  [/^object-/, "object-position"],
  [/^list-(inside|outside)$/, "list-position"],
  [/^list-/, "list-type"],
  [/^align-/, "vertical-align"],
  [/^bg-(fixed|local|scroll)$/, "bg-attachment"],
  [/^bg-(no-repeat|repeat(-.+)?)$/, "bg-repeat"],
  [/^bg-(auto|cover|contain)$/, "bg-size"],
  [/^bg-(top|bottom|left|right|center)/, "bg-position"],
  [/^bg-(none|linear-.+|radial(-.+)?|conic(-.+)?|gradient-.+)$/, "bg-image"],
  [/^bg-(clip|origin)-/, "bg-$1"],
  [/^bg-/, "bg-color"],
  // Gradient stops: a position (from-10%) and a colour (to-primary) are two slots of each stop.
  [/^(from|via|to)-(\d+(\.\d+)?%|\[[\d.]+%\])$/, "gradient-$1-position"],
  [/^(from|via|to)-/, "gradient-$1"],
  [/^border-(solid|dashed|dotted|double|hidden|none)$/, "border-style"],
  [/^border(?:-([xysetrbl]))?(-\d+)?$/, "border-w|$1"],
  [/^border-([xysetrbl])-/, "border-color|$1"],
  [/^border-/, "border-color|"],
  [/^(divide-[xy])(-\d+)?$/, "$1"],
  [/^divide-(solid|dashed|dotted|double|hidden|none)$/, "divide-style"],
  [/^divide-/, "divide-color"],
  [/^rounded(?:-(ss|se|ee|es|tl|tr|br|bl|[setrbl])(?=-|$))?/, "rounded|$1"],
  [/^shadow(-(2xs|xs|sm|md|lg|xl|2xl|none|inner))?$/, "shadow"],
  [/^shadow-/, "shadow-color"],
  [/^ring(-\d+)?$/, "ring-w"],
  [/^ring-offset-\d+$/, "ring-offset-w"],
  [/^ring-offset-/, "ring-offset-color"],
  [/^ring-/, "ring-color"],
  [/^outline(-\d+)?$/, "outline-w"],
  [/^outline-(none|hidden|solid|dashed|dotted|double)$/, "outline-style"],
  [/^outline-offset-/, "outline-offset"],
  [/^outline-/, "outline-color"],
  [/^stroke-\d+$/, "stroke-w"],
  [/^stroke-/, "stroke-color"],
];

/** The slot of a utility without its modifiers, or undefined for a class that is not Tailwind's. */
function slotOf(utility: string): string | undefined {
  // [property:value] sets one CSS property: its slot is the property.
  if (utility[0] === "[") return /^\[([a-z-]+):.+\]$/.exec(utility)?.[1];
  if (utility[0] === "-") utility = utility.slice(1);
  const word = WORDS[utility];
  if (word) return word;
  for (const [pattern, slot] of RULES) {
    const match = pattern.exec(utility);
    if (match) return slot.replace("$1", match[1] ?? "").replace("$2", match[2] ?? "");
  }
  return undefined;
}

/** Slots a class in `slot` also takes from earlier classes. */
function covered(slot: string): string[] {
  const [kind, side] = slot.split("|") as [string, string | undefined];
  if (kind === "rounded") return (ROUNDED_COVERS[side!] ?? []).map((s) => `rounded|${s}`);
  if (side !== undefined) return [...(COVERS[side] ?? "")].map((s) => `${kind}|${s}`);
  switch (slot) {
    case "size":
      return ["w", "h"];
    case "font-size":
      return ["leading"];
    case "flex":
      return ["basis", "grow", "shrink"];
    case "gap":
      return ["gap-x", "gap-y"];
    case "overflow":
      return ["overflow-x", "overflow-y"];
    case "line-clamp":
      return ["display", "overflow"];
    default:
      return [];
  }
}

/** Inset utilities (top-0, inset-x-0...) take the sides scheme of padding, as the slot "inset|side". */
function insetSlot(utility: string): string | undefined {
  const name = /^-?(inset-[xy]|inset|top|right|bottom|left|start|end)-/.exec(utility)?.[1];
  return name === undefined ? undefined : `inset|${INSET_SIDE[name]}`;
}

/** Modifiers sort alphabetically, except around arbitrary ones ([&_a]) and pseudo-elements, whose order matters. */
const ORDERED = new Set(["*", "**", "after", "backdrop", "before", "details-content", "file", "first-letter", "first-line", "marker", "placeholder", "selection"]);
function modifierKey(modifiers: string[]): string {
  const out: string[] = [];
  let run: string[] = [];
  for (const modifier of modifiers) {
    if (modifier[0] === "[" || ORDERED.has(modifier)) {
      out.push(...run.sort(), modifier);
      run = [];
    } else run.push(modifier);
  }
  return [...out, ...run.sort()].join(":");
}

/** Splits "md:hover:bg-accent/50!" into its modifiers and utility, ignoring `:` and `/` inside [] and (). */
function parse(className: string) {
  const modifiers: string[] = [];
  let depth = 0;
  let start = 0;
  let slash = -1;
  for (let i = 0; i < className.length; i++) {
    const char = className[i];
    if (char === "[" || char === "(") depth++;
    else if (char === "]" || char === ")") depth--;
    else if (depth === 0 && char === ":") {
      modifiers.push(className.slice(start, i));
      start = i + 1;
    } else if (depth === 0 && char === "/") slash = i;
  }
  let utility = className.slice(start);
  let important = false;
  if (utility.endsWith("!")) {
    utility = utility.slice(0, -1);
    important = true;
  } else if (utility.startsWith("!")) {
    utility = utility.slice(1);
    important = true;
  }
  // A `/` modifier (bg-primary/90, w-3/4, text-sm/6) is part of the value.
  const withoutPostfix = slash > start ? utility.slice(0, slash - start) : utility;
  return { modifiers, important, utility: withoutPostfix, postfix: withoutPostfix !== utility, full: utility };
}

export function mergeClasses(classList: string): string {
  const taken = new Set<string>();
  const kept: string[] = [];
  const classes = classList.trim().split(/\s+/);
  for (let i = classes.length - 1; i >= 0; i--) {
    const className = classes[i]!;
    if (!className) continue;
    const { modifiers, important, utility, full } = parse(className);
    const slot = insetSlot(utility) ?? slotOf(utility) ?? slotOf(full);
    if (slot === undefined) {
      kept.push(className);
      continue;
    }
    const prefix = modifierKey(modifiers) + (important ? "!" : "");
    if (taken.has(prefix + slot)) continue;
    taken.add(prefix + slot);
    for (const other of covered(slot)) taken.add(prefix + other);
    kept.push(className);
  }
  return kept.reverse().join(" ");
}
