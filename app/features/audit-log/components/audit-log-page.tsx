import { useId, type FormEvent } from "react";
import { Form, Link, useNavigate } from "react-router";
import { Card } from "~/components/admin/cards";
import { ChangesTable, FieldValue } from "~/components/admin/changes-table";
import { Pager } from "~/components/admin/pager";
import { Button } from "~/components/ui/button";
import { FormAlert, FormField } from "~/components/ui/form-field";
import { auditSearch, EMPTY_FILTERS, fieldChanges, hasFilters, type AuditEntryView, type AuditPage } from "../audit-log";
import { auditProducts, NAMED_FIRST, type AuditProductRef } from "~/domain/audit/audit-names";

const dateFormat = new Intl.DateTimeFormat("en", { dateStyle: "medium", timeStyle: "medium", timeZone: "UTC" });

const selectClass =
  "flex h-10 w-full min-w-0 rounded-md border border-input bg-background px-3 py-2 text-base text-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring md:text-sm";

function When({ value }: { value: string }) {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return <span>{value}</span>;
  return <time dateTime={date.toISOString()}>{dateFormat.format(date)} UTC</time>;
}

/** A filter menu: "all", then what the log holds, plus the current value if the URL named another. */
function FilterMenu({ id, name, label, all, known, current }: { id: string; name: string; label: string; all: string; known: string[]; current: string }) {
  const choices = current && !known.includes(current) ? [current, ...known] : known;
  return (
    <FormField id={id} name={name} label={label}>
      {(control) => (
        <select {...control} defaultValue={current} className={selectClass}>
          <option value="">{all}</option>
          {choices.map((choice) => (
            <option key={choice} value={choice}>
              {choice}
            </option>
          ))}
        </select>
      )}
    </FormField>
  );
}

/** /admin/audit: filters in the URL, entries newest first, before/after values behind a disclosure. */
export function AuditLogPage({ entries, total, page, pageCount, filters, ignored, actions, entityTypes }: AuditPage) {
  const filtered = hasFilters(filters);
  const navigate = useNavigate();
  // With JavaScript the URL keeps only the filters in use (without it the form sends every field).
  function applyFilters(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const params = new URLSearchParams();
    for (const [name, value] of new FormData(event.currentTarget)) {
      if (typeof value === "string" && value.trim()) params.append(name, value.trim());
    }
    const search = params.toString();
    void navigate(`/admin/audit${search ? `?${search}` : ""}`);
  }
  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">Audit Log</h1>
        <p className="text-sm text-muted-foreground">Every change an administrator made: who, when, what, and the values before and after.</p>
      </div>
      <Card id="audit-filters-heading" title="Filters">
        {/* A new key per view resets the fields to the URL's values after Back or Clear. */}
        <Form method="get" key={auditSearch(filters)} onSubmit={applyFilters} className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          <FilterMenu id="audit-action" name="action" label="Action" all="All actions" known={actions} current={filters.action} />
          <FilterMenu id="audit-entity" name="entity" label="Entity type" all="All types" known={entityTypes} current={filters.entityType} />
          <FormField id="audit-id" name="id" label="Entity id" defaultValue={filters.entityId} maxLength={200} autoComplete="off" />
          <FormField id="audit-actor" name="actor" label="Actor e-mail" hint="Part of the address is enough" defaultValue={filters.actor} maxLength={320} autoComplete="off" />
          <FormField id="audit-from" name="from" label="From date (UTC)" type="date" defaultValue={filters.from} />
          <FormField id="audit-to" name="to" label="To date (UTC)" type="date" defaultValue={filters.to} />
          <div className="flex flex-wrap items-center gap-2 sm:col-span-2 lg:col-span-3">
            <Button type="submit">Apply filters</Button>
            {filtered ? (
              <Button asChild variant="outline">
                <Link to="/admin/audit">Clear filters</Link>
              </Button>
            ) : null}
          </div>
        </Form>
      </Card>
      {ignored.length ? (
        <FormAlert>
          Some filters were ignored: {ignored.join("; ")}.
        </FormAlert>
      ) : null}
      <section aria-labelledby="audit-entries-heading" className="flex flex-col gap-4">
        <h2 id="audit-entries-heading" className="text-lg font-semibold">
          Entries
          <span className="ml-2 text-sm font-normal text-muted-foreground" role="status">
            {total.toLocaleString("en")} {total === 1 ? "entry" : "entries"}
            {filtered ? " match the filters" : ""}
          </span>
        </h2>
        {entries.length ? (
          <ol className="flex flex-col gap-3">
            {entries.map((entry) => (
              <AuditEntry key={entry.id} entry={entry} />
            ))}
          </ol>
        ) : (
          <p className="rounded-lg border bg-card p-4 text-sm text-muted-foreground">{filtered ? "No entries match these filters." : "No admin actions recorded yet."}</p>
        )}
        <Pager
          page={page}
          pageCount={pageCount}
          href={(p) => `/admin/audit${auditSearch(filters, p)}`}
          label="Audit log pages"
          previous="Newer entries"
          next="Older entries"
          keepScroll={false}
        />
      </section>
    </div>
  );
}

function Changes({ entry }: { entry: AuditEntryView }) {
  const rows = fieldChanges(entry.changes);
  if (rows && !rows.length) return <p className="text-sm text-muted-foreground">No field values recorded.</p>;
  const label = rows ? `Changed fields (${rows.length})` : "Details";
  return (
    <details className="group rounded-md border">
      <summary className="cursor-pointer rounded-md px-3 py-2 text-sm font-medium hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring">{label}</summary>
      <div className="border-t p-2">
        {rows ? (
          <ChangesTable
            caption={`Values before and after entry #${entry.id}`}
            headers={["Field", "Before", "After"]}
            rows={rows.map((row) => ({ field: row.field, label: row.field, before: <FieldValue value={row.before} />, after: <FieldValue value={row.after} /> }))}
          />
        ) : (
          <pre className="overflow-x-auto p-2 text-xs whitespace-pre-wrap [overflow-wrap:anywhere]">{JSON.stringify(entry.changes, null, 2)}</pre>
        )}
      </div>
    </details>
  );
}

/** The first few products an entry names, linked to their edit page (deleted ones by name), then "and N more". */
function NamedProducts({ products, linked }: { products: AuditProductRef[]; linked: boolean }) {
  const shown = products.slice(0, NAMED_FIRST);
  const more = products.length - shown.length;
  return (
    <>
      {shown.map((product, index) => (
        <span key={product.id}>
          {index > 0 ? (index === shown.length - 1 && !more ? " and " : ", ") : null}
          {linked ? (
            <Link to={`/admin/products/edit/${product.id}`} className="underline underline-offset-4 hover:text-primary">
              {product.name}
            </Link>
          ) : (
            product.name
          )}
        </span>
      ))}
      {more ? ` and ${more.toLocaleString("en")} more` : null}
    </>
  );
}

function AuditEntry({ entry }: { entry: AuditEntryView }) {
  const headingId = useId();
  const entityLabel = entry.entityId ? `${entry.entityType} #${entry.entityId}` : entry.entityType;
  const products = auditProducts(entry.changes);
  return (
    <li>
      <article aria-labelledby={headingId} className="flex flex-col gap-2 rounded-lg border bg-card p-4 shadow-sm">
        <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
          <h3 id={headingId} className="font-mono text-sm font-semibold break-all">
            {entry.action}
          </h3>
          <p className="text-xs text-muted-foreground">
            <When value={entry.createdAt} />
          </p>
        </div>
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
          <dt className="text-muted-foreground">Who</dt>
          {/* A grid's 1fr column is never narrower than its longest word unless the word may break
              anywhere: user ids and e-mail addresses would stretch the page at 360 px. */}
          <dd className="min-w-0 break-all">{entry.actorEmail}</dd>
          <dt className="text-muted-foreground">What</dt>
          <dd className="min-w-0 [overflow-wrap:anywhere]">
            <Link
              to={`/admin/audit${auditSearch({ ...EMPTY_FILTERS, entityType: entry.entityType, entityId: entry.entityId ?? "" })}`}
              className="underline underline-offset-4 hover:text-primary"
              aria-label={`History of ${entityLabel}`}
            >
              {entityLabel}
            </Link>
          </dd>
          {products ? (
            <>
              <dt className="text-muted-foreground">Products</dt>
              <dd className="min-w-0 [overflow-wrap:anywhere]">
                <NamedProducts products={products} linked={entry.action !== "products.delete"} />
              </dd>
            </>
          ) : null}
          {entry.summary ? (
            <>
              <dt className="text-muted-foreground">Summary</dt>
              <dd className="min-w-0 [overflow-wrap:anywhere]">{entry.summary}</dd>
            </>
          ) : null}
        </dl>
        <Changes entry={entry} />
      </article>
    </li>
  );
}
