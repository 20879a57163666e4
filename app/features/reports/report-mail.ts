/** The e-mails that close a report's loop: its outcome to each reporter, a changed listing to its makers. */
import type { MailMessage } from "~/lib/mail/mail.server";
import { truncateText } from "~/lib/text";
import { REASON_LABELS } from "./reports";
import type { ReportMailee } from "./mutations.server";
import type { ReportOutcome, ReportReason } from "~/lib/constants";

interface Site {
  name: string;
  url: string;
}

const OUTCOME_SENTENCES: Record<ReportOutcome, string> = {
  fixed: "An administrator checked it and corrected the listing.",
  unpublished: "An administrator checked it and took the listing down.",
  dismissed: "An administrator checked it and found nothing that needed changing.",
};

const greeting = (name: string | null) => `Hello${name ? ` ${name}` : ""},`;

export function reporterMessage(
  reporter: ReportMailee & { reason: ReportReason },
  report: { productName: string; slug: string; outcome: ReportOutcome; resolution: string },
  site: Site,
): MailMessage {
  const name = truncateText(report.productName, 80);
  return {
    to: reporter.to,
    subject: `Your report of ${name}`,
    text: [
      greeting(reporter.name),
      "",
      `Thank you for reporting ${name} (${REASON_LABELS[reporter.reason]}). ${OUTCOME_SENTENCES[report.outcome]}`,
      "",
      `Reason given: ${report.resolution}`,
      ...(report.outcome === "unpublished" ? [] : ["", `${site.url}/resources/${report.slug}`]),
      "",
      `— ${site.name}`,
    ].join("\n"),
  };
}

export function makerMessage(maker: ReportMailee, report: { productName: string; outcome: "fixed" | "unpublished"; resolution: string }, site: Site): MailMessage {
  const name = truncateText(report.productName, 80);
  const what = report.outcome === "fixed" ? "corrected" : "unpublished (it is a draft again)";
  return {
    to: maker.to,
    subject: report.outcome === "fixed" ? `${name} was corrected after a report` : `${name} was unpublished after a report`,
    text: [
      greeting(maker.name),
      "",
      `Visitors reported your listing ${name}, and an administrator ${what}.`,
      "",
      `Reason given: ${report.resolution}`,
      "",
      `You can see and edit it on My Products: ${site.url}/my-products`,
      "",
      `— ${site.name}`,
    ].join("\n"),
  };
}
