import path from "node:path";
import { Readable } from "node:stream";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { queryRows } from "../../../tests/support/raw-rows";
import { getDb } from "~/db/registry.server";
import { catalogDir } from "~/domain/catalog-dir.server";
import { CsvImportError, importCatalogCsv, type ImportReport } from "./csv-import.server";
import { cleanFixtures, csvLine, HEADER, LONG_DESCRIPTION, opener, productRow, toCsv, writeFixture } from "./csv-fixtures";

afterAll(cleanFixtures);

async function countProducts() {
  const [row] = await queryRows<{ n: number }>(getDb(), sql`select count(*)::int as n from products`);
  return Number(row?.n);
}

async function product(name: string) {
  const [row] = await queryRows<{ id: number; slug: string; website_url: string; pricing: string; tags: string[]; status: string }>(
    getDb(),
    sql`select id, slug, website_url, pricing, tags, status from products where product_name = ${name}`,
  );
  return row;
}

async function placements(productId: number) {
  return queryRows<{ niche: string; subcategory: string | null; niche_status: string }>(getDb(), sql`
    select n.name as niche, n.status as niche_status, s.name as subcategory
    from product_niches pn join niches n on n.id = pn.niche_id
    left join product_subcategories ps on ps.product_id = pn.product_id
    left join subcategories s on s.id = ps.subcategory_id
    where pn.product_id = ${productId}`);
}

function importFile(name: string, content: string | Buffer, options: Parameters<typeof importCatalogCsv>[2] = {}) {
  const file = writeFixture(name, content);
  return importCatalogCsv(getDb(), opener(file), { fileName: name, ...options });
}

/** Imports a file that must be refused; returns the message and checks nothing was written. */
async function refused(name: string, content: string | Buffer): Promise<string> {
  const before = await countProducts();
  const error = await importFile(name, content).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(CsvImportError);
  expect(await countProducts()).toBe(before);
  return (error as Error).message;
}

describe("catalogue CSV import", () => {
  it("skips every row of the demo products.csv: they are all in the catalogue already", async () => {
    const before = await countProducts();
    const file = path.join(catalogDir, "products.csv");
    const report = await importCatalogCsv(getDb(), opener(file), { fileName: "products.csv", batchSize: 400 });
    expect(report).toMatchObject({ rows: 3198, imported: 0, skippedDuplicates: 3198, invalidRows: 0, errors: [] });
    expect(await countProducts()).toBe(before);
  });

  it("imports new rows live, in a named existing niche and subcategory or in a new niche it creates", async () => {
    const [existing] = await queryRows<{ niche: string; subcategory: string }>(getDb(), sql`
      select n.name as niche, s.name as subcategory from niche_subcategories ns
      join niches n on n.id = ns.niche_id join subcategories s on s.id = ns.subcategory_id
      order by n.id, s.id limit 1`);
    if (!existing) throw new Error("the demo catalogue has no niche with a subcategory");
    const header = [...HEADER, "niche", "subcategory"];
    const rows = [
      productRow({ product_name: "Orbital Notes", niche: existing.niche.toUpperCase(), subcategory: existing.subcategory }, header),
      productRow({ product_name: "Qubit Garden", niche: "Quantum Computing", subcategory: "Qubit Simulators" }, header),
      productRow({ product_name: "Plain Lantern" }, header),
    ];
    const report = await importFile("placed.csv", toCsv(header, rows));
    expect(report).toMatchObject({ rows: 3, imported: 3, skippedDuplicates: 0, invalidRows: 0, createdNiches: 1, createdSubcategories: 1 });

    const orbital = (await product("Orbital Notes"))!;
    expect(orbital.status).toBe("live");
    expect(orbital.slug).toBe("orbital-notes");
    expect(await placements(orbital.id)).toEqual([{ niche: existing.niche, niche_status: "published", subcategory: existing.subcategory }]);
    const qubit = (await product("Qubit Garden"))!;
    expect(await placements(qubit.id)).toEqual([{ niche: "Quantum Computing", niche_status: "published", subcategory: "Qubit Simulators" }]);
    const link = await queryRows(getDb(), sql`
      select 1 from niche_subcategories ns join niches n on n.id = ns.niche_id join subcategories s on s.id = ns.subcategory_id
      where n.name = 'Quantum Computing' and s.name = 'Qubit Simulators'`);
    expect(link).toHaveLength(1);
    expect(await placements((await product("Plain Lantern"))!.id)).toEqual([]);
  });

  it("accepts link instead of website_url, adds https:// to a URL without a scheme, imports with the asked status", async () => {
    const header = ["Product_Name", "headline", "tagline", "description", "pricing", "link"];
    const report = await importFile(
      "link.csv",
      toCsv(header, [["Harbor Metrics", "Metrics for every harbor", "", LONG_DESCRIPTION, "paid", "harbor-metrics.example.org/start"]]),
      { status: "draft" },
    );
    expect(report.imported).toBe(1);
    expect(await product("Harbor Metrics")).toMatchObject({
      website_url: "https://harbor-metrics.example.org/start",
      pricing: "paid",
      status: "draft",
    });
  });

  it("keeps the safe HTML of a description and drops scripts; plain text is stored as written", async () => {
    const html = `<p>${LONG_DESCRIPTION} <strong>Fast</strong></p><script>alert(1)</script><a href="javascript:x()">x</a>`;
    const plain = `${LONG_DESCRIPTION} Tom & Jerry say 2 > 1.`;
    await importFile(
      "html.csv",
      toCsv(HEADER, [productRow({ product_name: "Html Describer", description: html }), productRow({ product_name: "Plain Describer", description: plain })]),
    );
    const [row] = await queryRows<{ description: string }>(getDb(), sql`select description from products where product_name = 'Html Describer'`);
    expect(row?.description).toContain("<strong>Fast</strong>");
    expect(row?.description).not.toMatch(/script|javascript/);
    const [text] = await queryRows<{ description: string }>(getDb(), sql`select description from products where product_name = 'Plain Describer'`);
    expect(text?.description).toBe(plain);
  });

  it("stores every value exactly as written (quotes, backslashes, braces, commas, NULL as text, empty cells), with its counters row", async () => {
    const tricky = `He said "hi" \\ then {left}, {right} and NULL ${LONG_DESCRIPTION}`;
    const topics = `say "hi", back\\slash, {braces}, NULL, ünïcødé`;
    const report = await importFile(
      "tricky.csv",
      toCsv(HEADER, [
        productRow({ product_name: `Quote "Keeper" {x}`, description: tricky, topics, tagline: "", logo_url: "" }),
        productRow({ product_name: "NULL" }),
      ]),
    );
    expect(report).toMatchObject({ errors: [], imported: 2, invalidRows: 0 });
    const [row] = await queryRows<{ id: number; description: string; tags: string[]; headline: string | null; tagline: string | null; logo_url: string | null }>(
      getDb(),
      sql`select id, description, tags, headline, tagline, logo_url from products where product_name = ${`Quote "Keeper" {x}`}`,
    );
    expect(row).toMatchObject({ description: tricky, tags: ['say "hi"', "back\\slash", "{braces}", "NULL", "ünïcødé"], tagline: null, logo_url: null });
    expect((await product("NULL"))?.slug).toBe("null");
    // The counters row every product has (decision 002), from the statement trigger.
    const stats = await queryRows(getDb(), sql`select 1 from product_stats where product_id = ${row!.id}`);
    expect(stats).toHaveLength(1);
    const [missing] = await queryRows<{ n: number }>(
      getDb(),
      sql`select count(*)::int as n from products p where not exists (select 1 from product_stats s where s.product_id = p.id)`,
    );
    expect(Number(missing?.n)).toBe(0);
  });

  it("imports unknown pricing as free and says so; keeps the first 10 topics", async () => {
    const topics = Array.from({ length: 12 }, (_, i) => `topic ${i + 1}`).join(", ");
    const report = await importFile(
      "pricing.csv",
      toCsv(HEADER, [
        productRow({ product_name: "Mystery Pricer", pricing: "Contact us", topics }),
        productRow({ product_name: "Known Pricer", pricing: "Premium" }),
      ]),
    );
    expect(report).toMatchObject({ imported: 2, pricingMappedToFree: 1, tagsTruncated: 1 });
    expect(report.warnings.join(" ")).toContain('"Contact us" (1 row)');
    expect(await product("Mystery Pricer")).toMatchObject({ pricing: "free", tags: topics.split(", ").slice(0, 10) });
    expect((await product("Known Pricer"))?.pricing).toBe("premium");
  });

  it("reports each bad row with its row number and message, and imports the valid rows of the same file", async () => {
    const content = [
      HEADER.join(","),
      csvLine(productRow({ product_name: "Valid Row Two" })),
      csvLine(productRow({ product_name: "ab" })),
      "",
      csvLine(productRow({ product_name: "Bad Url Row", website_url: "not a url" })),
      csvLine(productRow({ product_name: "Multi Line Row", description: `${LONG_DESCRIPTION}\nSecond line.` })),
      csvLine(productRow({ product_name: "Short Fields", headline: "Hi", description: "Too short" })),
      csvLine(productRow({ product_name: "Bad Logo", logo_url: "ftp://logo.example.com/x.png" })),
      "Ragged Row,only three,cells",
    ].join("\n");
    const report = await importFile("rows.csv", content);
    expect(report.errors).toEqual([
      { row: 3, messages: ["Product name must be at least 3 characters"] },
      { row: 5, messages: ["Please enter a valid URL"] },
      { row: 7, messages: ["Headline must be at least 5 characters", "Description must be at least 50 characters"] },
      { row: 8, messages: ["Please enter a valid URL"] },
      { row: 9, messages: expect.arrayContaining([expect.stringContaining("This row has 3 cells but the header has 8 columns")]) },
    ]);
    expect(report).toMatchObject({ rows: 7, validRows: 2, invalidRows: 5, imported: 2 });
    expect(await product("Valid Row Two")).toBeDefined();
    expect(await product("Multi Line Row")).toBeDefined();
    expect(await product("Bad Url Row")).toBeUndefined();
  });

  it("skips a product repeated in the file, and imports nothing when the same file runs again", async () => {
    const first = productRow({ product_name: "Echo Chamber", website_url: "https://www.echo-chamber.example.net" });
    const sameDomainAndName = productRow({ product_name: "echo chamber ", website_url: "http://echo-chamber.example.net/about" });
    const content = toCsv(HEADER, [first, sameDomainAndName, productRow({ product_name: "Echo Two" })]);
    const report = await importFile("repeat.csv", content);
    expect(report).toMatchObject({ imported: 2, skippedDuplicates: 1, duplicatesInFile: 1 });

    const before = await countProducts();
    const again = await importFile("repeat-again.csv", content);
    expect(again).toMatchObject({ imported: 0, skippedDuplicates: 3, invalidRows: 0 });
    expect(await countProducts()).toBe(before);
  });

  it("retries a batch that the database refuses row by row: the bad row is reported, the others are saved", async () => {
    const rows = [
      productRow({ product_name: "Batch Mate One" }),
      productRow({ product_name: "Batch Mate Two", tagline: "nul \u0000 byte" }),
      productRow({ product_name: "Batch Mate Three" }),
    ];
    const report = await importFile("batch.csv", toCsv(HEADER, rows), { batchSize: 10 });
    expect(report.imported).toBe(2);
    expect(report.errors).toEqual([{ row: 3, messages: [expect.stringMatching(/^Could not be saved: /)] }]);
    expect(await product("Batch Mate One")).toBeDefined();
    expect(await product("Batch Mate Two")).toBeUndefined();
  });

  it("stops between batches when asked: committed rows stay, the rest is left for a re-run", async () => {
    const controller = new AbortController();
    const names = ["Stop One", "Stop Two", "Stop Three"];
    const report = await importFile("stop.csv", toCsv(HEADER, names.map((product_name) => productRow({ product_name }))), {
      batchSize: 1,
      signal: controller.signal,
      onProgress: (rows, phase) => {
        if (phase === "importing" && rows === 2) controller.abort();
      },
    });
    expect(report).toMatchObject({ interrupted: true, imported: 2 });
    expect(await product("Stop Two")).toBeDefined();
    expect(await product("Stop Three")).toBeUndefined();
  });

  it("checks only on a dry run", async () => {
    const before = await countProducts();
    const report = await importFile("dry.csv", toCsv(HEADER, [productRow()]), { dryRun: true });
    expect(report).toMatchObject({ dryRun: true, rows: 1, validRows: 1, imported: 0 });
    expect(await countProducts()).toBe(before);
  });

  describe("refuses a file it cannot import, with the spec's message, and writes nothing", () => {
    it("not a .csv file", async () => {
      expect(await refused("products.xlsx", toCsv(HEADER, [productRow()]))).toBe("Please upload a valid CSV file");
    });

    it("missing required columns", async () => {
      const header = ["product_name", "headline", "tagline", "website_url", "topics", "color"];
      expect(await refused("columns.csv", toCsv(header, [productRow({}, header)]))).toBe(
        "Missing required fields: description, pricing",
      );
      expect(await refused("semicolons.csv", "product_name;headline;tagline\nA;B;C\n")).toMatch(
        /^Missing required fields: product_name, headline, tagline, description, pricing, website_url \(or link\) \(the header seems to be separated by ";": save the file with commas\)$/,
      );
    });

    it("no data rows, or only empty ones", async () => {
      expect(await refused("header-only.csv", HEADER.join(",") + "\n")).toBe("No data found in CSV file");
      expect(await refused("empty.csv", "")).toBe("No data found in CSV file");
      expect(await refused("empty-rows.csv", `${HEADER.join(",")}\n,,,,,,,\n , ,,,,,,\n`)).toBe("No valid data found in CSV file");
    });

    it("broken quoting", async () => {
      const good = toCsv(HEADER, [productRow({ product_name: "Before The Break" })]);
      expect(await refused("quotes.csv", `${good}Broken,"Unclosed quote,x,y,free,https://a.example.com,,\n`)).toBe(
        "Failed to parse CSV file. Please check the file format. (row 3: a quoted cell is never closed)",
      );
      expect(await refused("quotes2.csv", `${good}"Stray" quote,a,b,c,free,https://a.example.com,,\n`)).toMatch(
        /^Failed to parse CSV file\. Please check the file format\. \(row 3: text after a closing quote/,
      );
      expect(await product("Before The Break")).toBeUndefined();
    });

    it("10 MB in one cell", async () => {
      const huge = productRow({ product_name: "Huge Cell", description: "x".repeat(10 * 1024 * 1024) });
      const message = await refused("huge.csv", toCsv(HEADER, [productRow(), huge]));
      expect(message).toBe(
        "Failed to parse CSV file. Please check the file format. (row 3 is larger than 1 MB: a cell is far too long, or a quote is never closed)",
      );
    });

    it("bytes that are not UTF-8", async () => {
      const text = toCsv(HEADER, [productRow(), productRow({ product_name: "Caf\u00e9 Latin" })]);
      const latin1 = Buffer.from(text, "latin1");
      expect(await refused("latin1.csv", latin1)).toBe(
        "The file is not valid UTF-8 (near line 3). Save it as UTF-8 (in Excel: CSV UTF-8) and try again.",
      );
    });
  });

  it("reads a stream of text chunks too (as an upload gives), with a byte order mark", async () => {
    const text = "\uFEFF" + toCsv(HEADER, [productRow({ product_name: "Streamed Row" })]);
    const chunks = [text.slice(0, 17), text.slice(17)];
    const report: ImportReport = await importCatalogCsv(getDb(), () => Readable.from(chunks), { fileName: "upload.CSV" });
    expect(report.imported).toBe(1);
  });
});
