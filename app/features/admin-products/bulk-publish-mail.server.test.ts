import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeEach, expect, it } from "vitest";
import { getDb } from "~/db/registry.server";
import { mailIdle, setMailSettings } from "~/lib/mail/mail.server";
import { createProduct, createUser } from "../../../tests/factories";
import { mailsTo } from "../../../tests/support/eml";
import { tempDirs } from "../../../tests/support/temp-dirs";
import { bulkSetStatus } from "./bulk.server";

// Publishing tells each product's submitter (decision 043), once, after the commit.
const temp = tempDirs("toolnest-bulk-mail-");
let outboxDir = "";
beforeEach(() => {
  outboxDir = path.join(temp.make(), "outbox");
  setMailSettings({ smtpUrl: null, from: "Toolnest <no-reply@localhost>", outboxDir });
});
afterEach(() => setMailSettings(undefined));
afterAll(() => temp.removeAll());

it("bulk publish e-mails the submitter of each product that was not live, and nobody else", async () => {
  const db = getDb();
  const actorId = await createUser(db);
  const actor = { id: actorId, email: `${actorId}@example.com` };
  const maker = await createUser(db);
  const email = `${maker}@example.com`;
  const draft = await createProduct(db, { status: "draft" });
  const live = await createProduct(db, { status: "live" });
  const orphan = await createProduct(db, { status: "draft" });
  await db.execute(sql`update products set submitter_id = ${maker} where id in (${draft.id}, ${live.id})`);

  expect(await bulkSetStatus(db, actor, "publish", [draft.id, live.id, orphan.id])).toMatchObject({ changed: 2 });
  await mailIdle();
  const published = mailsTo(outboxDir, email).filter((m) => m.subject.includes("is now live"));
  expect(published).toHaveLength(1);
  expect(published[0]!.text).toContain(`/resources/${draft.slug}`);

  // Already live: publishing again sends nothing; moving to draft sends nothing.
  await bulkSetStatus(db, actor, "publish", [draft.id]);
  await bulkSetStatus(db, actor, "draft", [draft.id]);
  await mailIdle();
  expect(mailsTo(outboxDir, email)).toHaveLength(1);
});
