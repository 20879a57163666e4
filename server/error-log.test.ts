/**
 * A real 5xx through the production server writes an error_log row (app/domain/error-log.server.ts):
 * a loader that throws (React Router's handleError in app/entry.server.tsx) and an API write that
 * throws on the server's fast path (the Express error handler in server/app.ts). Deliberate 4xx
 * answers are not errors.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { data, type ServerBuild } from "react-router";
import { queryRows } from "../tests/support/raw-rows";
import { getDb } from "~/db/registry.server";
import { resetErrorLogThrottle, type ErrorLogEntry } from "~/domain/error-log.server";
import { handleError } from "~/entry.server";
import { dataOnlyBuild, startDataServer } from "../tests/support/data-server";

let server: { base: string; close: () => Promise<unknown> };

beforeAll(async () => {
  const build = dataOnlyBuild([
    { id: "root", path: "", module: {} },
    {
      id: "routes/broken",
      parentId: "root",
      path: "broken",
      module: {
        loader: () => {
          throw new Error("broken loader: password=hunter2 for db postgres://app:pw@db.internal/app\n    at loader (broken.tsx:1:1)");
        },
      },
    },
    { id: "routes/missing", parentId: "root", path: "missing", module: { loader: () => { throw data("No such thing", { status: 404 }); } } },
    {
      id: "routes/api-broken",
      parentId: "root",
      path: "api/v1/broken",
      module: {
        action: () => {
          throw new RangeError("api write exploded");
        },
      },
    },
  ]);
  const withHandler = { ...build, entry: { module: { ...build.entry.module, handleError } } } as ServerBuild;
  server = await startDataServer(withHandler);
});

afterAll(() => server.close());

beforeEach(async () => {
  resetErrorLogThrottle();
  await getDb().execute(sql`delete from error_log`);
});

/** The rows written so far; recording is fire and forget, so wait a little for them. */
async function loggedErrors(expected: number): Promise<ErrorLogEntry[]> {
  let rows: ErrorLogEntry[] = [];
  for (let i = 0; i < 50; i += 1) {
    rows = await queryRows<ErrorLogEntry>(getDb(), sql`select method, path, status, message from error_log order by id`);
    if (rows.length >= expected) break;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return rows;
}

describe("server errors reach the error log", () => {
  it("records a loader that throws: method, path without query, status and the scrubbed first line", async () => {
    const response = await fetch(`${server.base}/broken?token=abc123&q=1`);
    expect(response.status).toBe(500);
    expect(await loggedErrors(1)).toEqual([
      { method: "GET", path: "/broken", status: 500, message: "broken loader: password=[redacted] for db postgres://[redacted]@db.internal/app" },
    ]);
  });

  it("records an API write that throws on the fast path", async () => {
    const response = await fetch(`${server.base}/api/v1/broken`, { method: "POST", body: "{}", headers: { "Content-Type": "application/json" } });
    expect(response.status).toBe(500);
    expect(await response.text()).toBe("Internal Server Error");
    expect(await loggedErrors(1)).toEqual([{ method: "POST", path: "/api/v1/broken", status: 500, message: "RangeError: api write exploded" }]);
  });

  it("does not record deliberate answers such as 404", async () => {
    expect((await fetch(`${server.base}/missing`)).status).toBe(404);
    expect((await fetch(`${server.base}/nowhere`)).status).toBe(404);
    // A later error is the only row: the 404s wrote nothing meanwhile.
    expect((await fetch(`${server.base}/broken`)).status).toBe(500);
    expect((await loggedErrors(1)).map((row) => row.path)).toEqual(["/broken"]);
  });
});
