import { Readable } from "node:stream";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../../tests/support/raw-rows";
import { requestStarted } from "~/db/foreground.server";
import { getDb } from "~/db/registry.server";
import { InProcessJobQueue } from "~/lib/jobs/in-process.server";
import { setJobQueue } from "~/lib/jobs/job-queue";
import { createUser } from "../../../tests/factories";
import { cleanFixtures, csvLine, HEADER, productRow, toCsv } from "./csv-fixtures";
import { IMPORT_QUEUE, importJobHandler, runImport, type RunOptions } from "./jobs.server";
import { cancelImport, startImport } from "./mutations/lifecycle.server";
import { stageUpload } from "./mutations/staging.server";

let admin: { id: string; email: string };

beforeAll(async () => {
  const id = await createUser(getDb());
  admin = { id, email: `${id}@example.com` };
});
afterAll(cleanFixtures);

function stage(content: string | Buffer, fileName = "upload.csv") {
  return stageUpload(getDb(), admin, Readable.from([typeof content === "string" ? Buffer.from(content) : content]), { fileName });
}

async function importRecord(id: number) {
  const [row] = await queryRows<Record<string, unknown>>(getDb(), sql`select * from catalog_imports where id = ${id}`);
  return row!;
}

async function outcomes(id: number) {
  return queryRows<{ row: number; outcome: string | null; outcome_message: string | null; product_id: number | null }>(
    getDb(),
    sql`select row, outcome, outcome_message, product_id from catalog_import_rows where import_id = ${id} order by row`,
  );
}

async function productsNamed(prefix: string) {
  const [row] = await queryRows<{ n: number }>(getDb(), sql`select count(*)::int as n from products where product_name like ${prefix + "%"}`);
  return row!.n;
}

/**
 * Queues the import as Import would. Rows that would land live without a niche are refused
 * (issue 36): where neither the test nor the file chose a niche, the first niche is chosen for
 * all rows, as an admin must before publishing.
 */
async function queue(id: number) {
  await getDb().execute(
    sql`update catalog_imports set state = 'queued',
               mapping = case when mapping ? 'all' or exists (select 1 from catalog_import_rows r where r.import_id = ${id} and coalesce(r.cells->>'niche', '') <> '') then mapping
                              else coalesce(mapping, '{}'::jsonb) || jsonb_build_object('all', jsonb_build_object('nicheId', (select min(id) from niches))) end
         where id = ${id}`,
  );
}

/** Runs the import until a batch ending at `row` or later has committed, then stops it as a killed worker would. */
async function importUntilRow(id: number, row: number, options: Omit<RunOptions, "afterBatch" | "signal">) {
  const crash = new AbortController();
  return runImport(getDb(), id, { ...options, afterBatch: (done) => void (done >= row && crash.abort()), signal: crash.signal });
}

const named = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => productRow({ product_name: `${prefix} ${i + 1}` }));

describe("staging an upload", () => {
  it("stages every row with its problems and duplicates, and writes no product", async () => {
    const [first] = await queryRows<{ product_name: string; website_url: string }>(getDb(), sql`select product_name, website_url from products limit 1`);
    const rows = [
      productRow({ product_name: "Stage Alpha" }),
      productRow({ product_name: "ab" }),
      productRow({ product_name: "Stage Alpha", website_url: "https://other.example.org" }),
      productRow({ product_name: first!.product_name, website_url: first!.website_url }),
    ];
    const before = await productsNamed("Stage");
    const staged = await stage(toCsv(HEADER, rows) + ",,,,,,,\n");
    expect(staged).toMatchObject({ rows: 4, valid: 3, invalid: 1, empty: 1, duplicates: 2 });
    const stagedRows = await queryRows<{ row: number; messages: string[]; duplicate_of_row: number | null; duplicate_product_id: number | null }>(
      getDb(),
      sql`select row, messages, duplicate_of_row, duplicate_product_id from catalog_import_rows where import_id = ${staged.id} order by row`,
    );
    expect(stagedRows.map((r) => r.row)).toEqual([2, 3, 4, 5]);
    expect(stagedRows[1]!.messages).toEqual(["Product name must be at least 3 characters"]);
    expect(stagedRows[2]!.duplicate_of_row).toBe(2);
    expect(stagedRows[3]!.duplicate_product_id).not.toBeNull();
    expect((await importRecord(staged.id)).state).toBe("mapping");
    expect(await productsNamed("Stage")).toBe(before);
  });

  it("reads mixed line endings in one file (rows added in another editor)", async () => {
    const [header, ...rows] = [HEADER, ...named("Mixed Ending", 3)].map(csvLine);
    const staged = await stage(`${header}\r\n${rows[0]}\r\n${rows[1]}\n${rows[2]}\r`);
    expect(staged).toMatchObject({ rows: 3, valid: 3, invalid: 0 });
  });

  describe("a hostile-file corpus: each ends with a clear message and nothing staged", () => {
    const good = (n: number) => toCsv(HEADER, named("Hostile", n));
    const cases: [string, () => string | Buffer, RegExp | string, string?][] = [
      ["binary data named .csv", () => Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919) % 256)), /not valid UTF-8|UTF-16|Missing required fields/],
      ["a wrong delimiter", () => good(3).replaceAll(",", ";"), /^(Missing required fields: .*separated by ";"|Failed to parse CSV file\. Please check the file format\. \(row \d+: a quote inside a cell that is not quoted)/],
      ["a wrong delimiter, no quotes", () => "product_name;headline;tagline;description;pricing;website_url\nA;B;C;D;free;https://a.example\n", /^Missing required fields: .*separated by ";"/],
      [
        "an unclosed quote on row 50,000",
        () => {
          const line = csvLine(productRow({ product_name: "Quote Row" }));
          return HEADER.join(",") + "\n" + `${line}\n`.repeat(49_998) + `"Unclosed,${line}\n` + `${line}\n`.repeat(3);
        },
        /^Failed to parse CSV file\. Please check the file format\. \(row 50000: /,
      ],
      ["mixed encodings after a BOM", () => Buffer.concat([Buffer.from("\uFEFF" + good(2)), Buffer.from(csvLine(productRow({ product_name: "Caf\u00e9" })) + "\n", "latin1")]), /^The file is not valid UTF-8 \(near line 4\)/],
      ["UTF-16", () => Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(good(1), "utf16le")]), /UTF-16/],
      ["a 5 MB cell", () => toCsv(HEADER, [productRow({ description: "x".repeat(5 * 1024 * 1024) })]), /row 2 is larger than 1 MB/],
      ["a header row only", () => HEADER.join(",") + "\n", "No data found in CSV file"],
      ["only empty rows", () => HEADER.join(",") + "\n,,,,,,,\n,,,,,,,\n", "No valid data found in CSV file"],
      ["an empty file", () => "", "No data found in CSV file"],
      ["not a .csv name", () => good(1), "Please upload a valid CSV file", "products.xlsx"],
    ];
    for (const [name, content, message, fileName] of cases) {
      it(name, async () => {
        const error = await stage(content(), fileName).then(
          () => null,
          (e: unknown) => e as Error,
        );
        expect(error?.message).toMatch(typeof message === "string" ? new RegExp(`^${message.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`) : message);
        const [left] = await queryRows<{ n: number }>(
          getDb(),
          sql`select count(*)::int as n from catalog_import_rows r join catalog_imports i on i.id = r.import_id where i.state <> 'mapping'`,
        );
        expect(left!.n).toBe(0);
      }, 60_000);
    }

    it("10,000 columns, duplicate header names, formula cells, HTML and javascript: URLs: staged with warnings and row problems", async () => {
      const extra = Array.from({ length: 10_000 - HEADER.length - 1 }, (_, i) => `extra_${i}`);
      const header = [...HEADER, "product_name", ...extra];
      const rows = [
        [...productRow({ product_name: "=HYPERLINK(\"http://evil.example\")", description: `<p>${"Safe text. ".repeat(6)}</p><script>alert(1)</script>` }), "dup", ...extra.map(() => "")],
        [...productRow({ product_name: "Script Link", website_url: "javascript:alert(1)" }), "dup", ...extra.map(() => "")],
      ];
      const staged = await stage(toCsv(header, rows));
      expect(staged.warnings.join(" ")).toContain("The column product_name appears more than once; the first one is used.");
      expect(staged.warnings.join(" ")).toMatch(/Ignored unknown columns: extra_0, .* and \d+ more/);
      expect(staged).toMatchObject({ rows: 2, valid: 1, invalid: 1 });
    });
  });
});

describe("the import job", () => {
  it("imports the ready rows with the mapping, records each row's outcome, and skips the rest", async () => {
    const [niche] = await queryRows<{ id: number; name: string }>(getDb(), sql`select id, name from niches order by id limit 1`);
    const rows = [...named("Mapped", 3), productRow({ product_name: "no" }), productRow({ product_name: "Excluded One" })];
    const staged = await stage(toCsv(HEADER, rows));
    await getDb().execute(sql`update catalog_import_rows set excluded = true where import_id = ${staged.id} and row = 6`);
    await getDb().execute(sql`update catalog_imports set mapping = ${JSON.stringify({ all: { nicheId: niche!.id } })}::jsonb where id = ${staged.id}`);
    await queue(staged.id);
    expect(await runImport(getDb(), staged.id, { batchSize: 2 })).toBe("completed");
    const result = await outcomes(staged.id);
    expect(result.map((r) => r.outcome)).toEqual(["imported", "imported", "imported", "invalid", "excluded"]);
    expect(await importRecord(staged.id)).toMatchObject({ state: "completed", rows_done: 5, rows_imported: 3, rows_skipped: 1, rows_failed: 1 });
    const placed = await queryRows<{ niche_id: number }>(getDb(), sql`select niche_id from product_niches where product_id = ${result[0]!.product_id}`);
    expect(placed).toEqual([{ niche_id: niche!.id }]);
    const [audit] = await queryRows<{ action: string }>(getDb(), sql`select action from audit_log where entity_type = 'import' and entity_id = ${String(staged.id)} order by id desc limit 1`);
    expect(audit!.action).toBe("import.complete");
  });

  it("places rows by row, then group, then all rows, then the file's own niche", async () => {
    const [a, b, c] = await queryRows<{ id: number; name: string }>(getDb(), sql`select id, name from niches order by id limit 3`);
    const header = [...HEADER, "niche", "subcategory"];
    const rows = [
      productRow({ product_name: "Zq Place Row", niche: "Group Niche" }, header),
      productRow({ product_name: "Zq Place Group", niche: "group niche " }, header),
      productRow({ product_name: "Zq Place All" }, header),
      productRow({ product_name: "Zq Place File", niche: "Zq Brand New Niche" }, header),
    ];
    const staged = await stage(toCsv(header, rows));
    const mapping = { all: { nicheId: c!.id }, groups: { "group niche / ": { nicheId: b!.id } } };
    await getDb().execute(sql`update catalog_imports set mapping = ${JSON.stringify(mapping)}::jsonb where id = ${staged.id}`);
    await getDb().execute(sql`update catalog_import_rows set mapping = ${JSON.stringify({ nicheId: a!.id })}::jsonb where import_id = ${staged.id} and row = 2`);
    // "All rows" outranks the file's own niche column (the file's niche counts only where nothing was chosen).
    await queue(staged.id);
    expect(await runImport(getDb(), staged.id)).toBe("completed");
    const placed = await queryRows<{ name: string; niche: string }>(getDb(), sql`
      select p.product_name as name, n.name as niche from products p
      join product_niches pn on pn.product_id = p.id join niches n on n.id = pn.niche_id
      where p.product_name like 'Zq Place %' order by p.product_name`);
    expect(placed).toEqual([
      { name: "Zq Place All", niche: c!.name },
      { name: "Zq Place File", niche: c!.name },
      { name: "Zq Place Group", niche: b!.name },
      { name: "Zq Place Row", niche: a!.name },
    ]);
  });

  it("a worker killed mid-import: the rows that landed are known exactly, and its job run again finishes the rest once", async () => {
    const staged = await stage(toCsv(HEADER, named("Zq Resume", 10)));
    await queue(staged.id);
    const first = await importUntilRow(staged.id, 7, { batchSize: 3, worker: "job:1" });
    expect(first).toBe("stopped");
    const landed = (await outcomes(staged.id)).filter((r) => r.outcome === "imported");
    expect(landed.map((r) => r.row)).toEqual([2, 3, 4, 5, 6, 7]);
    expect(await productsNamed("Zq Resume")).toBe(6);
    // The claim is the job's: another job cannot take the import...
    expect(await runImport(getDb(), staged.id, { worker: "job:2" })).toBe("not-claimed");
    // ...and the same job, run again by its runner (a restart, or a retry once its lease lapsed), continues it.
    expect(await runImport(getDb(), staged.id, { worker: "job:1" })).toBe("completed");
    expect(await productsNamed("Zq Resume")).toBe(10);
    expect(await importRecord(staged.id)).toMatchObject({ state: "completed", rows_imported: 10 });
  });

  it("cancel stops between batches: what landed stays, the rest is not imported", async () => {
    const staged = await stage(toCsv(HEADER, named("Zq Cancelled", 6)));
    await queue(staged.id);
    await getDb().execute(sql`update catalog_imports set state = 'running', worker = 'w' where id = ${staged.id}`);
    setJobQueue({ cancel: async () => {} } as never);
    const outcome = await runImport(getDb(), staged.id, {
      batchSize: 2,
      worker: "w",
      afterBatch: async (row) => {
        if (row === 3) await cancelImport(getDb(), admin, staged.id);
      },
      signal: AbortSignal.timeout(60_000),
    });
    setJobQueue(undefined);
    expect(outcome).toBe("cancelled");
    const record = await importRecord(staged.id);
    expect(record).toMatchObject({ state: "cancelled", cancel_requested: true, rows_imported: 2 });
    expect(await productsNamed("Zq Cancelled")).toBe(2);
    expect((await outcomes(staged.id)).map((r) => r.outcome)).toEqual(["imported", "imported", null, null, null, null]);
  });

  it("the in-process queue runs a job after Proceed, and a restart resumes a job left active", async () => {
    const jobs = new InProcessJobQueue(getDb());
    await jobs.start();
    await jobs.work(IMPORT_QUEUE, importJobHandler(() => getDb(), { batchSize: 2 }), { pollMs: 100 });
    setJobQueue(jobs);
    try {
      const staged = await stage(toCsv(HEADER, named("Queued", 4)));
      expect(await startImport(getDb(), admin, staged.id, "draft")).toBe(true);
      for (let i = 0; i < 100 && (await importRecord(staged.id)).state !== "completed"; i++) await new Promise((r) => setTimeout(r, 100));
      expect(await importRecord(staged.id)).toMatchObject({ state: "completed", rows_imported: 4 });
      // The queue marks its job done once the handler has returned, a moment after the import's own record.
      const jobState = async () =>
        (await queryRows<{ state: string }>(getDb(), sql`select state from jobs where queue = ${IMPORT_QUEUE} order by id desc limit 1`))[0]?.state;
      for (let i = 0; i < 50 && (await jobState()) !== "completed"; i++) await new Promise((r) => setTimeout(r, 50));
      expect(await jobState()).toBe("completed");
    } finally {
      await jobs.stop();
      setJobQueue(undefined);
    }
    // A job that was active when its process died goes back to the queue at the next start.
    await getDb().execute(sql`insert into jobs (queue, data, state) values ('test-queue', '{"n": 1}', 'active')`);
    const again = new InProcessJobQueue(getDb());
    await again.start();
    const seen: unknown[] = [];
    await again.work("test-queue", async (job) => void seen.push(job.data), { pollMs: 50 });
    for (let i = 0; i < 50 && !seen.length; i++) await new Promise((r) => setTimeout(r, 50));
    await again.stop();
    expect(seen).toEqual([{ n: 1 }]);
  });
});

describe("the import job's writing (decision 042)", () => {
  const TAXONOMY_HEADER = [...HEADER, "niche", "subcategory"];

  it("batches written two at a time: every row once, its own niche created once, and a crash leaves exactly the rows with an outcome", async () => {
    const rows = Array.from({ length: 23 }, (_, i) =>
      productRow({ product_name: `Zq Pair Write ${i + 1}`, niche: i % 2 ? "Zq Pair Niche" : "Zq Pair Other", subcategory: "Zq Pair Sub" }, TAXONOMY_HEADER),
    );
    const staged = await stage(toCsv(TAXONOMY_HEADER, rows));
    await queue(staged.id);
    const first = await importUntilRow(staged.id, 12, { batchSize: 3, concurrency: 2, worker: "pair" });
    expect(first).toBe("stopped");
    // Whatever was in flight when it stopped: a product exists exactly for each row marked imported.
    const landed = (await outcomes(staged.id)).filter((r) => r.outcome === "imported");
    expect(landed.length).toBeGreaterThan(0);
    expect(landed.length).toBeLessThan(23);
    expect(await productsNamed("Zq Pair Write")).toBe(landed.length);
    const ids = await queryRows<{ id: number }>(getDb(), sql`select id from products where product_name like 'Zq Pair Write%'`);
    expect(new Set(ids.map((p) => p.id))).toEqual(new Set(landed.map((r) => r.product_id)));

    expect(await runImport(getDb(), staged.id, { batchSize: 3, concurrency: 2, worker: "pair" })).toBe("completed");
    expect(await productsNamed("Zq Pair Write")).toBe(23);
    expect(await importRecord(staged.id)).toMatchObject({ state: "completed", rows_imported: 23 });
    const niches = await queryRows<{ name: string; n: number }>(
      getDb(),
      sql`select n.name, count(pn.product_id)::int as n from niches n left join product_niches pn on pn.niche_id = n.id
          where n.name like 'Zq Pair%' group by n.name order by n.name`,
    );
    expect(niches).toEqual([
      { name: "Zq Pair Niche", n: 11 },
      { name: "Zq Pair Other", n: 12 },
    ]);
    const [subs] = await queryRows<{ n: number; linked: number }>(
      getDb(),
      sql`select count(distinct s.id)::int as n, count(ps.product_id)::int as linked
          from subcategories s left join product_subcategories ps on ps.subcategory_id = s.id where s.name = 'Zq Pair Sub'`,
    );
    expect(subs).toEqual({ n: 1, linked: 23 });
  });

  it("a product added after the upload is skipped as already in the catalogue, by slug or by website and name", async () => {
    const bySlug = productRow({ product_name: "Zq Late Slug" });
    const byWebsite = productRow({ product_name: "Zq Late Site", website_url: "https://www.zq-late-site.example.com/home" });
    const fresh = productRow({ product_name: "Zq Late Fresh" });
    const staged = await stage(toCsv(HEADER, [bySlug, byWebsite, fresh]));
    await queue(staged.id);
    await getDb().execute(sql`insert into products (product_name, slug, tagline, description, website_url, pricing, status)
      values ('Zq Late Slug (theirs)', 'zq-late-slug', 't', 'd', 'https://elsewhere.example.com', 'free', 'live'),
             ('ZQ LATE SITE', 'zq-late-site-theirs', 't', 'd', 'https://zq-late-site.example.com', 'free', 'live')`);
    expect(await runImport(getDb(), staged.id, { batchSize: 10 })).toBe("completed");
    expect((await outcomes(staged.id)).map((r) => [r.row, r.outcome, r.outcome_message])).toEqual([
      [2, "duplicate", "Already in the catalogue"],
      [3, "duplicate", "Already in the catalogue"],
      [4, "imported", null],
    ]);
    expect(await productsNamed("Zq Late Fresh")).toBe(1);
  });

  it("giving way to requests that never stop, it still writes rows many to a transaction", { timeout: 60_000 }, async () => {
    const staged = await stage(toCsv(HEADER, named("Zq Steady Traffic", 120)));
    await queue(staged.id);
    // A request always being answered, and queries that keep the database busy: each of the
    // import's statements waits behind one, as behind a page's on the embedded database.
    const ended = requestStarted();
    let stop = false;
    const traffic = (async () => {
      while (!stop) {
        await getDb().execute(sql`select pg_sleep(0.005)`);
        await new Promise((resolve) => setImmediate(resolve)); // Requests arrive through the event loop.
      }
    })();
    try {
      expect(await runImport(getDb(), staged.id, { batchSize: 200, yieldToRequests: true })).toBe("completed");
    } finally {
      stop = true;
      ended();
      await traffic;
    }
    expect(await productsNamed("Zq Steady Traffic")).toBe(120);
    // A transaction's rows share its now(): at least 20 rows in each (it fell to one row a transaction).
    const [written] = await queryRows<{ transactions: number }>(
      getDb(),
      sql`select count(distinct created_at)::int as transactions from products where product_name like 'Zq Steady Traffic %'`,
    );
    expect(written!.transactions).toBeLessThanOrEqual(6);
  });
});
