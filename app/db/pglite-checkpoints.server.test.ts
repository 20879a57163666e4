import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { tempDirs } from "../../tests/support/temp-dirs";
import { queryRows } from "../../tests/support/raw-rows";
import { openPglite } from "./pglite.server";
import { walSinceCheckpoint } from "./pglite-checkpoints.server";

const temp = tempDirs("toolnest-checkpoints-");
afterEach(temp.removeAll);

const MB = 1024 * 1024;

/** Polls `check` until it holds, at most `ms`: the checkpointer runs on its own timer. */
async function until(check: () => Promise<boolean>, ms: number) {
  for (const started = Date.now(); Date.now() - started < ms; await new Promise((r) => setTimeout(r, 200))) {
    if (await check()) return true;
  }
  return false;
}

describe("the embedded database's checkpoints", { timeout: 120_000 }, () => {
  it("keeps the WAL a crash would replay bounded while writes go on", async () => {
    const handle = await openPglite({ dataDir: temp.make(), purpose: "checkpoint test" });
    try {
      const query = async (text: string) => ({ rows: await queryRows<unknown>(handle.db, sql.raw(text)) });
      await handle.db.execute(sql`create table filler (id serial primary key, body text)`);
      // About 100 MB of WAL, in the import's pattern of many separate transactions.
      for (let round = 0; round < 25; round++) {
        await handle.db.execute(sql`insert into filler (body) select string_agg(md5(random()::text), '') from generate_series(1, 100000) g group by g % 1000`);
      }
      expect(await walSinceCheckpoint(query)).toBeGreaterThan(0);
      // Without checkpoints every byte since the database was created would wait for replay.
      const bounded = await until(async () => (await walSinceCheckpoint(query)) < 64 * MB, 60_000);
      expect(bounded, "the WAL since the last checkpoint fell under 64 MB").toBe(true);
    } finally {
      await handle.close();
    }
  });
});
