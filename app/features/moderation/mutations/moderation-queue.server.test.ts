import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { onInvalidate, type CacheTag } from "~/db/cache-bus.server";
import { queryRows } from "../../../../tests/support/raw-rows";
import { getDb } from "~/db/registry.server";
import { mailIdle, setMailSettings } from "~/lib/mail/mail.server";
import { createProduct, createUser } from "../../../../tests/factories";
import { mailsTo } from "../../../../tests/support/eml";
import { auditFailure as audit } from "../../../../tests/support/failing-audit";
import { tempDirs } from "../../../../tests/support/temp-dirs";
import { decideClaim, decideRevision } from "./moderation-queue.server";
import { listPendingClaims, listPendingRevisions, pendingCounts } from "../queries/moderation-queue.server";

// The audit entry can be made to fail for real: the insert then breaks a NOT NULL constraint
// inside the decision's transaction, as a failing database would.
vi.mock("~/domain/audit/audit.server", async (importOriginal) => (await import("../../../../tests/support/failing-audit")).failingAudit(importOriginal));

const temp = tempDirs("toolnest-moderation-");
let outboxDir = "";
let tags: CacheTag[][] = [];
let stopListening: () => void = () => undefined;

beforeAll(() => {
  stopListening = onInvalidate((t) => tags.push(t));
});
beforeEach(() => {
  outboxDir = path.join(temp.make(), "outbox");
  setMailSettings({ smtpUrl: null, from: "Toolnest <no-reply@localhost>", outboxDir });
  tags = [];
  audit.fail = false;
});
afterEach(() => setMailSettings(undefined));
afterAll(() => {
  stopListening();
  temp.removeAll();
});

interface ProductRow {
  product_name: string;
  pricing: string;
  tags: string[];
  status: string;
  website_url: string | null;
  submitter_id: string | null;
  slug: string;
}

async function product(id: number): Promise<ProductRow> {
  const [row] = await queryRows<ProductRow>(
    getDb(),
    sql`select product_name, pricing, tags, status, website_url, submitter_id, slug from products where id = ${id}`,
  );
  return row!;
}

async function revisionRow(id: number) {
  const [row] = await queryRows<{ status: string; reason: string | null; decided_by: string | null; decided_at: string | null }>(
    getDb(),
    sql`select status, reason, decided_by, decided_at::text from product_revisions where id = ${id}`,
  );
  return row!;
}

async function auditRows(action: string, entityId: number) {
  return queryRows<{ actor_id: string; actor_email: string; summary: string; changes: Record<string, { before: unknown; after: unknown }> }>(
    getDb(),
    sql`select actor_id, actor_email, summary, changes from audit_log where action = ${action} and entity_id = ${String(entityId)}`,
  );
}

async function admin() {
  const id = await createUser(getDb());
  return { id, email: `${id}@example.com` };
}

/** A live product submitted by a new maker, with a pending revision holding `changes`. */
async function pendingRevision(changes: Record<string, unknown>) {
  const db = getDb();
  const maker = await createUser(db);
  const created = await createProduct(db, { status: "live", website_url: "https://old.example.com" });
  await db.execute(sql`update products set submitter_id = ${maker}, pricing = 'free', tags = '{a,b}' where id = ${created.id}`);
  const [revision] = await queryRows<{ id: number; version: string }>(
    db,
    sql`insert into product_revisions (product_id, user_id, changes) values (${created.id}, ${maker}, ${JSON.stringify(changes)}::jsonb)
        returning id, created_at::text as version`,
  );
  return { maker, makerEmail: `${maker}@example.com`, productId: created.id, slug: created.slug, revisionId: revision!.id, version: revision!.version };
}

/** A pending claim; with an e-mail, the user signed in with `provider` (Google verified the address, `dev` proves nothing). */
async function pendingClaim(email = "", provider = "google") {
  const db = getDb();
  const user = await createUser(db);
  if (email) {
    await db.execute(sql`update "user" set email = ${email}, email_verified = true where id = ${user}`);
    await db.execute(sql`insert into account (id, account_id, provider_id, user_id) values (${`acct-${user}`}, ${email}, ${provider}, ${user})`);
  }
  const created = await createProduct(db, { status: "live", website_url: "https://www.acme-tools.example/about" });
  const [claim] = await queryRows<{ id: number }>(
    db,
    sql`insert into product_claims (product_id, user_id) values (${created.id}, ${user}) returning id`,
  );
  return { user, email: email || `${user}@example.com`, productId: created.id, slug: created.slug, claimId: claim!.id };
}

async function makerStatus(productId: number, userId: string) {
  const [row] = await queryRows<{ status: string }>(getDb(), sql`select status from product_makers where product_id = ${productId} and profile_id = ${userId}`);
  return row?.status ?? null;
}

describe("revisions", () => {
  it("approve applies the editable fields only, marks the revision approved, audits, drops the cache and mails the maker", async () => {
    const actor = await admin();
    const item = await pendingRevision({
      product_name: "Renamed Tool",
      pricing: "freemium",
      tags: ["x", "y"],
      website_url: "https://new.example.com",
      status: "draft",
      submitter_id: null,
    });
    const before = await product(item.productId);

    const result = await decideRevision(getDb(), actor, { id: item.revisionId, approve: true, version: item.version });
    expect(result).toEqual({ kind: "done" });

    const after = await product(item.productId);
    expect(after).toMatchObject({ product_name: "Renamed Tool", pricing: "freemium", tags: ["x", "y"], website_url: "https://new.example.com" });
    // Not a maker's field: the status, submitter and slug stay.
    expect(after.status).toBe("live");
    expect(after.submitter_id).toBe(item.maker);
    expect(after.slug).toBe(before.slug);

    expect(await revisionRow(item.revisionId)).toMatchObject({ status: "approved", decided_by: actor.id });
    expect((await revisionRow(item.revisionId)).decided_at).not.toBeNull();

    const [entry, ...more] = await auditRows("revision.approve", item.revisionId);
    expect(more).toHaveLength(0);
    expect(entry).toMatchObject({ actor_id: actor.id, actor_email: actor.email });
    expect(entry!.summary).toContain(`product #${item.productId}`);
    expect(entry!.changes).toEqual({
      product_name: { before: before.product_name, after: "Renamed Tool" },
      pricing: { before: "free", after: "freemium" },
      tags: { before: ["a", "b"], after: ["x", "y"] },
      website_url: { before: "https://old.example.com", after: "https://new.example.com" },
    });

    expect(tags).toEqual([["lists", `product:${item.slug}`]]);
    await mailIdle();
    const mails = mailsTo(outboxDir, item.makerEmail);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe("Your changes to Renamed Tool are live");
    expect(mails[0]!.text).toContain(`/resources/${item.slug}`);
  });

  it("reject keeps the live version, stores the reason, audits and mails the reason; nothing public changes", async () => {
    const actor = await admin();
    const item = await pendingRevision({ product_name: "Should Not Apply" });
    const before = await product(item.productId);

    const result = await decideRevision(getDb(), actor, { id: item.revisionId, approve: false, reason: "  Name is misleading  " });
    expect(result).toEqual({ kind: "done" });
    expect(await product(item.productId)).toEqual(before);
    expect(await revisionRow(item.revisionId)).toMatchObject({ status: "rejected", reason: "Name is misleading", decided_by: actor.id });
    const [entry] = await auditRows("revision.reject", item.revisionId);
    expect(entry!.changes).toEqual({ status: { before: "pending", after: "rejected" }, reason: { before: null, after: "Name is misleading" } });
    expect(tags).toEqual([]);
    await mailIdle();
    const [mail] = mailsTo(outboxDir, item.makerEmail);
    expect(mail!.subject).toBe(`Your changes to ${before.product_name} were not approved`);
    expect(mail!.text).toContain("Reason given: Name is misleading");
    expect(mail!.text).toContain(`/my-products/edit/${item.productId}`);
  });

  it("refuses a second decision: nothing is applied twice and only one audit entry exists", async () => {
    const actor = await admin();
    const item = await pendingRevision({ product_name: "First Approval" });
    expect(await decideRevision(getDb(), actor, { id: item.revisionId, approve: true })).toEqual({ kind: "done" });
    // Someone edits the product afterwards; a repeated approval must not overwrite it.
    await getDb().execute(sql`update products set product_name = 'Edited Later' where id = ${item.productId}`);

    expect(await decideRevision(getDb(), actor, { id: item.revisionId, approve: true })).toEqual({ kind: "already", status: "approved" });
    expect(await decideRevision(getDb(), actor, { id: item.revisionId, approve: false, reason: "late" })).toEqual({ kind: "already", status: "approved" });
    expect((await product(item.productId)).product_name).toBe("Edited Later");
    expect(await revisionRow(item.revisionId)).toMatchObject({ status: "approved", reason: null });
    expect(await auditRows("revision.approve", item.revisionId)).toHaveLength(1);
    expect(await auditRows("revision.reject", item.revisionId)).toHaveLength(0);
    await mailIdle();
    expect(mailsTo(outboxDir, item.makerEmail)).toHaveLength(1);
  });

  it("two approvals at the same time apply once", async () => {
    const actor = await admin();
    const item = await pendingRevision({ product_name: "Raced Name" });
    const results = await Promise.all([
      decideRevision(getDb(), actor, { id: item.revisionId, approve: true }),
      decideRevision(getDb(), actor, { id: item.revisionId, approve: true }),
    ]);
    expect(results.map((r) => r.kind).sort()).toEqual(["already", "done"]);
    expect(await auditRows("revision.approve", item.revisionId)).toHaveLength(1);
  });

  it("refuses a decision on a version the maker has since changed, and a missing revision", async () => {
    const actor = await admin();
    const item = await pendingRevision({ product_name: "Version One" });
    await getDb().execute(
      sql`update product_revisions set changes = '{"product_name":"Version Two"}'::jsonb, created_at = now() + interval '1 second' where id = ${item.revisionId}`,
    );
    expect(await decideRevision(getDb(), actor, { id: item.revisionId, approve: true, version: item.version })).toEqual({ kind: "stale" });
    expect((await revisionRow(item.revisionId)).status).toBe("pending");
    expect(await decideRevision(getDb(), actor, { id: 2_000_000_000, approve: true })).toEqual({ kind: "not-found" });
  });

  it("refuses to apply values the product cannot hold", async () => {
    const actor = await admin();
    const item = await pendingRevision({ product_name: "  ", pricing: "gratis", tags: Array.from({ length: 11 }, (_, i) => `t${i}`) });
    const before = await product(item.productId);
    expect(await decideRevision(getDb(), actor, { id: item.revisionId, approve: true })).toEqual({
      kind: "invalid",
      fields: ["product_name", "pricing", "tags"],
    });
    expect(await product(item.productId)).toEqual(before);
    expect((await revisionRow(item.revisionId)).status).toBe("pending");
  });

  it("approve applies the wizard's niches and subcategories, shows them by name, and refuses ids that are not ids", async () => {
    const db = getDb();
    const actor = await admin();
    const stamp = Date.now().toString(36);
    const [niche] = await queryRows<{ id: number }>(db, sql`insert into niches (name, slug) values (${`Rev niche ${stamp}`}, ${`rev-niche-${stamp}`}) returning id`);
    const [sub] = await queryRows<{ id: number }>(
      db,
      sql`insert into subcategories (name, slug) values (${`Rev sub ${stamp}`}, ${`rev-sub-${stamp}`}) returning id`,
    );
    await db.execute(sql`insert into niche_subcategories (niche_id, subcategory_id) values (${niche!.id}, ${sub!.id})`);
    const item = await pendingRevision({
      headline: "A reviewed headline",
      niche_ids: [niche!.id],
      subcategory_ids: [sub!.id],
      has_coupon: true,
      coupon_text: "10% off",
      coupon_code: "SAVE10",
      coupon_expiry_date: "2030-01-31",
    });

    const page = await listPendingRevisions(db, 1);
    const listed = page.rows.find((revision) => revision.id === item.revisionId)!;
    expect(listed.diff.find((row) => row.field === "niche_ids")).toMatchObject({ label: "Niches", proposed: [`Rev niche ${stamp}`], applies: true });

    expect(await decideRevision(db, actor, { id: item.revisionId, approve: true })).toEqual({ kind: "done" });
    const relations = await queryRows<{ niche_id: number; subcategory_id: number | null }>(
      db,
      sql`select n.niche_id, s.subcategory_id from product_niches n left join product_subcategories s on s.product_id = n.product_id where n.product_id = ${item.productId}`,
    );
    expect(relations.map((row) => [Number(row.niche_id), Number(row.subcategory_id)])).toEqual([[niche!.id, sub!.id]]);
    const [coupon] = await queryRows<{ has_coupon: boolean; coupon_code: string; expiry: string }>(
      db,
      sql`select has_coupon, coupon_code, to_char(coupon_expiry_date at time zone 'UTC', 'YYYY-MM-DD') as expiry from products where id = ${item.productId}`,
    );
    expect(coupon).toEqual({ has_coupon: true, coupon_code: "SAVE10", expiry: "2030-01-31" });
    const [entry] = await auditRows("revision.approve", item.revisionId);
    expect(entry!.changes.niche_ids).toEqual({ before: [], after: [niche!.id] });

    const bad = await pendingRevision({ headline: "Another headline", niche_ids: ["1; drop table products"] });
    const before = await product(bad.productId);
    expect(await decideRevision(db, actor, { id: bad.revisionId, approve: true })).toEqual({ kind: "invalid", fields: ["niche_ids"] });
    expect(await product(bad.productId)).toEqual(before);
    expect((await revisionRow(bad.revisionId)).status).toBe("pending");
  });

  it("rolls the decision back when its audit entry cannot be written: no change, no mail, no cache drop", async () => {
    const actor = await admin();
    const item = await pendingRevision({ product_name: "Never Applied" });
    const before = await product(item.productId);
    audit.fail = true;
    await expect(decideRevision(getDb(), actor, { id: item.revisionId, approve: true })).rejects.toThrow();
    await expect(decideRevision(getDb(), actor, { id: item.revisionId, approve: false })).rejects.toThrow();
    expect(await product(item.productId)).toEqual(before);
    expect(await revisionRow(item.revisionId)).toMatchObject({ status: "pending", decided_by: null, decided_at: null });
    expect(tags).toEqual([]);
    await mailIdle();
    expect(mailsTo(outboxDir, item.makerEmail)).toHaveLength(0);
    // Once the log works again the decision goes through.
    audit.fail = false;
    expect(await decideRevision(getDb(), actor, { id: item.revisionId, approve: true })).toEqual({ kind: "done" });
  });

  it("a mail that cannot be delivered does not undo the decision", async () => {
    const actor = await admin();
    const item = await pendingRevision({ product_name: "Mail Fails" });
    // The outbox path is a file: writing the message fails.
    const blocked = path.join(temp.make(), "not-a-dir");
    fs.writeFileSync(blocked, "");
    setMailSettings({ smtpUrl: null, from: "Toolnest <no-reply@localhost>", outboxDir: path.join(blocked, "outbox") });
    expect(await decideRevision(getDb(), actor, { id: item.revisionId, approve: true })).toEqual({ kind: "done" });
    await mailIdle();
    expect((await product(item.productId)).product_name).toBe("Mail Fails");
    expect((await revisionRow(item.revisionId)).status).toBe("approved");
  });

  it("lists pending revisions oldest first with the live and proposed value of each field", async () => {
    const db = getDb();
    const older = await pendingRevision({ product_name: "Older Proposal", custom_key: 1 });
    const newer = await pendingRevision({ pricing: "premium" });
    await db.execute(sql`update product_revisions set created_at = now() - interval '10 days' where id = ${older.revisionId}`);
    await db.execute(sql`update product_revisions set created_at = now() - interval '5 days' where id = ${newer.revisionId}`);
    const { revisions } = await pendingCounts(db);
    const page = await listPendingRevisions(db, 1);
    expect(page.total).toBe(revisions);
    const ids = page.rows.map((item) => item.id);
    expect(ids.indexOf(older.revisionId)).toBeLessThan(ids.indexOf(newer.revisionId));
    const shown = page.rows.find((item) => item.id === older.revisionId)!;
    expect(shown.maker.email).toBe(older.makerEmail);
    expect(shown.diff).toEqual([
      { field: "product_name", label: "Product name", current: expect.any(String), proposed: "Older Proposal", applies: true },
      { field: "custom_key", label: "custom_key", current: null, proposed: 1, applies: false },
    ]);
    expect(page.rows.find((item) => item.id === newer.revisionId)!.diff).toEqual([
      { field: "pricing", label: "Pricing", current: "free", proposed: "premium", applies: true },
    ]);
  });
});

describe("claims", () => {
  it("approve verifies the claim by an admin, makes the user a verified maker, audits, drops the page and mails", async () => {
    const actor = await admin();
    const item = await pendingClaim();
    expect(await decideClaim(getDb(), actor, { id: item.claimId, approve: true })).toEqual({ kind: "done" });
    const [claim] = await queryRows<{ status: string; verified_by: string; decided_by: string }>(
      getDb(),
      sql`select status, verified_by, decided_by from product_claims where id = ${item.claimId}`,
    );
    expect(claim).toEqual({ status: "verified", verified_by: "admin", decided_by: actor.id });
    expect(await makerStatus(item.productId, item.user)).toBe("verified");
    const [entry] = await auditRows("claim.approve", item.claimId);
    expect(entry!.changes).toEqual({
      status: { before: "pending", after: "verified" },
      verified_by: { before: null, after: "admin" },
      maker: { before: null, after: "verified" },
    });
    expect(tags).toEqual([[`product:${item.slug}`]]);
    await mailIdle();
    const [mail] = mailsTo(outboxDir, item.email);
    expect(mail!.subject).toMatch(/^Your claim for .+ was approved$/);
  });

  it("reject leaves the user off the makers, audits with the reason and mails it", async () => {
    const actor = await admin();
    const item = await pendingClaim();
    expect(await decideClaim(getDb(), actor, { id: item.claimId, approve: false, reason: "Cannot confirm" })).toEqual({ kind: "done" });
    const [claim] = await queryRows<{ status: string }>(getDb(), sql`select status from product_claims where id = ${item.claimId}`);
    expect(claim!.status).toBe("rejected");
    expect(await makerStatus(item.productId, item.user)).toBeNull();
    const [entry] = await auditRows("claim.reject", item.claimId);
    expect(entry!.changes).toEqual({ status: { before: "pending", after: "rejected" }, reason: { before: null, after: "Cannot confirm" } });
    expect(tags).toEqual([]);
    await mailIdle();
    const [mail] = mailsTo(outboxDir, item.email);
    expect(mail!.subject).toMatch(/was not approved$/);
    expect(mail!.text).toContain("Reason given: Cannot confirm");
  });

  it("refuses a second decision and rolls back when the audit entry fails", async () => {
    const actor = await admin();
    const decided = await pendingClaim();
    expect(await decideClaim(getDb(), actor, { id: decided.claimId, approve: false })).toEqual({ kind: "done" });
    expect(await decideClaim(getDb(), actor, { id: decided.claimId, approve: true })).toEqual({ kind: "already", status: "rejected" });
    expect(await makerStatus(decided.productId, decided.user)).toBeNull();
    expect(await auditRows("claim.approve", decided.claimId)).toHaveLength(0);

    const failing = await pendingClaim();
    audit.fail = true;
    await expect(decideClaim(getDb(), actor, { id: failing.claimId, approve: true })).rejects.toThrow();
    const [claim] = await queryRows<{ status: string }>(getDb(), sql`select status from product_claims where id = ${failing.claimId}`);
    expect(claim!.status).toBe("pending");
    expect(await makerStatus(failing.productId, failing.user)).toBeNull();
    expect(tags).toEqual([]);
    expect(await decideClaim(getDb(), actor, { id: 2_000_000_000, approve: true })).toEqual({ kind: "not-found" });
  });

  it("lists pending claims oldest first with the user and how the e-mail domain compares with the website's", async () => {
    const sub = await pendingClaim(`someone${Date.now()}@mail.acme-tools.example`);
    const other = await pendingClaim();
    const page = await listPendingClaims(getDb(), 1);
    const shown = page.rows.find((item) => item.id === sub.claimId)!;
    expect(shown).toMatchObject({
      productId: sub.productId,
      websiteDomain: "acme-tools.example",
      emailDomain: "mail.acme-tools.example",
      match: "subdomain",
      claimer: { id: sub.user, email: sub.email, emailVerified: true },
    });
    expect(page.rows.find((item) => item.id === other.claimId)!.match).toBe("different");
    // The development sign-in proves no address, whatever the user row says.
    const typed = await pendingClaim(`typed${Date.now()}@acme-tools.example`, "dev");
    expect((await listPendingClaims(getDb(), 1)).rows.find((item) => item.id === typed.claimId)!.claimer.emailVerified).toBe(false);
    const ids = page.rows.map((item) => item.id);
    expect(ids.indexOf(sub.claimId)).toBeLessThan(ids.indexOf(other.claimId));
  });
});
