/** Issue 36, item 10: the mapping page offers the chosen niche's subcategories only, and the server refuses any other. */
import { Readable } from "node:stream";
import { sql } from "drizzle-orm";
import { createElement } from "react";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { col, selectRow, selectRows } from "~/db/rows.server";
import { getDb } from "~/db/registry.server";
import { setAuthSettings } from "~/domain/auth/auth.server";
import { APP_URL, formRequest, localSettings } from "../../../../tests/support/auth";
import { signedInAdmin } from "../../../../tests/support/admin-actor";
import { renderHtml } from "../../../../tests/support/render-html";
import { PlacementFields } from "../components/placement-fields";
import { cleanFixtures, HEADER, productRow, toCsv } from "../csv-fixtures";
import { mappingAction, mappingLoader } from "./mapping.server";
import { runImport } from "../jobs.server";
import { stageUpload } from "../mutations/staging.server";

let cookie = "";
let admin: { id: string; email: string };
/** A niche with published parents under it, one of them ours; a draft parent under it; a parent under another niche only. */
let niche = 0;
let own = 0;
let draft = 0;
let elsewhere = 0;

const Id = z.object({ id: col.int });

beforeAll(async () => {
  setAuthSettings(localSettings());
  ({ cookie, admin } = await signedInAdmin("map-admin"));
  const [a, b] = await selectRows(getDb(), Id, sql`select id from niches order by id limit 2`);
  niche = a!.id;
  const add = async (name: string, status: string, nicheId: number) => {
    const row = await selectRow(
      getDb(),
      Id,
      sql`insert into subcategories (name, slug, status, is_parent) values (${name}, ${name.toLowerCase().replace(/ /g, "-")}, ${status}, true) returning id`,
    );
    await getDb().execute(sql`insert into niche_subcategories (niche_id, subcategory_id) values (${nicheId}, ${row!.id})`);
    return row!.id;
  };
  own = await add("Zq Map Own Parent", "published", niche);
  draft = await add("Zq Map Draft Parent", "draft", niche);
  elsewhere = await add("Zq Map Elsewhere Parent", "published", b!.id);
});
afterAll(cleanFixtures);

async function staged() {
  const result = await stageUpload(getDb(), admin, Readable.from([Buffer.from(toCsv(HEADER, [productRow({ product_name: `Zq Map Row ${Date.now()}` })]))]), {
    fileName: "map.csv",
  });
  return result.id;
}

const page = (id: number) => new Request(`${APP_URL}/admin/products/map-csv/${id}`, { headers: { Cookie: cookie } });
const post = (id: number, fields: Record<string, string>) => formRequest(`/admin/products/map-csv/${id}`, fields, { cookie });
const status = (result: unknown) => (result as { init?: { status?: number } }).init?.status;
const errorOf = (result: unknown) => (result as { data?: { error?: string } }).data?.error;

describe("the mapping page's subcategories (issue 36, item 10)", () => {
  it("offers, for the chosen niche, its published subcategories only: none of another niche, no draft", async () => {
    const id = await staged();
    const data = await mappingLoader(page(id), {}, String(id));
    const offered = (nicheId: number) => data.subcategories.filter((s) => s.nicheIds.includes(nicheId)).map((s) => s.id);
    expect(offered(niche)).toContain(own);
    expect(offered(niche)).not.toContain(elsewhere);
    expect(data.subcategories.map((s) => s.id)).not.toContain(draft);

    // What the admin sees: with the niche chosen, its subcategory and not the other niche's; no niche, no subcategory.
    const fields = (choice: { nicheId: number; subcategoryId: null } | null) =>
      renderHtml(createElement(PlacementFields, { idPrefix: "all", niches: data.niches, subcategories: data.subcategories, choice }));
    const html = fields({ nicheId: niche, subcategoryId: null });
    expect(html).toContain("Zq Map Own Parent");
    expect(html).not.toContain("Zq Map Elsewhere Parent");
    expect(html).not.toContain("Zq Map Draft Parent");
    const none = fields(null);
    expect(none).not.toContain("Zq Map Own Parent");
  });

  it("refuses a form that sends a subcategory of another niche, or a draft one, with a clear message, and keeps the mapping", async () => {
    const id = await staged();
    for (const [intent, extra] of [["map-all", {}], ["map-row", { row: "2" }]] as const) {
      const refused = await mappingAction(post(id, { intent, niche: String(niche), subcategory: String(elsewhere), ...extra }), {}, String(id));
      expect(status(refused)).toBe(400);
      expect(errorOf(refused)).toBe("That subcategory is not under the chosen niche: choose one of the niche's subcategories");
    }
    const drafted = await mappingAction(post(id, { intent: "map-all", niche: String(niche), subcategory: String(draft) }), {}, String(id));
    expect(status(drafted)).toBe(400);
    const record = await selectRow(getDb(), z.object({ mapping: col.json }), sql`select mapping from catalog_imports where id = ${id}`);
    expect(record!.mapping).toEqual({});
    // The niche's own subcategory is taken.
    expect(await mappingAction(post(id, { intent: "map-all", niche: String(niche), subcategory: String(own) }), {}, String(id))).toEqual({ message: "Mapping saved" });
  });

  it("the job refuses a row whose subcategory is no longer under its niche, and says so", async () => {
    const id = await staged();
    await getDb().execute(
      sql`update catalog_imports set state = 'queued', mapping = ${JSON.stringify({ all: { nicheId: niche, subcategoryId: elsewhere } })}::jsonb where id = ${id}`,
    );
    expect(await runImport(getDb(), id)).toBe("completed");
    const row = await selectRow(
      getDb(),
      z.object({ outcome: col.text, outcome_message: col.text }),
      sql`select outcome, outcome_message from catalog_import_rows where import_id = ${id}`,
    );
    expect(row).toEqual({ outcome: "failed", outcome_message: "The subcategory chosen for this row is not under its niche" });
  });
});
