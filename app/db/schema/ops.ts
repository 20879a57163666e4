/**
 * Operations and administration: counters and attempts shared by every app instance, secrets
 * generated once per installation, and the AI workshop's settings.
 */
import { sql } from "drizzle-orm";
import { bigserial, check, index, integer, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { createdAt, mentionedUserId, timestamps } from "./columns";

/** Fixed-window counters shared by every app instance (sign-in attempts, write rate limits). */
export const rate_limits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  count: integer("count").notNull().default(0),
  window_start: timestamp("window_start", { withTimezone: true }).notNull().defaultNow(),
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
    id: serial("id").primaryKey(),
    content_format: text("content_format").notNull().default("plain"),
    provider: text("provider").notNull().default("none"),
    /** Encrypted at rest; never sent back whole. */
    api_key: text("api_key"),
    user_id: mentionedUserId("user_id"),
    ...timestamps,
  },
  () => [
    check("ai_settings_provider_check", sql`provider in ('none', 'openai', 'anthropic', 'google')`),
    check("ai_settings_format_check", sql`content_format in ('plain', 'html')`),
  ],
);
