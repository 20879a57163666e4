/**
 * Operations and administration: counters and attempts shared by every app instance, secrets
 * generated once per installation, and the AI workshop's settings.
 */
import { sql } from "drizzle-orm";
import { bigint, bigserial, check, index, integer, jsonb, pgTable, serial, smallint, text, timestamp } from "drizzle-orm/pg-core";
import { createdAt, mentionedUserId, timestamps } from "./columns";

/** Fixed-window counters shared by every app instance (sign-in attempts, write rate limits). */
export const rate_limits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  count: integer("count").notNull().default(0),
  window_start: timestamp("window_start", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One row counting every cache invalidation ever sent (app/db/cache-bus.server.ts). An instance
 * that finds a higher number than it has heard of has missed, or not yet heard, an invalidation
 * from another instance, so it never answers from data cached before it.
 */
export const cache_epoch = pgTable("cache_epoch", {
  id: smallint("id").primaryKey(),
  epoch: bigint("epoch", { mode: "number" }).notNull().default(0),
});

/**
 * Admin Portal sign-in attempts (shared by every app instance through the database): failures
 * within 15 minutes per e-mail and client address pair and per client address refuse further
 * attempts; failures against one e-mail from many addresses slow it down (decision 024).
 */
export const login_attempts = pgTable(
  "login_attempts",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    email: text("email").notNull(),
    ip: text("ip").notNull(),
    /** failed (also while the password is being checked), succeeded, or refused (not tried: too many failures). */
    outcome: text("outcome").notNull().default("failed"),
    created_at: createdAt(),
  },
  (t) => [
    index("login_attempts_email_idx").on(t.email, t.created_at),
    index("login_attempts_ip_idx").on(t.ip, t.created_at),
    check("login_attempts_outcome_check", sql`outcome in ('failed', 'succeeded', 'refused')`),
  ],
);

/** Secrets generated once per installation and shared by every instance (the auth secret without AUTH_SECRET). */
export const app_secrets = pgTable("app_secrets", {
  name: text("name").primaryKey(),
  value: text("value").notNull(),
  created_at: createdAt(),
});

export const ai_workshop_settings = pgTable(
  "ai_workshop_settings",
  {
    /** One row for the installation (decision 048): always id 1. */
    id: serial("id").primaryKey(),
    content_format: text("content_format").notNull().default("plain"),
    provider: text("provider").notNull().default("none"),
    /** The model name (e.g. gpt-4o-mini); empty means the provider's default chosen by the app. */
    model: text("model").notNull().default(""),
    /** Base URL of an OpenAI-compatible endpoint (only for provider 'openai-compatible'). */
    base_url: text("base_url"),
    /** AES-256-GCM sealed (key derived from AUTH_SECRET by HKDF); never sent back whole. */
    api_key: text("api_key"),
    /** The last 4 characters of the key, the only part ever shown. */
    api_key_last4: text("api_key_last4"),
    user_id: mentionedUserId("user_id"),
    ...timestamps,
  },
  () => [
    check("ai_settings_provider_check", sql`provider in ('none', 'openai', 'anthropic', 'google', 'openai-compatible')`),
    check("ai_settings_format_check", sql`content_format in ('plain', 'html')`),
    check("ai_settings_single_row_check", sql`id = 1`),
  ],
);

/**
 * Every admin write (decision 036): who, when, what, and the before/after values of the fields it
 * changed, written in the same transaction as the change (app/domain/audit/audit.server.ts).
 */
export const audit_log = pgTable(
  "audit_log",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    actor_id: mentionedUserId("actor_id"),
    /** Kept as written: the account may be deleted later and the entry must still say who. */
    actor_email: text("actor_email").notNull(),
    /** What was done, e.g. product.create, product.update, product.delete, products.publish, revision.approve. */
    action: text("action").notNull(),
    /** The kind of record: product, revision, claim, niche, subcategory, user, settings, cache. */
    entity_type: text("entity_type").notNull(),
    /** Its id (text: some ids are not integers); null for actions on many rows or none. */
    entity_id: text("entity_id"),
    /** A short human label (the product's name, "12 products"). */
    summary: text("summary"),
    /** `{ field: { before, after } }` for changed fields; for bulk actions `{ ids: [...] }` and the like. */
    changes: jsonb("changes").notNull().default(sql`'{}'::jsonb`),
    created_at: createdAt(),
  },
  (t) => [
    index("audit_log_created_idx").on(t.created_at.desc(), t.id.desc()),
    index("audit_log_entity_idx").on(t.entity_type, t.entity_id),
    index("audit_log_actor_idx").on(t.actor_id, t.created_at.desc()),
    index("audit_log_action_idx").on(t.action, t.created_at.desc()),
  ],
);

/**
 * Server errors the app answered with a 5xx (the admin's Debug Tools list): time, method, route
 * pattern and message, never request bodies, headers or secrets. Pruned to the newest rows.
 */
export const error_log = pgTable(
  "error_log",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    method: text("method").notNull(),
    /** The path without its query string. */
    path: text("path").notNull(),
    status: integer("status").notNull(),
    message: text("message").notNull(),
    created_at: createdAt(),
  },
  (t) => [index("error_log_created_idx").on(t.created_at.desc())],
);

/**
 * E-mail waiting to be sent (decision 073): written before anything is sent, so a crash or a
 * failing mail server delays a message instead of losing it. Sent at least once: a process that
 * dies mid-send leaves its claim to expire and the message is sent again.
 */
export const mail_outbox = pgTable(
  "mail_outbox",
  {
    id: serial("id").primaryKey(),
    recipient: text("recipient").notNull(),
    subject: text("subject").notNull(),
    body_text: text("body_text").notNull(),
    body_html: text("body_html"),
    created_at: createdAt(),
    attempts: integer("attempts").notNull().default(0),
    next_attempt_at: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    /** A sender is on it until then (a dead sender's claim runs out). */
    claimed_until: timestamp("claimed_until", { withTimezone: true }),
    sent_at: timestamp("sent_at", { withTimezone: true }),
    /** Given up after the last attempt; last_error says why. */
    failed_at: timestamp("failed_at", { withTimezone: true }),
    last_error: text("last_error"),
  },
  (t) => [index("mail_outbox_due_idx").on(t.next_attempt_at).where(sql`sent_at is null and failed_at is null`)],
);
