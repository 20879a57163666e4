import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { z } from "zod";
import { col, selectRows } from "~/db/rows.server";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { queryRows } from "../../tests/support/raw-rows";
import { getDb } from "~/db/registry.server";
import { mailIdle, queueMail, setMailSettings, setMailStore } from "~/lib/mail/mail.server";
import { outboxFiles, parseEml } from "../../tests/support/eml";
import { tempDirs } from "../../tests/support/temp-dirs";
import { startMailOutbox } from "./mail-outbox.server";

const temp = tempDirs("toolnest-mail-outbox-");
const FROM = "Toolnest <no-reply@localhost>";
let stop: (() => void) | undefined;

beforeEach(async () => {
  stop = undefined;
  await getDb().execute(sql`delete from mail_outbox`);
});
afterEach(async () => {
  await mailIdle();
  stop?.();
  setMailStore(undefined);
  setMailSettings(undefined);
  temp.removeAll();
});

/** A mail transport that cannot deliver: its outbox folder's path is a file. */
function brokenOutbox() {
  const file = path.join(temp.make(), "not-a-folder");
  fs.writeFileSync(file, "");
  return path.join(file, "outbox");
}

const rows = () =>
  selectRows(
    getDb(),
    z.object({ recipient: col.text, attempts: col.int, sent: col.bool, waiting: col.bool, last_error: col.text.nullable() }),
    sql`select recipient, attempts, sent_at is not null as sent, next_attempt_at > now() as waiting, last_error from mail_outbox order by id`,
  );

describe("the mail outbox", () => {
  it("keeps a message the mail server refused and sends it on a later attempt", async () => {
    setMailSettings({ smtpUrl: null, from: FROM, outboxDir: brokenOutbox() });
    stop = startMailOutbox(getDb(), { sweepMs: 60_000 });
    queueMail({ to: "buyer@example.com", subject: "Your receipt", text: "Thank you for your payment." });
    await mailIdle();
    // Before the outbox, one failure lost the message for good.
    expect(await rows()).toEqual([{ recipient: "buyer@example.com", attempts: 1, sent: false, waiting: true, last_error: expect.any(String) }]);

    const outboxDir = path.join(temp.make(), "outbox");
    setMailSettings({ smtpUrl: null, from: FROM, outboxDir });
    await getDb().execute(sql`update mail_outbox set next_attempt_at = now()`);
    stop();
    stop = startMailOutbox(getDb(), { sweepMs: 60_000 });
    await mailIdle();
    const [file] = outboxFiles(outboxDir);
    expect(parseEml(fs.readFileSync(file!, "utf8"))).toMatchObject({ to: "buyer@example.com", subject: "Your receipt" });
    expect(await rows()).toEqual([{ recipient: "buyer@example.com", attempts: 2, sent: true, waiting: false, last_error: null }]);
  });

  it("sends at start what a process that died left behind, and each message once", async () => {
    // Written by a server killed before it sent them: one never tried, one whose sender died mid-send.
    await getDb().execute(sql`insert into mail_outbox (recipient, subject, body_text) values ('a@example.com', 'Approved', 'Your product is live.')`);
    await getDb().execute(
      sql`insert into mail_outbox (recipient, subject, body_text, attempts, claimed_until) values ('b@example.com', 'Receipt', 'Thanks.', 1, now() - interval '1 second')`,
    );
    const outboxDir = path.join(temp.make(), "outbox");
    setMailSettings({ smtpUrl: null, from: FROM, outboxDir });
    stop = startMailOutbox(getDb(), { sweepMs: 60_000 });
    await mailIdle();
    const recipients = outboxFiles(outboxDir).map((file) => parseEml(fs.readFileSync(file, "utf8")).to).sort();
    expect(recipients).toEqual(["a@example.com", "b@example.com"]);
    expect((await rows()).map((row) => row.sent)).toEqual([true, true]);
    // Another sweep sends nothing twice.
    stop();
    stop = startMailOutbox(getDb(), { sweepMs: 60_000 });
    await mailIdle();
    expect(outboxFiles(outboxDir)).toHaveLength(2);
  });

  it("gives a message up after its last attempt, and keeps a message with no valid address out", async () => {
    setMailSettings({ smtpUrl: null, from: FROM, outboxDir: brokenOutbox() });
    stop = startMailOutbox(getDb(), { sweepMs: 60_000 });
    queueMail({ to: "not an address", subject: "x", text: "y" });
    queueMail({ to: "late@example.com", subject: "Decision", text: "Approved." });
    await mailIdle();
    for (let attempt = 2; attempt <= 6; attempt++) {
      await getDb().execute(sql`update mail_outbox set next_attempt_at = now()`);
      stop();
      stop = startMailOutbox(getDb(), { sweepMs: 60_000 });
      await mailIdle();
    }
    const [row] = await queryRows<{ recipient: string; attempts: number; failed: boolean }>(
      getDb(),
      sql`select recipient, attempts, failed_at is not null as failed from mail_outbox`,
    );
    expect(row).toEqual({ recipient: "late@example.com", attempts: 6, failed: true });
  });
});
