import { describe, expect, it } from "vitest";
import { lowPriorityModulePreloads } from "./module-preloads.server";

async function through(chunks: string[]): Promise<string> {
  let finished = false;
  const stream = lowPriorityModulePreloads(() => (finished = true));
  const out: Buffer[] = [];
  stream.on("data", (chunk: Buffer) => out.push(chunk));
  const done = new Promise((resolve) => stream.on("end", resolve));
  for (const chunk of chunks) stream.write(Buffer.from(chunk));
  stream.end();
  await done;
  expect(finished).toBe(true);
  return Buffer.concat(out).toString();
}

const HEAD = '<html><head><link rel="modulepreload" href="/a.js"/><meta charset="utf-8"/><link rel="modulepreload" href="/b.js" nonce="n"/></head>';
const EXPECTED = '<html><head><link rel="modulepreload" fetchpriority="low" href="/a.js"/><meta charset="utf-8"/><link rel="modulepreload" fetchpriority="low" href="/b.js" nonce="n"/></head>';
const BODY = '<body><p>Grüße</p><p>&lt;link rel="modulepreload" href="/x.js"/&gt; <link rel="modulepreload" href="/in-body.js"/></p></body></html>';

describe("lowPriorityModulePreloads", () => {
  it("marks every module preload in the head low priority, and nothing after it", async () => {
    expect(await through([HEAD + BODY])).toBe(EXPECTED + BODY);
  });

  it("finds a tag cut between chunks at any byte, and keeps every other byte as it was", async () => {
    const page = HEAD + BODY;
    for (let cut = 1; cut < HEAD.length + 10; cut++) {
      expect(await through([page.slice(0, cut), page.slice(cut)])).toBe(EXPECTED + BODY);
    }
    const bytes = [...page].map((c) => c);
    expect(await through(bytes)).toBe(EXPECTED + BODY);
  });

  it("passes a page without preloads, or one that ends inside a tag, unchanged", async () => {
    expect(await through(["<html><head></head><body>x</body></html>"])).toBe("<html><head></head><body>x</body></html>");
    expect(await through(["<html><head><link rel=\"modul"])).toBe('<html><head><link rel="modul');
  });
});
