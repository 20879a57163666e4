/**
 * The audit log's reader (decision 036 writes it, decision 040 shows it): newest first, filtered
 * and paged on the server. Read-only: the application never updates or deletes an entry.
 */
import { sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "~/db/client.server";
import { col, selectRow, selectRows } from "~/db/rows.server";
import { pageCountOf } from "~/lib/paging";
import { AUDIT_PAGE_SIZE, type AuditEntryView, type AuditFilters, type AuditPage, type ParsedAuditQuery } from "./audit-log";

type Executor = Pick<Database, "execute">;

/** `%` and `_` typed by the admin are searched as themselves. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function conditions(filters: AuditFilters): SQL {
  const parts: SQL[] = [sql`true`];
  if (filters.action) parts.push(sql`action = ${filters.action}`);
  if (filters.entityType) parts.push(sql`entity_type = ${filters.entityType}`);
  if (filters.entityId) parts.push(sql`entity_id = ${filters.entityId}`);
  if (filters.actor) parts.push(sql`actor_email ilike ${likePattern(filters.actor)}`);
  // Whole days in UTC; the "to" day is included.
  if (filters.from) parts.push(sql`created_at >= ${filters.from}::date::timestamp at time zone 'UTC'`);
  if (filters.to) parts.push(sql`created_at < (${filters.to}::date + 1)::timestamp at time zone 'UTC'`);
  return sql.join(parts, sql` and `);
}

/**
 * The distinct values of an indexed column for the filter menus, read as a loose index scan (one
 * index probe per value) rather than a scan of the whole log.
 */
async function distinctValues(db: Executor, column: "action" | "entity_type"): Promise<string[]> {
  const c = sql.identifier(column);
  const rows = await selectRows(
    db,
    z.object({ value: col.text }),
    sql`with recursive v(value) as (
          (select ${c} from audit_log order by ${c} limit 1)
          union all
          select (select ${c} from audit_log where ${c} > v.value order by ${c} limit 1) from v where v.value is not null
        )
        select value from v where value is not null limit 500`,
  );
  return rows.map((row) => row.value);
}

export async function readAuditLog(db: Executor, query: ParsedAuditQuery): Promise<AuditPage> {
  const where = conditions(query.filters);
  const count = await selectRow(db, z.object({ n: col.int }), sql`select count(*)::int as n from audit_log where ${where}`);
  const total = count?.n ?? 0;
  const rows = await selectRows(
    db,
    z.object({
      id: col.int,
      created_at: col.text,
      actor_email: col.text,
      action: col.text,
      entity_type: col.text,
      entity_id: col.text.nullable(),
      summary: col.text.nullable(),
      changes: col.json,
    }),
    sql`select id, created_at::text, actor_email, action, entity_type, entity_id, summary, changes
          from audit_log
         where ${where}
         order by created_at desc, id desc
         limit ${AUDIT_PAGE_SIZE} offset ${(query.page - 1) * AUDIT_PAGE_SIZE}`,
  );
  const [actions, entityTypes] = [await distinctValues(db, "action"), await distinctValues(db, "entity_type")];
  const entries: AuditEntryView[] = rows.map((row) => ({
    id: row.id,
    createdAt: row.created_at,
    actorEmail: row.actor_email,
    action: row.action,
    entityType: row.entity_type,
    entityId: row.entity_id,
    summary: row.summary,
    changes: row.changes,
  }));
  return {
    entries,
    total,
    page: query.page,
    pageCount: pageCountOf(total, AUDIT_PAGE_SIZE),
    filters: query.filters,
    ignored: query.ignored,
    actions,
    entityTypes,
  };
}
