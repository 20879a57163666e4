import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { queryRows } from "../../../../tests/support/raw-rows";
import { getDb } from "~/db/registry.server";
import { mailIdle, setMailSettings } from "~/lib/mail/mail.server";
import { createProduct, createUser } from "../../../../tests/factories";
import { mailsTo, outboxFiles } from "../../../../tests/support/eml";
import { auditFailure as audit } from "../../../../tests/support/failing-audit";
import { tempDirs } from "../../../../tests/support/temp-dirs";
import { parseIds, parseReason } from "../moderation";
import { listSubmissions, listSuggestions } from "../queries/submission-queues.server";
import { nameFromSuggestion, productFromSuggestion } from "../suggestion-product";
import { approveSubmission, convertSuggestion, deleteSubmissions, deleteSuggestions, rejectSubmission, rejectSuggestion } from "./submission-queues.server";

// The audit entry can be made to fail for real (a NOT NULL breaks inside the transaction).
vi.mock("~/domain/audit/audit.server", async (importOriginal) => (await import("../../../../tests/support/failing-audit")).failingAudit(importOriginal));

const temp = tempDirs("toolnest-submissions-");
let outboxDir = "";
beforeEach(() => {
  outboxDir = path.join(temp.make(), "outbox");
  setMailSettings({ smtpUrl: null, from: "Toolnest <no-reply@localhost>", outboxDir });
  audit.fail = false;
});
afterEach(() => setMailSettings(undefined));
afterAll(() => temp.removeAll());

async function admin() {
  const id = await createUser(getDb());
  return { id, email: `${id}@example.com` };
}

/** A pending product submitted by a new member. */
async function submission(name?: string) {
  const db = getDb();
  const maker = await createUser(db);
  const created = await createProduct(db, { status: "pending", tags: ["alpha", "beta"], ...(name ? { product_name: name } : {}) });
  await db.execute(sql`update products set submitter_id = ${maker} where id = ${created.id}`);
  return { id: created.id, slug: created.slug, maker, email: `${maker}@example.com` };
}

async function suggestion(text: string) {
  const db = getDb();
  const member = await createUser(db);
  const created = await createProduct(db, { status: "pending", type: "suggestion", description: text });
  await db.execute(sql`update products set submitter_id = ${member}, product_name = 'Resource Suggestion' where id = ${created.id}`);
  return { id: created.id, member };
}

async function row(id: number) {
  const [found] = await queryRows<{ status: string; type: string; review_note: string | null; product_name: string; slug: string; description: string }>(
    getDb(),
    sql`select status, type, review_note, product_name, slug, description from products where id = ${id}`,
  );
  return found;
}

async function audits(action: string, id: number) {
  return queryRows<{ actor_id: string; changes: Record<string, unknown> }>(
    getDb(),
    sql`select actor_id, changes from audit_log where action = ${action} and (entity_id = ${String(id)} or changes->'ids' @> ${JSON.stringify([id])}::jsonb)`,
  );
}

describe("submissions", () => {
  it("lists pending products newest first with niches, tags and the submitter", async () => {
    const older = await submission();
    const newer = await submission();
    const list = await listSubmissions(getDb(), 1);
    const ids = list.rows.map((r) => r.id);
    expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id) === -1 ? Infinity : ids.indexOf(older.id));
    const shown = list.rows.find((r) => r.id === newer.id)!;
    expect(shown.tags).toEqual(["alpha", "beta"]);
    expect(shown.submitter_email).toBe(newer.email);
    expect(list.rows.length).toBeLessThanOrEqual(10);
    // A page past the end is clamped to the last one.
    expect((await listSubmissions(getDb(), 99_999)).page).toBe(list.pageCount);
  });

  it("approve makes a draft, records the audit and e-mails the maker after the commit", async () => {
    const actor = await admin();
    const item = await submission();
    expect(await approveSubmission(getDb(), actor, item.id)).toMatchObject({ ok: true });
    expect((await row(item.id))!.status).toBe("draft");
    const entries = await audits("submission.approve", item.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]!.actor_id).toBe(actor.id);
    await mailIdle();
    const mails = mailsTo(outboxDir, item.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain("was approved");
    // Decided once: a second approve finds nothing.
    expect(await approveSubmission(getDb(), actor, item.id)).toEqual({ ok: false });
  });

  it("reject keeps the reason for My Products and sends it to the maker", async () => {
    const actor = await admin();
    const item = await submission();
    expect(await rejectSubmission(getDb(), actor, item.id, "Not a software tool")).toMatchObject({ ok: true });
    expect(await row(item.id)).toMatchObject({ status: "rejected", review_note: "Not a software tool" });
    expect(await audits("submission.reject", item.id)).toHaveLength(1);
    await mailIdle();
    const [mail] = mailsTo(outboxDir, item.email);
    expect(mail!.subject).toContain("was not approved");
    expect(mail!.text).toContain("Reason given: Not a software tool");
  });

  it("a failing audit undoes the decision and sends no e-mail", async () => {
    const actor = await admin();
    const item = await submission();
    audit.fail = true;
    await expect(approveSubmission(getDb(), actor, item.id)).rejects.toThrow();
    await expect(rejectSubmission(getDb(), actor, item.id, "x")).rejects.toThrow();
    expect((await row(item.id))!.status).toBe("pending");
    await mailIdle();
    expect(outboxFiles(outboxDir)).toHaveLength(0);
  });

  it("deletes only pending submissions, with one audit entry", async () => {
    const actor = await admin();
    const a = await submission();
    const b = await submission();
    const live = await createProduct(getDb(), { status: "live" });
    expect(await deleteSubmissions(getDb(), actor, [a.id, b.id, live.id, 2_000_000_000])).toBe(2);
    expect(await row(a.id)).toBeUndefined();
    expect(await row(live.id)).toBeDefined();
    expect(await audits("submission.delete", a.id)).toHaveLength(1);
    expect(await deleteSubmissions(getDb(), actor, [a.id])).toBe(0);
  });

  it("ignores ids that are not pending submissions (live products, suggestions, unknown ids)", async () => {
    const actor = await admin();
    const live = await createProduct(getDb(), { status: "live" });
    const idea = await suggestion("Some idea");
    expect(await approveSubmission(getDb(), actor, live.id)).toEqual({ ok: false });
    expect(await rejectSubmission(getDb(), actor, idea.id, null)).toEqual({ ok: false });
    expect(await approveSubmission(getDb(), actor, 2_147_483_647)).toEqual({ ok: false });
    expect((await row(live.id))!.status).toBe("live");
  });
});

describe("suggestions", () => {
  it("lists open suggestions with their submitter", async () => {
    const idea = await suggestion("Please add a tool for drawing diagrams");
    const list = await listSuggestions(getDb(), 1);
    const shown = list.rows.find((r) => r.id === idea.id);
    expect(shown).toMatchObject({ text: "Please add a tool for drawing diagrams", email: `${idea.member}@example.com` });
  });

  it("convert turns the suggestion into a draft product in one transaction with an audit entry", async () => {
    const actor = await admin();
    const idea = await suggestion("Excalidraw whiteboard for sketching hand-drawn diagrams together online");
    expect(await convertSuggestion(getDb(), actor, idea.id)).toEqual({ ok: true, id: idea.id });
    const converted = (await row(idea.id))!;
    expect(converted).toMatchObject({ type: "product", status: "draft", product_name: "Excalidraw whiteboard for sketching hand-drawn diagrams" });
    expect(converted.slug).toBe(`excalidraw-whiteboard-for-sketching-hand-drawn-diagrams-${idea.id}`);
    expect(converted.description).toContain("Excalidraw");
    expect(await audits("suggestion.convert", idea.id)).toHaveLength(1);
    expect(await convertSuggestion(getDb(), actor, idea.id)).toEqual({ ok: false });
  });

  it("convert is undone when the audit fails", async () => {
    const actor = await admin();
    const idea = await suggestion("Some idea");
    audit.fail = true;
    await expect(convertSuggestion(getDb(), actor, idea.id)).rejects.toThrow();
    expect(await row(idea.id)).toMatchObject({ type: "suggestion", status: "pending" });
  });

  it("reject and delete, each audited", async () => {
    const actor = await admin();
    const a = await suggestion("First idea");
    const b = await suggestion("Second idea");
    expect(await rejectSuggestion(getDb(), actor, a.id)).toBe(true);
    expect((await row(a.id))!.status).toBe("rejected");
    expect(await audits("suggestion.reject", a.id)).toHaveLength(1);
    expect(await rejectSuggestion(getDb(), actor, a.id)).toBe(false);
    const pending = await submission();
    expect(await deleteSuggestions(getDb(), actor, [b.id, pending.id])).toBe(1);
    expect(await row(b.id)).toBeUndefined();
    expect(await row(pending.id)).toBeDefined();
    expect(await audits("suggestion.delete", b.id)).toHaveLength(1);
  });
});

describe("input", () => {
  it("parses ids strictly", () => {
    expect(parseIds(["1", "2", "2"])).toEqual({ ok: true, ids: [1, 2] });
    for (const bad of [["0"], ["-1"], ["1.5"], ["1e3"], ["abc"], ["99999999999"], ["2147483648"], [new File([], "x")]]) {
      expect(parseIds(bad).ok).toBe(false);
    }
    expect(parseIds([]).ok).toBe(false);
    expect(parseIds(Array.from({ length: 101 }, (_, i) => String(i + 1))).ok).toBe(false);
  });

  it("checks the reason", () => {
    expect(parseReason("  Spam  ")).toEqual({ ok: true, reason: "Spam" });
    expect(parseReason("")).toEqual({ ok: true, reason: null });
    expect(parseReason(null)).toEqual({ ok: true, reason: null });
    expect(parseReason("a\u0000b").ok).toBe(false);
    expect(parseReason("a\uD800b").ok).toBe(false);
    expect(parseReason("x".repeat(1001)).ok).toBe(false);
    expect(parseReason("emoji 😀 fine").ok).toBe(true);
  });

  it("names a product from the suggestion's first words", () => {
    expect(nameFromSuggestion("  Figma   for design ")).toBe("Figma for design");
    expect(nameFromSuggestion("")).toBe("Suggested product");
    expect(nameFromSuggestion("x".repeat(100))).toHaveLength(60);
    expect(nameFromSuggestion("one two three four five six seven eight nine ten")).toBe("one two three four five six seven eight");
  });
});

describe("a suggestion turned into a product (issue 36, item 13)", () => {
  it("takes the name and website from the suggestion's text and leaves the rest", () => {
    expect(productFromSuggestion("Penpot (https://penpot.app) — open-source design and prototyping")).toEqual({ name: "Penpot", websiteUrl: "https://penpot.app" });
    expect(productFromSuggestion("Excalidraw - virtual whiteboard, excalidraw.com")).toEqual({ name: "Excalidraw", websiteUrl: "https://excalidraw.com" });
    expect(productFromSuggestion("https://www.penpot.app/features is great")).toEqual({ name: "Penpot", websiteUrl: "https://www.penpot.app/features" });
    expect(productFromSuggestion("Obsidian: notes in markdown")).toEqual({ name: "Obsidian", websiteUrl: null });
    expect(productFromSuggestion("  Figma   for design ")).toEqual({ name: "Figma for design", websiteUrl: null });
    expect(productFromSuggestion("")).toEqual({ name: "Suggested product", websiteUrl: null });
  });
});
