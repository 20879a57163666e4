import fs from "node:fs";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { openDatabase, queryRows, type DatabaseHandle } from "~/db/client.server";
import { niches } from "~/db/schema";
import { PgliteWorkerClient, pgliteWorkerWanted } from "./pglite-worker.server";
import { tempDirs } from "../../tests/support/temp-dirs";

const temp = tempDirs("toolnest-pglite-worker-");
afterAll(temp.removeAll);

/** PostgreSQL's fields, wherever drizzle put the driver's error (itself or its cause). */
function pgError(error: unknown) {
  for (let e = error as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code) return e as { code: string; constraint?: string; detail?: string; table?: string; message: string };
  }
  throw new Error(`no PostgreSQL error in ${String(error)}`);
}

async function slugs(db: DatabaseHandle["db"], prefix: string) {
  const rows = await db.select({ slug: niches.slug }).from(niches).where(sql`${niches.slug} like ${`${prefix}%`}`).orderBy(niches.slug);
  return rows.map((row) => row.slug);
}

describe("the PGLITE_WORKER switch", () => {
  it("uses the worker only when turned on, or with `auto` on a machine with a core to spare", () => {
    expect(pgliteWorkerWanted(undefined, 8)).toBe(false);
    expect(pgliteWorkerWanted("off", 8)).toBe(false);
    expect(pgliteWorkerWanted("on", 1)).toBe(true);
    expect(pgliteWorkerWanted(" ON", 2)).toBe(true);
    expect(pgliteWorkerWanted("auto", 2)).toBe(true);
    expect(pgliteWorkerWanted("auto", 1)).toBe(false);
  });
});

describe("the file database in a worker thread", { timeout: 120_000 }, () => {
  const dataDir = temp.make();
  let handle: DatabaseHandle;
  const previous = process.env.PGLITE_WORKER;

  beforeAll(async () => {
    process.env.PGLITE_WORKER = "on";
    handle = await openDatabase({ dataDir, purpose: "the worker test" });
    await handle.migrate();
  });

  afterAll(async () => {
    await handle?.close();
    process.env.PGLITE_WORKER = previous;
  });

  it("runs the migrations through the worker", async () => {
    expect((handle.db as unknown as { $client: unknown }).$client).toBeInstanceOf(PgliteWorkerClient);
    const journal = JSON.parse(fs.readFileSync(path.resolve("app/db/migrations/meta/_journal.json"), "utf8")) as { entries: unknown[] };
    const [applied] = await queryRows<{ n: number }>(handle.db, sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
    expect(applied?.n).toBe(journal.entries.length);
    expect(fs.existsSync(path.join(dataDir, "pgdata", ".toolnest-ready"))).toBe(true);
    expect(await handle.ping()).toBe(true);
  });

  it("answers many concurrent queries each with its own result", async () => {
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => queryRows<{ n: number; s: string }>(handle.db, sql`select ${i}::int as n, ${`q${i}`}::text as s`)),
    );
    expect(answers.map((rows) => rows[0])).toEqual(Array.from({ length: 40 }, (_, i) => ({ n: i, s: `q${i}` })));
  });

  it("keeps a unique violation's code and constraint", async () => {
    await handle.db.insert(niches).values({ name: "Dup one", slug: "dup" });
    const error = await handle.db.insert(niches).values({ name: "Dup two", slug: "dup" }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(Error);
    const pg = pgError(error);
    expect(pg).toMatchObject({ code: "23505", constraint: "niches_slug_unique", table: "niches" });
    expect(pg.detail).toContain("(slug)=(dup)");
  });

  it("leaves nothing behind a rolled-back transaction", async () => {
    await expect(
      handle.db.transaction(async (tx) => {
        await tx.insert(niches).values({ name: "Rolled back", slug: "rb-1" });
        expect(await slugs(tx, "rb-")).toEqual(["rb-1"]);
        throw new Error("changed my mind");
      }),
    ).rejects.toThrow("changed my mind");
    expect(await slugs(handle.db, "rb-")).toEqual([]);
  });

  it("makes a query from elsewhere wait for an open transaction and then see what it committed", async () => {
    let inserted!: () => void;
    const insertedOnce = new Promise<void>((resolve) => (inserted = resolve));
    let finish!: () => void;
    const gate = new Promise<void>((resolve) => (finish = resolve));
    const transaction = handle.db.transaction(async (tx) => {
      await tx.insert(niches).values({ name: "Waited for", slug: "wait-1" });
      inserted();
      await gate;
      await tx.insert(niches).values({ name: "Waited for too", slug: "wait-2" });
    });
    await insertedOnce;
    let answered = false;
    const outside = slugs(handle.db, "wait-").then((found) => {
      answered = true;
      return found;
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(answered).toBe(false);
    finish();
    await transaction;
    expect(await outside).toEqual(["wait-1", "wait-2"]);
  });

  it("rolls back a nested transaction (savepoint) alone and goes on after a failed statement in it", async () => {
    await handle.db.transaction(async (tx) => {
      await tx.insert(niches).values({ name: "Outer", slug: "sp-outer" });
      await expect(
        tx.transaction(async (sp) => {
          await sp.insert(niches).values({ name: "Inner", slug: "sp-inner" });
          throw new Error("inner only");
        }),
      ).rejects.toThrow("inner only");
      // As save-product.server.ts does: a unique violation inside a savepoint, then another try.
      const error = await tx
        .transaction((sp) => sp.insert(niches).values({ name: "Outer again", slug: "sp-outer" }))
        .then(() => undefined, (e: unknown) => e);
      expect(pgError(error).code).toBe("23505");
      await tx.insert(niches).values({ name: "After", slug: "sp-after" });
    });
    expect(await slugs(handle.db, "sp-")).toEqual(["sp-after", "sp-outer"]);
  });

  it("refuses query options it cannot pass to the thread", async () => {
    const client = (handle.db as unknown as { $client: PgliteWorkerClient }).$client;
    await expect(client.query("select 1", [], { parsers: { 23: (value: string) => Number(value) + 1 } })).rejects.toThrow(/only drizzle's parsers/);
    // Without drizzle's parsers a timestamp comes back as PGlite parses it by default: a Date.
    const result = await client.query<{ at: unknown }>("select '2024-01-02 03:04:05+00'::timestamptz as at");
    expect(result.rows[0]?.at).toEqual(new Date("2024-01-02T03:04:05Z"));
  });

  it("returns dates as the same strings as in-process, and close releases the data directory", async () => {
    await handle.db.insert(niches).values({ name: "Dated", slug: "dated", created_at: new Date("2024-05-06T07:08:09.123Z") });
    const read = async (db: DatabaseHandle["db"]) => ({
      drizzle: await db.select({ created: niches.created_at, updated: niches.updated_at }).from(niches).where(eq(niches.slug, "dated")),
      raw: await queryRows<{ created_at: unknown }>(
        db,
        sql`select created_at, created_at::date as day, interval '1 day 2 hours' as span, array[created_at] as list from niches where slug = 'dated'`,
      ),
    });
    const throughWorker = await read(handle.db);
    expect(throughWorker.drizzle[0]?.created).toEqual(new Date("2024-05-06T07:08:09.123Z"));
    expect(throughWorker.raw[0]?.created_at).toBe("2024-05-06 07:08:09.123+00");

    await handle.close();
    expect(fs.existsSync(path.join(dataDir, "toolnest.lock"))).toBe(false);

    process.env.PGLITE_WORKER = "off";
    const inProcess = await openDatabase({ dataDir, purpose: "the worker test, in-process" });
    try {
      expect((inProcess.db as unknown as { $client: unknown }).$client).not.toBeInstanceOf(PgliteWorkerClient);
      expect(await read(inProcess.db)).toEqual(throughWorker);
    } finally {
      await inProcess.close();
    }
    process.env.PGLITE_WORKER = "on";
    handle = await openDatabase({ dataDir, purpose: "the worker test, again" });
    expect(await slugs(handle.db, "dated")).toEqual(["dated"]);
  });
});

describe("a worker thread that stops on its own", { timeout: 60_000 }, () => {
  it("rejects the queries waiting for it and reports its death once", async () => {
    const onDeath = vi.fn();
    const client = await PgliteWorkerClient.open(temp.make(), { onDeath });
    const waiting = client.query("select pg_sleep(2)");
    await new Promise((resolve) => setTimeout(resolve, 100));
    await client.worker.terminate();
    await expect(waiting).rejects.toThrow(/thread exited/);
    await expect(client.query("select 1")).rejects.toThrow(/thread exited/);
    expect(onDeath).toHaveBeenCalledTimes(1);
    expect(client.closed).toBe(true);
  });
});
