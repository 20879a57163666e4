/** Issue 36, items 8, 9 and 11: one definition of an import's counts, and the server's rules for starting it. */
import { Readable } from "node:stream";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../../../tests/support/raw-rows";
import { getDb } from "~/db/registry.server";
import { type JobQueue, setJobQueue } from "~/lib/jobs/job-queue";
import { createUser } from "../../../../tests/factories";
import { cleanFixtures, HEADER, productRow, toCsv } from "../csv-fixtures";
import {
  countsSentence,
  importButtonLabel,
  importableRows,
} from "../catalog-import";
import { countImportRows } from "./counts.server";
import { startImport } from "../mutations/lifecycle.server";
import { stageUpload } from "../mutations/staging.server";

let admin: { id: string; email: string };
let nicheId = 0;
const enqueued: unknown[] = [];

beforeAll(async () => {
  const id = await createUser(getDb());
  admin = { id, email: `${id}@example.com` };
  const [niche] = await queryRows<{ id: number }>(
    getDb(),
    sql`select id from niches order by id limit 1`,
  );
  nicheId = niche!.id;
  setJobQueue({
    enqueue: async (_queue: string, data: unknown) => (
      enqueued.push(data),
      "job-1"
    ),
    cancel: async () => {},
  } as unknown as JobQueue);
});
afterAll(async () => {
  setJobQueue(undefined);
  await cleanFixtures();
});

const header = [...HEADER, "niche"];
/** Two rows with a niche in the file, two without, one invalid, one repeating the first; row 8 is excluded. */
async function stageMixed(prefix: string) {
  const rows = [
    productRow(
      { product_name: `${prefix} One`, niche: "Productivity" },
      header,
    ),
    productRow(
      { product_name: `${prefix} Two`, niche: "Productivity" },
      header,
    ),
    productRow({ product_name: `${prefix} Three` }, header),
    productRow({ product_name: `${prefix} Four` }, header),
    productRow({ product_name: "ab" }, header),
    productRow(
      { product_name: `${prefix} One`, niche: "Productivity" },
      header,
    ),
    productRow({ product_name: `${prefix} Left Out` }, header),
  ];
  const staged = await stageUpload(
    getDb(),
    admin,
    Readable.from([Buffer.from(toCsv(header, rows))]),
    { fileName: "mixed.csv" },
  );
  await getDb().execute(
    sql`update catalog_import_rows set excluded = true where import_id = ${staged.id} and row = 8`,
  );
  return staged.id;
}

async function record(id: number) {
  const [row] = await queryRows<{
    state: string;
    product_status: string;
    rows_to_import: number;
  }>(
    getDb(),
    sql`select state, product_status, rows_to_import from catalog_imports where id = ${id}`,
  );
  return row!;
}

describe("an import's counts", () => {
  it("puts every row in one class: ready, need a niche, duplicates, with problems, excluded", async () => {
    const id = await stageMixed("Counts Split");
    const counts = await countImportRows(getDb(), id, {});
    expect(counts).toEqual({
      total: 7,
      ready: 2,
      noNiche: 2,
      duplicates: 1,
      problems: 1,
      excluded: 1,
    });
    expect(countsSentence(counts)).toBe(
      "2 ready, 2 need a niche, 1 duplicates, 1 with problems, 1 excluded",
    );
    expect(importableRows(counts)).toBe(4); // live, refused while 2 need a niche
    // A niche for all rows makes every importable row ready.
    expect(
      await countImportRows(getDb(), id, {
        all: { nicheId, subcategoryId: null },
      }),
    ).toMatchObject({ ready: 4, noNiche: 0 });
    // A row's own niche makes that row ready.
    await getDb().execute(
      sql`update catalog_import_rows set mapping = ${JSON.stringify({ nicheId, subcategoryId: null })}::jsonb where import_id = ${id} and row = 4`,
    );
    expect(await countImportRows(getDb(), id, {})).toMatchObject({
      ready: 3,
      noNiche: 1,
    });
  });

  it("names the import button after its outcome", () => {
    expect(importButtonLabel(1333, "draft")).toBe("Import 1,333 as drafts");
    expect(importButtonLabel(1333, "live")).toBe("Publish 1,333 now");
    expect(importButtonLabel(1, "draft")).toBe("Import 1 as a draft");
  });
});

describe("starting an import", () => {
  it("refuses to publish rows without a niche, whatever the form sent, and leaves the import to map", async () => {
    const id = await stageMixed("Start Refused");
    const answer = await startImport(getDb(), admin, id, "live");
    expect(answer).toMatch(
      /^2 rows have no niche: a published product must show on a category page/,
    );
    expect(await record(id)).toMatchObject({ state: "mapping" });
  });

  it("imports rows without a niche as drafts, with the status chosen in the same form", async () => {
    const id = await stageMixed("Start Drafts");
    expect(await startImport(getDb(), admin, id, "draft")).toBe(true);
    expect(await record(id)).toEqual({
      state: "queued",
      product_status: "draft",
      rows_to_import: 4,
    });
  });

  it("publishes once every importable row has a niche", async () => {
    const id = await stageMixed("Start Live");
    await getDb().execute(
      sql`update catalog_imports set mapping = ${JSON.stringify({ all: { nicheId, subcategoryId: null } })}::jsonb where id = ${id}`,
    );
    expect(await startImport(getDb(), admin, id, "live")).toBe(true);
    expect(await record(id)).toEqual({
      state: "queued",
      product_status: "live",
      rows_to_import: 4,
    });
  });
});
