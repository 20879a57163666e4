import { sql } from "drizzle-orm";
import { z } from "zod";
import { describe, expect, it } from "vitest";
import { getDb } from "~/db/registry.server";
import { col, RowShapeError, selectRow, selectRows } from "~/db/rows.server";

describe("typed raw reads", () => {
  it("gives counts, numerics and dates one type on either database", async () => {
    const Row = z.object({ total: col.int, big: col.int, ratio: col.number, at: col.date, name: col.text, tags: col.texts });
    const row = await selectRow(
      getDb(),
      Row,
      sql`select count(*) as total, 9007199254740991::bigint as big, 2.5::numeric as ratio,
                 timestamptz '2026-01-02 03:04:05+00' as at, 'x' as name, array['a','b']::text[] as tags
          from products`,
    );
    expect(row).toEqual({ total: expect.any(Number), big: 9007199254740991, ratio: 2.5, at: new Date("2026-01-02T03:04:05Z"), name: "x", tags: ["a", "b"] });
    expect(row!.total).toBeGreaterThan(0);
  });

  it("answers undefined for no row and an empty list for no rows", async () => {
    const Row = z.object({ id: col.int });
    expect(await selectRow(getDb(), Row, sql`select id from products where false`)).toBeUndefined();
    expect(await selectRows(getDb(), Row, sql`select id from products where false`)).toEqual([]);
  });

  it("refuses a row whose shape the schema does not promise, naming the query", async () => {
    const Row = z.object({ id: col.int, missing: col.text });
    const read = selectRows(getDb(), Row, sql`select id from products limit ${1}`);
    await expect(read).rejects.toBeInstanceOf(RowShapeError);
    await expect(selectRows(getDb(), Row, sql`select id from products limit ${1}`)).rejects.toThrow(/missing.*select id from products limit \?/s);
    await expect(selectRows(getDb(), z.object({ n: col.int }), sql`select 1.5::numeric as n`)).rejects.toThrow(RowShapeError);
  });
});
