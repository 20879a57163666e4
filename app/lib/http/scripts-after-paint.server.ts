import { Transform } from "node:stream";

const HEAD_END = Buffer.from("</head>");
const BOOTSTRAP = Buffer.from('type="module" async="">');
const SCRIPT_START = Buffer.from("<script");
const SCRIPT_END = Buffer.from("</script>");
/** Longest marker we look for: a marker cut by a chunk's end is found with the next chunk. */
const OVERLAP = Math.max(HEAD_END.length, BOOTSTRAP.length, SCRIPT_END.length) - 1;
/** A shell longer than this is sent as it is rather than held (the largest page is about 150 KB). */
const MAX_HELD = 4 << 20;

/** A JavaScript string literal that is safe inside an inline script: no "</script>", no "<!--". */
const scriptLiteral = (value: unknown) => JSON.stringify(value).replaceAll("<", "\\u003c");

/**
 * Replaces React Router's inline bootstrap module by a classic inline script that inserts the same
 * module (same text, same nonce) once the first frame has been painted, or at once in a tab nobody
 * sees, together with the module preloads React put in the head. The module itself is unchanged:
 * its static imports still load and run the page's code in one go, then set React Router's globals
 * before anything hydrates. Returns undefined when the script is not the bootstrap it expects (the
 * page is then sent as React wrote it).
 */
export function deferBootstrap(script: string, preloads: readonly string[]): string | undefined {
  const open = /^<script\b([^>]*)>/.exec(script);
  if (!open || !script.endsWith("</script>") || !/\btype="module"/.test(open[1]!)) return undefined;
  const body = script.slice(open[0].length, -"</script>".length);
  if (!body.includes("window.__reactRouterRouteModules")) return undefined;
  const nonce = /\bnonce="([^"]*)"/.exec(open[1]!)?.[1];
  return (
    `<script${nonce === undefined ? "" : ` nonce="${nonce}"`}>{` +
    `const nonce = document.currentScript.nonce;` +
    `const go = () => {` +
    `for (const href of ${scriptLiteral(preloads)}) document.head.appendChild(Object.assign(document.createElement("link"), { rel: "modulepreload", href }));` +
    `const module = Object.assign(document.createElement("script"), { type: "module", nonce, textContent: ${scriptLiteral(body)} });` +
    `document.body.appendChild(module);` +
    `};` +
    `document.visibilityState === "hidden" ? go() : requestAnimationFrame(() => setTimeout(go));` +
    `}</script>`
  );
}

/** The head's `<link rel="modulepreload" ...>` tags removed, and their hrefs. */
function takePreloads(head: string): { head: string; hrefs: string[] } {
  const hrefs: string[] = [];
  const rest = head.replace(/<link rel="modulepreload" [^>]*>/g, (tag) => {
    const href = /\bhref="([^"]*)"/.exec(tag)?.[1];
    if (href) hrefs.push(href.replaceAll("&amp;", "&"));
    return "";
  });
  return { head: rest, hrefs };
}

/**
 * The document as React writes it, with the page's JavaScript requested after the first paint
 * instead of before it (decision 057). The browser then spends the first moments of a visit on the
 * document and its stylesheet alone; the scripts, which only make an already visible page
 * interactive, follow. The part of the document up to the end of React Router's bootstrap script
 * (the shell, which React writes at once) is held and rewritten; the rest streams through as it
 * comes. A document without that script is passed on unchanged.
 */
export function scriptsAfterPaint(onFinal: () => void): Transform {
  const held: Buffer[] = [];
  let heldLength = 0;
  let headEnd = -1;
  let bootstrapAt = -1;
  let passing = false;
  // The last bytes held before the current chunk: a marker cut by a chunk's end is found with the next.
  let tail: Buffer = Buffer.alloc(0);

  const release = (): Buffer => {
    const all = Buffer.concat(held, heldLength);
    held.length = 0;
    heldLength = 0;
    passing = true;
    return all;
  };

  return new Transform({
    transform(input: Buffer | string, _encoding, callback) {
      const chunk = typeof input === "string" ? Buffer.from(input) : input;
      if (passing) return callback(null, chunk);
      const chunkStart = heldLength;
      // A marker cut by the previous chunk's end: look in its last bytes and this chunk's first.
      const edge = tail.length ? Buffer.concat([tail, chunk.subarray(0, OVERLAP)]) : undefined;
      const find = (marker: Buffer, from: number) => {
        if (edge) {
          const at = edge.indexOf(marker, Math.max(0, from - (chunkStart - tail.length)));
          if (at !== -1) return chunkStart - tail.length + at;
        }
        const at = chunk.indexOf(marker, Math.max(0, from - chunkStart));
        return at === -1 ? -1 : chunkStart + at;
      };
      held.push(chunk);
      heldLength += chunk.length;
      if (headEnd === -1) headEnd = find(HEAD_END, 0);
      if (headEnd !== -1 && bootstrapAt === -1) bootstrapAt = find(BOOTSTRAP, headEnd);
      if (bootstrapAt !== -1) {
        const end = find(SCRIPT_END, bootstrapAt);
        if (end !== -1) return callback(null, rewrite(release(), headEnd, bootstrapAt, end + SCRIPT_END.length));
      }
      if (heldLength > MAX_HELD) return callback(null, release());
      tail =
        chunk.length >= OVERLAP
          ? Buffer.from(chunk.subarray(chunk.length - OVERLAP))
          : Buffer.concat([tail, chunk]).subarray(-OVERLAP);
      callback();
    },
    flush(callback) {
      onFinal();
      callback(null, passing || heldLength === 0 ? undefined : release());
    },
  });
}

function rewrite(all: Buffer, headEnd: number, bootstrapAt: number, scriptEnd: number): Buffer {
  const scriptStart = all.lastIndexOf(SCRIPT_START, bootstrapAt);
  if (scriptStart === -1 || scriptStart < headEnd) return all;
  const { head, hrefs } = takePreloads(all.subarray(0, headEnd).toString("latin1"));
  const script = deferBootstrap(all.subarray(scriptStart, scriptEnd).toString("utf8"), hrefs);
  if (script === undefined) return all;
  return Buffer.concat([
    Buffer.from(head, "latin1"),
    all.subarray(headEnd, scriptStart),
    Buffer.from(script, "utf8"),
    all.subarray(scriptEnd),
  ]);
}
