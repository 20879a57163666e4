import { sql } from "drizzle-orm";
import { z } from "zod";
import { describe, expect, it } from "vitest";
import { getDb } from "~/db/registry.server";
import { col, selectRow, selectRows } from "~/db/rows.server";
import { createProduct, createUser } from "../../../tests/factories";
import { moveProducts } from "./move.server";
import { canMove, ProductMoveError } from "./transitions";

async function statusOf(id: number) {
  return (await selectRow(getDb(), z.object({ status: col.text, review_note: col.text.nullable() }), sql`select status, review_note from products where id = ${id}`))!;
}

async function auditRows(action: string) {
  return selectRows(getDb(), z.object({ entity_id: col.text.nullable(), summary: col.text.nullable() }), sql`select entity_id, summary from audit_log where action = ${action}`);
}

describe("the transition table", () => {
  it("lets admins publish, draft, approve and reject, and makers only submit for review", () => {
    expect(canMove("admin", "draft", "live")).toBe(true);
    expect(canMove("admin", "pending", "draft")).toBe(true);
    expect(canMove("admin", "pending", "rejected")).toBe(true);
    expect(canMove("maker", "draft", "pending")).toBe(true);
    expect(canMove("maker", "rejected", "pending")).toBe(true);
    expect(canMove("maker", "pending", "pending")).toBe(true);
    expect(canMove("maker", "draft", "live")).toBe(false);
    expect(canMove("maker", "live", "pending")).toBe(false);
    expect(canMove("admin", "live", "deleted")).toBe(false);
  });
});

describe("moveProducts", () => {
  it("refuses a move the table does not allow and writes nothing, not even the audit row", async () => {
    const db = getDb();
    const actor = { id: await createUser(db), email: "mover@example.com" };
    const live = await createProduct(db, { status: "live" });
    const draft = await createProduct(db, { status: "draft" });
    const action = `test.refused.${live.id}`;
    // The transaction commits after the refusal is caught: whatever moveProducts wrote would stay.
    const error = await db.transaction(async (tx) =>
      moveProducts(tx, { ids: [draft.id, live.id], to: "pending", by: "maker", actor, audit: () => ({ action, entityType: "product" }) }).catch((e: unknown) => e),
    );
    expect(error).toBeInstanceOf(ProductMoveError);
    expect((error as ProductMoveError).refused).toEqual([{ id: live.id, from: "live", to: "pending" }]);
    expect((await statusOf(draft.id)).status).toBe("draft");
    expect((await statusOf(live.id)).status).toBe("live");
    expect(await auditRows(action)).toEqual([]);
  });

  it("writes the status and the audit row in the caller's transaction: a rollback leaves neither", async () => {
    const db = getDb();
    const actor = { id: await createUser(db), email: "mover@example.com" };
    const pending = await createProduct(db, { status: "pending" });
    const action = `test.rolled-back.${pending.id}`;
    const rollback = new Error("roll back");
    const seen = await db
      .transaction(async (tx) => {
        const result = await moveProducts(tx, {
          ids: [pending.id],
          to: "rejected",
          reason: "Not a tool",
          actor,
          audit: (moved) => ({ action, entityType: "product", entityId: moved[0]!.id, summary: `from ${moved[0]!.from}` }),
        });
        // Inside the transaction both are there...
        expect(await selectRows(tx, z.object({ n: col.int }), sql`select count(*) as n from audit_log where action = ${action}`)).toEqual([{ n: 1 }]);
        expect(result.cacheTags).toEqual(["lists", expect.stringContaining(pending.slug)]);
        throw rollback;
      })
      .catch((e: unknown) => e);
    expect(seen).toBe(rollback);
    // ...and after the rollback, neither.
    expect(await statusOf(pending.id)).toEqual({ status: "pending", review_note: null });
    expect(await auditRows(action)).toEqual([]);
  });

  it("moves, notes the reason and audits once; a product already there is left alone", async () => {
    const db = getDb();
    const actor = { id: await createUser(db), email: "mover@example.com" };
    const pending = await createProduct(db, { status: "pending" });
    const rejected = await createProduct(db, { status: "rejected" });
    const action = `test.moved.${pending.id}`;
    const result = await db.transaction((tx) =>
      moveProducts(tx, { ids: [pending.id, rejected.id], to: "rejected", reason: "Not a tool", actor, audit: (moved) => ({ action, entityType: "product", summary: moved.map((m) => `${m.id}:${m.from}`).join(",") }) }),
    );
    expect(result.moved.map((m) => m.id)).toEqual([pending.id]);
    expect(await statusOf(pending.id)).toEqual({ status: "rejected", review_note: "Not a tool" });
    expect(await auditRows(action)).toEqual([{ entity_id: null, summary: `${pending.id}:pending` }]);
  });
});
