import { sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { getDb } from "~/db/registry.server";
import { mailIdle } from "~/lib/mail/mail.server";
import { createProduct, createUser } from "../../../tests/factories";
import { mailsTo } from "../../../tests/support/eml";
import { outboxPerTest } from "../../../tests/support/mail-outbox";
import { bulkSetStatus } from "./mutations.server";

// Publishing tells each product's submitter (decision 043), once, after the commit.
const outbox = outboxPerTest("toolnest-bulk-mail-");

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
  const published = mailsTo(outbox(), email).filter((m) => m.subject.includes("is now live"));
  expect(published).toHaveLength(1);
  expect(published[0]!.text).toContain(`/resources/${draft.slug}`);

  // Already live: publishing again sends nothing; moving to draft sends nothing.
  await bulkSetStatus(db, actor, "publish", [draft.id]);
  await bulkSetStatus(db, actor, "draft", [draft.id]);
  await mailIdle();
  expect(mailsTo(outbox(), email)).toHaveLength(1);
});
