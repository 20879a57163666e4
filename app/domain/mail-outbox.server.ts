/**
 * The database's mail outbox (decision 073): queueMail writes each message to mail_outbox before
 * anything is sent, and the sender works through it. A message survives a crash between a write
 * and its e-mail, and a mail server that fails is tried again later (1, 5, 15, 60 and 180
 * minutes) instead of the message being lost after one attempt. Sent at least once: a sender that
 * dies mid-send leaves its claim to run out, and the message goes again.
 */
import { sql } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "~/db/client.server";
import { col, selectRow } from "~/db/rows.server";
import { logger } from "~/lib/logger.server";
import { deliverQueuedMail, type MailStore, setMailStore } from "~/lib/mail/mail.server";

/** Minutes to wait after each failed attempt; after the last, the message is given up. */
export const RETRY_MINUTES = [1, 5, 15, 60, 180] as const;
/** How long a sender holds a message it is sending (a dead sender's claim runs out). */
const CLAIM_SECONDS = 120;
/** Sent messages are kept this long (to answer "did it go?"), then removed. */
const KEEP_SENT_DAYS = 30;

const ClaimedMail = z.object({
  id: col.int,
  attempts: col.int,
  recipient: col.text,
  subject: col.text,
  body_text: col.text,
  body_html: col.text.nullable(),
});

export function mailOutboxStore(db: Database): MailStore {
  return {
    async save(message) {
      await db.execute(
        sql`insert into mail_outbox (recipient, subject, body_text, body_html) values (${message.to}, ${message.subject}, ${message.text}, ${message.html ?? null})`,
      );
    },
    async claim() {
      const row = await selectRow(
        db,
        ClaimedMail,
        sql`update mail_outbox set claimed_until = now() + make_interval(secs => ${CLAIM_SECONDS}), attempts = attempts + 1
             where id = (select id from mail_outbox
                          where sent_at is null and failed_at is null and next_attempt_at <= now()
                            and (claimed_until is null or claimed_until < now())
                          order by id limit 1 for update skip locked)
             returning id, attempts, recipient, subject, body_text, body_html`,
      );
      if (!row) return null;
      const message = { to: row.recipient, subject: row.subject, text: row.body_text, ...(row.body_html ? { html: row.body_html } : {}) };
      return { id: row.id, attempts: row.attempts, message };
    },
    async sent(id) {
      await db.execute(sql`update mail_outbox set sent_at = now(), claimed_until = null, last_error = null where id = ${id}`);
    },
    async failed(id, error, attempts) {
      const wait = RETRY_MINUTES[attempts - 1];
      await db.execute(
        wait === undefined
          ? sql`update mail_outbox set failed_at = now(), claimed_until = null, last_error = ${error} where id = ${id}`
          : sql`update mail_outbox set next_attempt_at = now() + make_interval(mins => ${wait}), claimed_until = null, last_error = ${error} where id = ${id}`,
      );
    },
  };
}

/**
 * Registers the outbox for queueMail, starts sending what a previous run left (a crash, a stop
 * mid-send) without holding up the caller, and looks again every `sweepMs` for retries that came
 * due. The returned function stops it.
 */
export function startMailOutbox(db: Database, { sweepMs = 30_000 } = {}): () => void {
  setMailStore(mailOutboxStore(db));
  const sweep = () =>
    deliverQueuedMail()
      .then(() => db.execute(sql`delete from mail_outbox where sent_at < now() - make_interval(days => ${KEEP_SENT_DAYS})`))
      .catch((error: unknown) => logger().warn({ err: error }, "mail outbox could not be swept"));
  void sweep();
  const timer = setInterval(() => void sweep(), sweepMs);
  timer.unref();
  return () => {
    clearInterval(timer);
    setMailStore(undefined);
  };
}
