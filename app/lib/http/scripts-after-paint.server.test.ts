import vm from "node:vm";
import { describe, expect, it } from "vitest";
import { deferBootstrap, scriptsAfterPaint } from "./scripts-after-paint.server";

async function through(chunks: (string | Buffer)[]): Promise<string> {
  let finished = false;
  const stream = scriptsAfterPaint(() => (finished = true));
  const out: Buffer[] = [];
  stream.on("data", (chunk: Buffer) => out.push(chunk));
  const done = new Promise((resolve) => stream.on("end", resolve));
  for (const chunk of chunks) stream.write(typeof chunk === "string" ? Buffer.from(chunk) : chunk);
  stream.end();
  await done;
  expect(finished).toBe(true);
  return Buffer.concat(out).toString();
}

// The shape React Router's <Scripts> and React write (react-router's Scripts, React 19's hoisting).
const MODULE =
  ';\nimport * as route0 from "/assets/root-a.js";\nimport * as route1 from "/assets/home-b.js";\n' +
  '  window.__reactRouterManifest = {"note": "<b>é</b>"};\n' +
  '  window.__reactRouterRouteModules = {"root":route0,"routes/home":route1};\n\nimport("/assets/entry.client-c.js");';
const HEAD =
  '<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/><title>Grüße – Toolnest</title>' +
  '<link rel="modulepreload" href="/assets/entry.client-c.js" nonce="N0=="/><link rel="modulepreload" href="/assets/root-a.js" nonce="N0=="/>' +
  '<link rel="stylesheet" href="/assets/root.css"/></head>';
const BODY_START = '<body><h1>Grüße 👋</h1><p>&lt;link rel="modulepreload" href="/x.js"/&gt;</p>';
const CONTEXT = '<script nonce="N0==">window.__reactRouterContext = {};</script>';
const BOOTSTRAP = `<script nonce="N0==" type="module" async="">${MODULE}</script>`;
const AFTER = '<div hidden id="S:1"><p>late part</p></div><script nonce="N0==">$RC("B:1","S:1")</script></body></html>';
const PAGE = HEAD + BODY_START + CONTEXT + BOOTSTRAP + AFTER;

/** Runs a classic inline script against a minimal DOM; returns what it added and when. */
function runInline(html: string, visibilityState: "visible" | "hidden" = "visible") {
  const script = /<script nonce="([^"]*)">(\{const nonce[\s\S]*?)<\/script>/.exec(html);
  if (!script) throw new Error("no deferred bootstrap in the page");
  const head: Record<string, unknown>[] = [];
  const body: Record<string, unknown>[] = [];
  const frames: (() => void)[] = [];
  const timers: (() => void)[] = [];
  const document = {
    currentScript: { nonce: script[1] },
    visibilityState,
    createElement: (tagName: string) => ({ tagName }),
    head: { appendChild: (node: Record<string, unknown>) => head.push(node) },
    body: { appendChild: (node: Record<string, unknown>) => body.push(node) },
  };
  vm.runInNewContext(script[2]!, {
    document,
    requestAnimationFrame: (callback: () => void) => frames.push(callback),
    setTimeout: (callback: () => void) => timers.push(callback),
  });
  return { head, body, frames, timers };
}

describe("scriptsAfterPaint", () => {
  it("takes the module preloads out of the head and defers the bootstrap; every other byte stays", async () => {
    const html = await through([PAGE]);
    expect(html).not.toContain('<link rel="modulepreload" href="/assets/');
    expect(html.startsWith('<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/><title>Grüße – Toolnest</title><link rel="stylesheet" href="/assets/root.css"/></head>')).toBe(true);
    expect(html).toContain(BODY_START + CONTEXT + '<script nonce="N0==">{const nonce');
    expect(html.endsWith(`}</script>${AFTER}`)).toBe(true);
    // No static import is left for the browser to fetch while it parses the page.
    expect(html).not.toMatch(/<script[^>]*type="module"/);
  });

  it("adds the preloads and the unchanged bootstrap module, with the page's nonce, only after a painted frame", async () => {
    const { head, body, frames, timers } = runInline(await through([PAGE]));
    expect(head).toEqual([]);
    expect(body).toEqual([]);
    frames.shift()!();
    expect(body).toEqual([]); // the frame is being painted: still nothing
    timers.shift()!();
    expect(head).toEqual([
      { tagName: "link", rel: "modulepreload", href: "/assets/entry.client-c.js" },
      { tagName: "link", rel: "modulepreload", href: "/assets/root-a.js" },
    ]);
    expect(body).toEqual([{ tagName: "script", type: "module", nonce: "N0==", textContent: MODULE }]);
  });

  it("starts at once in a tab nobody sees (no frame is painted there)", async () => {
    const { body, frames } = runInline(await through([PAGE]), "hidden");
    expect(frames).toEqual([]);
    expect(body).toHaveLength(1);
  });

  it("gives the same page whatever the chunks, cut at any byte, even inside a UTF-8 character", async () => {
    const expected = await through([PAGE]);
    const bytes = Buffer.from(PAGE);
    for (let cut = 1; cut < bytes.length; cut += 7) {
      expect(await through([bytes.subarray(0, cut), bytes.subarray(cut)])).toBe(expected);
    }
    expect(await through([...bytes].map((byte) => Buffer.from([byte])))).toBe(expected);
  });

  it("streams what follows the bootstrap as it comes", async () => {
    const stream = scriptsAfterPaint(() => {});
    const out: string[] = [];
    stream.on("data", (chunk: Buffer) => out.push(chunk.toString()));
    stream.write(HEAD + BODY_START);
    stream.write(CONTEXT + BOOTSTRAP);
    await new Promise((resolve) => setImmediate(resolve));
    expect(out.join("")).toContain("{const nonce");
    stream.write("<p>later</p>");
    await new Promise((resolve) => setImmediate(resolve));
    expect(out.at(-1)).toBe("<p>later</p>");
    stream.end();
  });

  it("passes a page without React Router's bootstrap unchanged", async () => {
    const plain = "<html><head><title>x</title></head><body><script type=\"module\">import('/a.js')</script></body></html>";
    expect(await through([plain])).toBe(plain);
    expect(await through(["<html><head><link rel=\"modul"])).toBe('<html><head><link rel="modul');
    expect(await through([HEAD + BODY_START])).toBe(HEAD + BODY_START);
  });
});

describe("deferBootstrap", () => {
  it("keeps the module's text whole, with nothing in it that could end the inline script early", () => {
    const hostile = `<script nonce="n" type="module" async="">window.__reactRouterRouteModules = {}; const x = "</scr" + "ipt><!--";</script>`;
    const out = deferBootstrap(hostile, ["/a.js"])!;
    expect(out.slice(0, -"</script>".length)).not.toMatch(/<\/script|<!--/i);
    const { body } = runInline(out, "hidden");
    expect(body[0]!.textContent).toBe('window.__reactRouterRouteModules = {}; const x = "</scr" + "ipt><!--";');
  });

  it("leaves a script that is not the bootstrap alone", () => {
    expect(deferBootstrap('<script type="module">import("/a.js")</script>', [])).toBeUndefined();
    expect(deferBootstrap("<script>window.__reactRouterRouteModules = {}</script>", [])).toBeUndefined();
  });
});
