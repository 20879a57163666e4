/**
 * The e-mails that tell a maker how an administrator decided on their revision or claim. Sent
 * after the decision commits (`queueMail`): a mail that cannot be delivered is logged and the
 * decision stands.
 */
import { env } from "~/lib/env.server";
import { queueMail, type MailMessage } from "~/lib/mail/mail.server";
import { logger } from "~/lib/logger.server";
import { truncateText } from "~/lib/text";

export interface DecisionMail {
  kind: "revision" | "claim";
  decision: "approved" | "rejected";
  to: string | null;
  username: string | null;
  productId: number;
  productName: string;
  slug: string;
  reason: string | null;
}

export function decisionMessage(mail: DecisionMail & { to: string }, site: { name: string; url: string }): MailMessage {
  const name = truncateText(mail.productName, 80);
  const productUrl = `${site.url}/resources/${mail.slug}`;
  const greeting = `Hello${mail.username ? ` ${mail.username}` : ""},`;
  const reason = mail.reason ? ["", `Reason given: ${mail.reason}`] : [];
  const signature = ["", `— ${site.name}`];
  if (mail.kind === "revision" && mail.decision === "approved") {
    return {
      to: mail.to,
      subject: `Your changes to ${name} are live`,
      text: [greeting, "", `An administrator reviewed your changes to ${name} and approved them.`, "They are now on the public page:", "", productUrl, ...signature].join("\n"),
    };
  }
  if (mail.kind === "revision") {
    return {
      to: mail.to,
      subject: `Your changes to ${name} were not approved`,
      text: [
        greeting,
        "",
        `An administrator reviewed your changes to ${name} and did not approve them. The listing keeps its current version.`,
        ...reason,
        "",
        "You can edit the product again here:",
        `${site.url}/my-products/edit/${mail.productId}`,
        ...signature,
      ].join("\n"),
    };
  }
  if (mail.decision === "approved") {
    return {
      to: mail.to,
      subject: `Your claim for ${name} was approved`,
      text: [greeting, "", `An administrator approved your claim: you are now listed as a maker of ${name}.`, "", productUrl, ...signature].join("\n"),
    };
  }
  return {
    to: mail.to,
    subject: `Your claim for ${name} was not approved`,
    text: [greeting, "", `An administrator reviewed your claim to be a maker of ${name} and did not approve it.`, ...reason, ...signature].join("\n"),
  };
}

/** Queues the maker's e-mail (after the commit); without an address (account gone) it is only logged. */
export function notifyMaker(mail: DecisionMail): void {
  if (!mail.to) {
    logger().info({ kind: mail.kind, productId: mail.productId }, "moderation decision: the maker has no e-mail address, none sent");
    return;
  }
  try {
    const e = env();
    queueMail(decisionMessage({ ...mail, to: mail.to }, { name: e.SITE_NAME, url: e.APP_URL }));
  } catch (error) {
    logger().error({ err: error, kind: mail.kind, productId: mail.productId }, "moderation decision e-mail could not be prepared");
  }
}
