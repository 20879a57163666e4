/**
 * Outgoing e-mail. With SMTP_URL set, messages go to that SMTP server through nodemailer;
 * without it, each message is written as a complete RFC 822 file to DATA_DIR/outbox/
 * (`<timestamp>-<random>.eml`), which a developer can open in a mail client and tests read back.
 */
import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";
import { z } from "zod";
import { env, type Env } from "~/lib/env.server";
import { logger } from "~/lib/logger.server";
import { services } from "~/lib/services.server";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface MailSettings {
  /** smtp(s)://user:pass@host:port, or null for the outbox directory. */
  smtpUrl: string | null;
  /** The From header, e.g. `Toolnest <no-reply@toolnest.example>`. */
  from: string;
  /** Where messages are written when there is no SMTP server. */
  outboxDir: string;
}

export interface SentMail {
  messageId: string;
  transport: "smtp" | "outbox";
  /** The .eml file written (outbox only). */
  file?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<SentMail>;
  close(): void;
}

export function mailSettingsFromEnv(e: Env = env()): MailSettings {
  return { smtpUrl: e.SMTP_URL ?? null, from: e.MAIL_FROM, outboxDir: path.join(e.DATA_DIR, "outbox") };
}

const messageSchema = z.object({
  to: z.email(),
  // A header: no line breaks (nodemailer folds long ones itself).
  subject: z
    .string()
    .trim()
    .min(1)
    .max(200)
    .transform((s) => s.replace(/[\r\n]+/g, " ")),
  text: z.string().min(1),
  html: z.string().min(1).optional(),
});

/** A file name that sorts by time and never collides: 20250102T030405678Z-<12 hex>.eml */
function outboxFileName(now = new Date()): string {
  const stamp = now.toISOString().replace(/[-:.]/g, "");
  return `${stamp}-${crypto.randomBytes(6).toString("hex")}.eml`;
}

export function createMailer(settings: MailSettings): Mailer {
  if (settings.smtpUrl) {
    const transport = nodemailer.createTransport({
      url: settings.smtpUrl,
      // A dead server must not hold a request for minutes.
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
    });
    return {
      async send(message) {
        const mail = messageSchema.parse(message);
        const info = await transport.sendMail({ from: settings.from, ...mail });
        return { messageId: info.messageId, transport: "smtp" };
      },
      close: () => transport.close(),
    };
  }

  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    async send(message) {
      const mail = messageSchema.parse(message);
      const info = await composer.sendMail({ from: settings.from, ...mail });
      await fs.mkdir(settings.outboxDir, { recursive: true });
      const file = path.join(settings.outboxDir, outboxFileName());
      await fs.writeFile(file, info.message, { mode: 0o600, flag: "wx" });
      return { messageId: info.messageId, transport: "outbox", file };
    },
    close: () => composer.close(),
  };
}

/**
 * Where queued messages wait until they are sent (the database's mail_outbox, registered by the
 * server at start: app/domain/mail-outbox.server.ts). Without one, queueMail sends straight away.
 */
export interface MailStore {
  save(message: MailMessage): Promise<void>;
  /** The next message due, claimed for this sender for a while; null when none is due. */
  claim(): Promise<{ id: number; attempts: number; message: MailMessage } | null>;
  sent(id: number): Promise<void>;
  failed(id: number, error: string, attempts: number): Promise<void>;
}

interface MailState {
  mailer: Mailer;
  pending: Set<Promise<unknown>>;
  store?: MailStore;
  delivering?: Promise<void>;
  again?: boolean;
}

declare module "~/lib/services.server" {
  interface Services {
    /** The mailer, the messages on their way, and the outbox the server registers at start. */
    mail: MailState;
  }
}

function state(): MailState {
  return (services().mail ??= { mailer: createMailer(mailSettingsFromEnv()), pending: new Set() });
}

/** Sends one message now (SMTP or outbox, from the environment); rejects when delivery fails. */
export async function sendMail(message: MailMessage): Promise<SentMail> {
  return state().mailer.send(message);
}

function track(work: Promise<unknown>) {
  const { pending } = state();
  pending.add(work);
  void work.finally(() => pending.delete(work));
}

/**
 * Sends in the background: the caller answers at once (so a response does not reveal, by its
 * timing or an error, whether a message was sent). With a store, the message is written there
 * first and sent from it, so a crash or a failing mail server delays it instead of losing it;
 * a message that cannot be a message at all (no valid address) is only logged.
 */
export function queueMail(message: MailMessage): void {
  const { mailer, store } = state();
  const parsed = messageSchema.safeParse(message);
  if (!parsed.success) {
    logger().error({ subject: message.subject, issues: parsed.error.issues.map((issue) => issue.path.join(".")) }, "mail could not be sent: not a valid message");
    return;
  }
  if (store) {
    track(
      store.save(message).then(
        () => deliverQueuedMail(),
        (error: unknown) => logger().error({ err: error, subject: message.subject }, "mail could not be queued"),
      ),
    );
    return;
  }
  track(
    mailer.send(message).then(
      (sent) => logger().info({ transport: sent.transport, messageId: sent.messageId }, "mail sent"),
      (error: unknown) => logger().error({ err: error, subject: message.subject }, "mail could not be sent"),
    ),
  );
}

/** Sends every message of the store that is due, one at a time; a call during a run makes it look again. */
export function deliverQueuedMail(): Promise<void> {
  const s = state();
  const store = s.store;
  if (!store) return Promise.resolve();
  if (s.delivering) {
    s.again = true;
    return s.delivering;
  }
  const run = (async () => {
    do {
      s.again = false;
      for (let item = await store.claim(); item; item = await store.claim()) {
        try {
          const sent = await s.mailer.send(item.message);
          await store.sent(item.id);
          logger().info({ transport: sent.transport, messageId: sent.messageId, outboxId: item.id }, "mail sent");
        } catch (error) {
          logger().error({ err: error, subject: item.message.subject, outboxId: item.id, attempts: item.attempts }, "mail could not be sent");
          await store.failed(item.id, error instanceof Error ? error.message : String(error), item.attempts);
        }
      }
    } while (s.again);
  })()
    .catch((error: unknown) => logger().error({ err: error }, "queued mail could not be read"))
    .finally(() => {
      s.delivering = undefined;
    });
  s.delivering = run;
  track(run);
  return run;
}

/** Resolves once every queued message has been delivered or has failed (tests, shutdown). */
export async function mailIdle(): Promise<void> {
  const { pending } = state();
  while (pending.size) await Promise.all([...pending]);
}

/** The store queueMail writes to (the server registers the database's at start; undefined: none). */
export function setMailStore(store: MailStore | undefined) {
  state().store = store;
}

/** Tests: use these settings (or forget the mailer so the next use reads the environment); the store stays. */
export function setMailSettings(settings: MailSettings | undefined) {
  const current = services().mail;
  const store = current?.store;
  current?.mailer.close();
  services().mail = settings ? { mailer: createMailer(settings), pending: new Set(), store } : store ? { mailer: createMailer(mailSettingsFromEnv()), pending: new Set(), store } : undefined;
}
