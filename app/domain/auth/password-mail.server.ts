/**
 * The password reset e-mail, sent by Better Auth's `emailAndPassword.sendResetPassword` hook.
 * Kept apart from features/auth/requests.server.ts, which uses the Better Auth instance this hook configures.
 */
import { sql } from "drizzle-orm";
import { z } from "zod";
import { col, selectRow } from "~/db/rows.server";
import { getDb } from "~/db/registry.server";
import { env } from "~/lib/env.server";
import { logger } from "~/lib/logger.server";
import { queueMail, type MailMessage } from "~/lib/mail/mail.server";

/** How long a reset link works (Better Auth's resetPasswordTokenExpiresIn). */
export const RESET_TOKEN_TTL_SECONDS = 60 * 60;

/** Whether the user has an e-mail and password sign-in (Google and development accounts have none). */
export async function hasPassword(userId: string): Promise<boolean> {
  const row = await selectRow(
    getDb(),
    z.object({ found: col.bool }),
    sql`select exists (select 1 from account where user_id = ${userId} and provider_id = 'credential' and password is not null) as found`,
  );
  return row?.found === true;
}

export function resetPasswordLink(appUrl: string, token: string): string {
  return `${appUrl}/reset-password?token=${encodeURIComponent(token)}`;
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

export function resetPasswordMessage(to: string, link: string, siteName: string): MailMessage {
  const hours = RESET_TOKEN_TTL_SECONDS / 3600;
  const validity = `The link works for ${hours === 1 ? "one hour" : `${hours} hours`} and only once.`;
  const ignore = "If you did not ask for this, you can ignore this e-mail: your password stays as it is.";
  return {
    to,
    subject: `Reset your ${siteName} password`,
    text: [
      "Hello,",
      "",
      `Someone (hopefully you) asked to reset the password of your ${siteName} account.`,
      "Open this link to choose a new password:",
      "",
      link,
      "",
      validity,
      ignore,
      "",
      `— ${siteName}`,
    ].join("\n"),
    html: [
      "<p>Hello,</p>",
      `<p>Someone (hopefully you) asked to reset the password of your ${escapeHtml(siteName)} account.</p>`,
      `<p><a href="${escapeHtml(link)}">Choose a new password</a></p>`,
      `<p>Or paste this address into your browser:<br>${escapeHtml(link)}</p>`,
      `<p>${escapeHtml(validity)} ${escapeHtml(ignore)}</p>`,
      `<p>— ${escapeHtml(siteName)}</p>`,
    ].join("\n"),
  };
}

/**
 * Better Auth calls this for any known address. Only accounts with a password get the e-mail
 * (members sign in with Google); either way the visitor sees the same answer. The message goes
 * out in the background so the answer's timing does not tell either.
 */
export async function sendResetPasswordEmail(appUrl: string, data: { user: { id: string; email: string }; token: string }) {
  try {
    if (!(await hasPassword(data.user.id))) {
      logger().info({ userId: data.user.id }, "password reset asked for an account without a password; no e-mail sent");
      return;
    }
    queueMail(resetPasswordMessage(data.user.email, resetPasswordLink(appUrl, data.token), env().SITE_NAME));
  } catch (error) {
    logger().error({ err: error }, "password reset e-mail could not be prepared");
  }
}
