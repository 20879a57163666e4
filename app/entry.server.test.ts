import { Writable } from "node:stream";
import pino from "pino";
import { afterEach, describe, expect, it } from "vitest";
import { handleError } from "./entry.server";
import { setLogger } from "~/lib/logger.server";

/** The structured log as parsed lines, captured for one test. */
function captureLog() {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split("\n").filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  setLogger(pino({ level: "info" }, sink));
  return lines;
}

afterEach(() => {
  setLogger(undefined);
});

const args = (request: Request) => ({ request, params: {}, context: {} }) as never;

describe("React Router errors in the structured log", () => {
  it("logs a failure as one JSON line with the error and the address", async () => {
    const lines = captureLog();
    handleError(new Error("database unreachable"), args(new Request("http://localhost/resources/notion")));
    await new Promise((resolve) => setImmediate(resolve));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 50, msg: "request error", url: "http://localhost/resources/notion", err: { message: "database unreachable" } });
  });

  it("logs a refused cross-site form post as a warning without a stack", async () => {
    const lines = captureLog();
    const request = new Request("http://localhost/auth/dev", { method: "POST", headers: { Origin: "https://evil.example" } });
    handleError(new Error("The `request.url` origin does not match `origin` header from a forwarded action request. Aborting the action."), args(request));
    await new Promise((resolve) => setImmediate(resolve));
    expect(lines).toEqual([expect.objectContaining({ level: 40, msg: "cross-site form post refused", origin: "https://evil.example", method: "POST" })]);
    expect(lines[0]).not.toHaveProperty("err");
  });

  it("stays quiet when the visitor went away", async () => {
    const lines = captureLog();
    const controller = new AbortController();
    controller.abort();
    handleError(new Error("aborted"), args(new Request("http://localhost/", { signal: controller.signal })));
    await new Promise((resolve) => setImmediate(resolve));
    expect(lines).toEqual([]);
  });
});
