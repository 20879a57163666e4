/**
 * The admin CSV bulk upload (decision 042): an import record, the file's rows staged while it
 * streams in (mapping, preview and each row's outcome are kept here, not in the browser), and the
 * in-process job runner's queue used on the embedded database (PostgreSQL uses pg-boss's own).
 */
import { sql } from "drizzle-orm";
import { bigserial, boolean, check, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp } from "drizzle-orm/pg-core";
import { createdAt, inList, mentionedUserId } from "./columns";

export const IMPORT_STATES = ["uploading", "mapping", "queued", "running", "completed", "cancelled", "failed", "discarded", "expired"] as const;
export const IMPORT_ROW_OUTCOMES = ["imported", "duplicate", "invalid", "failed", "excluded"] as const;

/** A niche and optional subcategory chosen for rows (ids), or the file's own values when absent. */
export interface ImportPlacement {
  nicheId: number;
  subcategoryId?: number | null;
}

export interface ImportMapping {
  all?: ImportPlacement | null;
  /** Keyed by the group key of the rows (the file's niche and subcategory values). */
  groups?: Record<string, ImportPlacement>;
}

export const catalog_imports = pgTable(
  "catalog_imports",
  {
    id: serial("id").primaryKey(),
    admin_id: mentionedUserId("admin_id"),
    admin_email: text("admin_email").notNull(),
    file_name: text("file_name").notNull(),
    file_bytes: integer("file_bytes").notNull().default(0),
    state: text("state").notNull().default("uploading"),
    /** The file-level message (the spec's CSV messages) or why the job failed. */
    error: text("error"),
    /** The status imported products get: live or draft. */
    product_status: text("product_status").notNull().default("live"),
    rows_total: integer("rows_total").notNull().default(0),
    rows_valid: integer("rows_valid").notNull().default(0),
    rows_invalid: integer("rows_invalid").notNull().default(0),
    rows_empty: integer("rows_empty").notNull().default(0),
    rows_duplicate: integer("rows_duplicate").notNull().default(0),
    warnings: jsonb("warnings").$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    mapping: jsonb("mapping").$type<ImportMapping>().notNull().default(sql`'{}'::jsonb`),
    /** Progress of the import job. */
    rows_to_import: integer("rows_to_import").notNull().default(0),
    rows_done: integer("rows_done").notNull().default(0),
    rows_imported: integer("rows_imported").notNull().default(0),
    rows_skipped: integer("rows_skipped").notNull().default(0),
    rows_failed: integer("rows_failed").notNull().default(0),
    job_id: text("job_id"),
    cancel_requested: boolean("cancel_requested").notNull().default(false),
    /** Which worker runs it, and when it last said so: a stale heartbeat lets another take over. */
    worker: text("worker"),
    heartbeat_at: timestamp("heartbeat_at", { withTimezone: true }),
    created_at: createdAt(),
    started_at: timestamp("started_at", { withTimezone: true }),
    finished_at: timestamp("finished_at", { withTimezone: true }),
  },
  (t) => [
    index("catalog_imports_created_idx").on(t.created_at.desc(), t.id.desc()),
    index("catalog_imports_state_idx").on(t.state),
    check("catalog_imports_state_check", inList("state", IMPORT_STATES)),
    check("catalog_imports_status_check", inList("product_status", ["live", "draft"])),
  ],
);

export const catalog_import_rows = pgTable(
  "catalog_import_rows",
  {
    import_id: integer("import_id")
      .notNull()
      .references(() => catalog_imports.id, { onDelete: "cascade" }),
    /** Spreadsheet row number: the header is row 1. */
    row: integer("row").notNull(),
    /** The row's cells by column name, as written. */
    cells: jsonb("cells").$type<Record<string, string>>().notNull(),
    product_name: text("product_name").notNull().default(""),
    website_url: text("website_url").notNull().default(""),
    /** The file's niche and subcategory values, lowercased, joined by " / " ("" when both are empty). */
    group_key: text("group_key").notNull().default(""),
    /** Validation messages; empty when the row is valid. */
    messages: jsonb("messages").$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    slug: text("slug"),
    domain: text("domain"),
    name_key: text("name_key"),
    duplicate_of_row: integer("duplicate_of_row"),
    duplicate_product_id: integer("duplicate_product_id"),
    excluded: boolean("excluded").notNull().default(false),
    mapping: jsonb("mapping").$type<ImportPlacement>(),
    outcome: text("outcome"),
    outcome_message: text("outcome_message"),
    product_id: integer("product_id"),
  },
  (t) => [
    primaryKey({ columns: [t.import_id, t.row] }),
    index("catalog_import_rows_group_idx").on(t.import_id, t.group_key),
    check("catalog_import_rows_outcome_check", sql`outcome is null or ${inList("outcome", IMPORT_ROW_OUTCOMES)}`),
  ],
);

export const JOB_STATES = ["created", "active", "completed", "failed", "cancelled"] as const;

/** The in-process job runner's queue (embedded database only): kept here so a restart resumes. */
export const jobs = pgTable(
  "jobs",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    queue: text("queue").notNull(),
    data: jsonb("data").notNull().default(sql`'{}'::jsonb`),
    state: text("state").notNull().default("created"),
    singleton_key: text("singleton_key"),
    progress: jsonb("progress"),
    attempts: integer("attempts").notNull().default(0),
    error: text("error"),
    created_at: createdAt(),
    started_at: timestamp("started_at", { withTimezone: true }),
    finished_at: timestamp("finished_at", { withTimezone: true }),
  },
  (t) => [
    index("jobs_queue_state_idx").on(t.queue, t.state, t.id),
    check("jobs_state_check", inList("state", JOB_STATES)),
  ],
);
