/**
 * The e-mails that tell the member who submitted a product what became of it (decision 043):
 * approved (it is now a draft an administrator prepares), published (it is live) and rejected
 * (with the reason, when one was given). Recipients are read inside the deciding transaction
 * (`submitterMails`); the messages go out only after it commits (`notifySubmitters`), and a mail
 * that cannot be sent is logged: the decision stands.
 */
import { sql } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "~/db/client.server";
import { col, selectRows } from "~/db/rows.server";
import { intArray } from "~/db/sql-arrays";
import { env } from "~/lib/env.server";
import { logger } from "~/lib/logger.server";
import { queueMail, type MailMessage } from "~/lib/mail/mail.server";
import { truncateText } from "~/lib/text";

export type SubmissionOutcome = "approved" | "published" | "rejected";

export interface SubmitterMail {
  outcome: SubmissionOutcome;
  productId: number;
  productName: string;
  slug: string;
  to: string | null;
  username: string | null;
  reason: string | null;
}

/**
 * The submitters of these products (their account's address first, else the address stored with
 * the submission). Products without a submitter are left out: nobody is waiting for word on them.
 */
export async function submitterMails(
  tx: Pick<Database, "execute">,
  ids: readonly number[],
  outcome: SubmissionOutcome,
  reason: string | null = null,
): Promise<SubmitterMail[]> {
  if (!ids.length) return [];
  const rows = await selectRows(
    tx,
    z.object({ id: col.int, product_name: col.text, slug: col.text, email: col.text.nullable(), username: col.text.nullable() }),
    sql`select p.id, p.product_name, p.slug,
               coalesce(u.email, p.submitter_email) as email,
               coalesce(pr.username, p.submitter_name) as username
          from products p
          left join "user" u on u.id = p.submitter_id
          left join profiles pr on pr.id = p.submitter_id
         where p.id = any(${intArray(ids)}) and (p.submitter_id is not null or p.submitter_email is not null)
         order by p.id`,
  );
  return rows.map((row) => ({
    outcome,
    productId: row.id,
    productName: row.product_name,
    slug: row.slug,
    to: row.email,
    username: row.username,
    reason: reason?.trim() || null,
  }));
}

export function submitterMessage(mail: SubmitterMail & { to: string }, site: { name: string; url: string }): MailMessage {
  const name = truncateText(mail.productName, 80);
  const greeting = `Hello${mail.username ? ` ${mail.username}` : ""},`;
  const signature = ["", `— ${site.name}`];
  const myProducts = `${site.url}/my-products`;
  if (mail.outcome === "approved") {
    return {
      to: mail.to,
      subject: `Your submission ${name} was approved`,
      text: [
        greeting,
        "",
        `An administrator approved your submission ${name}. It is now a draft that the team prepares for publication; you will get another e-mail when it is live.`,
        "",
        `You can follow its status on My Products: ${myProducts}`,
        ...signature,
      ].join("\n"),
    };
  }
  if (mail.outcome === "published") {
    return {
      to: mail.to,
      subject: `${name} is now live`,
      text: [greeting, "", `Your product ${name} is now published:`, "", `${site.url}/resources/${mail.slug}`, ...signature].join("\n"),
    };
  }
  return {
    to: mail.to,
    subject: `Your submission ${name} was not approved`,
    text: [
      greeting,
      "",
      `An administrator reviewed your submission ${name} and did not approve it.`,
      ...(mail.reason ? ["", `Reason given: ${mail.reason}`] : []),
      "",
      `You can see it on My Products: ${myProducts}`,
      ...signature,
    ].join("\n"),
  };
}

/** Queues the e-mails (call after the commit); an address missing or unusable is only logged. */
export function notifySubmitters(mails: readonly SubmitterMail[]): void {
  if (!mails.length) return;
  let site: { name: string; url: string };
  try {
    const e = env();
    site = { name: e.SITE_NAME, url: e.APP_URL };
  } catch (error) {
    logger().error({ err: error }, "submission e-mails could not be prepared");
    return;
  }
  for (const mail of mails) {
    if (!mail.to) {
      logger().info({ outcome: mail.outcome, productId: mail.productId }, "submission decision: the submitter has no e-mail address, none sent");
      continue;
    }
    try {
      queueMail(submitterMessage({ ...mail, to: mail.to }, site));
    } catch (error) {
      logger().error({ err: error, outcome: mail.outcome, productId: mail.productId }, "submission e-mail could not be queued");
    }
  }
}
