/** One item of the moderation queue: a revision's diff or a claim's evidence, with Approve and Reject. */
import { CheckIcon, XIcon } from "lucide-react";
import { useId, type ReactNode } from "react";
import { Form, Link, useNavigation } from "react-router";
import { ChangesTable, FieldValue } from "~/components/admin/changes-table";
import { Button } from "~/components/ui/button";
import { FormField } from "~/components/ui/form-field";
import { useFormErrors } from "~/lib/use-form-errors";
import { decisionSchema, DOMAIN_MATCH_LABELS, REASON_MAX, type ClaimItem, type DiffRow, type Person, type RevisionItem } from "../moderation";

const dateFormat = new Intl.DateTimeFormat("en", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });

function When({ value }: { value: string }) {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return <span>{value}</span>;
  return <time dateTime={date.toISOString()}>{dateFormat.format(date)} UTC</time>;
}

const textareaClass =
  "min-h-20 w-full rounded-md border border-input bg-background px-3 py-2 text-base text-foreground placeholder:text-muted-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring md:text-sm";
function PersonLine({ person, label }: { person: Person; label: string }) {
  return (
    <p className="text-sm break-words text-muted-foreground">
      {label}: <span className="font-medium text-foreground">{person.username ?? "(no username)"}</span>
      {person.email ? <> · {person.email}</> : person.id ? null : <> · account deleted</>}
    </p>
  );
}

function ProductLink({ name, slug, status }: { name: string; slug: string; status: string }) {
  return status === "live" ? (
    <Link to={`/resources/${slug}`} className="hover:underline">
      {name}
    </Link>
  ) : (
    <span>
      {name} <span className="text-sm font-normal text-muted-foreground">({status})</span>
    </span>
  );
}

function DiffTable({ productName, rows }: { productName: string; rows: DiffRow[] }) {
  return (
    <div className="relative overflow-x-auto rounded-md border">
      <ChangesTable
        caption={`Changes proposed for ${productName}: current live value and proposed value per field`}
        headers={["Field", "Current (live)", "Proposed"]}
        headClassName="bg-muted/50"
        afterClassName="bg-accent/40"
        rows={rows.map((row) => ({
          field: row.field,
          label: (
            <>
              {row.label}
              {row.applies ? null : <span className="block text-xs font-normal text-muted-foreground">Not applied: makers cannot change this field</span>}
            </>
          ),
          before: row.applies ? <FieldValue value={row.current} /> : <span className="text-muted-foreground italic">(not compared)</span>,
          after: <FieldValue value={row.proposed} />,
        }))}
      />
    </div>
  );
}

function useBusy(intent: string, id: number) {
  const navigation = useNavigation();
  const form = navigation.formData;
  return navigation.state === "submitting" && form?.get("id") === String(id) && String(form.get("intent") ?? "").endsWith(intent);
}

/** Approve and Reject (with an optional reason) for one item. */
function Decision({ kind, id, version, name }: { kind: "revision" | "claim"; id: number; version?: string; name: string }) {
  const busy = useBusy(kind, id);
  const { errors, onBlur, onChange, onSubmit } = useFormErrors(decisionSchema, undefined);
  const reasonId = `reason-${kind}-${id}`;
  return (
    <div className="flex flex-col gap-3 border-t pt-4 sm:flex-row sm:items-end">
      <Form method="post" className="sm:order-2 sm:ml-auto">
        <input type="hidden" name="intent" value={`approve-${kind}`} />
        <input type="hidden" name="id" value={id} />
        {version ? <input type="hidden" name="version" value={version} /> : null}
        <Button type="submit" disabled={busy} aria-label={`Approve ${kind} for ${name}`} className="w-full sm:w-auto">
          <CheckIcon aria-hidden />
          Approve
        </Button>
      </Form>
      <Form method="post" noValidate onSubmit={onSubmit} onBlur={onBlur} onChange={onChange} className="flex flex-1 flex-col gap-2 sm:order-1">
        <input type="hidden" name="intent" value={`reject-${kind}`} />
        <input type="hidden" name="id" value={id} />
        <FormField id={reasonId} name="reason" label="Reason for rejecting (optional, sent to the maker)" error={errors.reason}>
          {(control) => <textarea {...control} maxLength={REASON_MAX} rows={2} className={textareaClass} />}
        </FormField>
        <Button type="submit" variant="outline" disabled={busy} aria-label={`Reject ${kind} for ${name}`} className="w-full sm:w-fit">
          <XIcon aria-hidden />
          Reject
        </Button>
      </Form>
    </div>
  );
}

/** A queue item's card: the product as its heading, the lines under it, the details, then the decision. */
function ItemCard({ item, lines, children }: { item: RevisionItem | ClaimItem; lines: ReactNode; children: ReactNode }) {
  const headingId = useId();
  return (
    <li>
      <article aria-labelledby={headingId} className="flex flex-col gap-3 rounded-lg border bg-card p-4 shadow-sm">
        <div className="flex flex-col gap-1">
          <h3 id={headingId} className="text-base font-semibold break-words">
            <ProductLink name={item.productName} slug={item.slug} status={item.productStatus} />
          </h3>
          {lines}
        </div>
        {children}
      </article>
    </li>
  );
}

export function RevisionCard({ item }: { item: RevisionItem }) {
  return (
    <ItemCard
      item={item}
      lines={
        <>
          <PersonLine person={item.maker} label="Maker" />
          <p className="text-xs text-muted-foreground">
            Revision #{item.id} · last edited <When value={item.createdAt} />
          </p>
        </>
      }
    >
      {item.diff.length ? (
        <DiffTable productName={item.productName} rows={item.diff} />
      ) : (
        <p className="text-sm text-muted-foreground">This revision changes nothing a maker may edit.</p>
      )}
      <Decision kind="revision" id={item.id} version={item.version} name={item.productName} />
    </ItemCard>
  );
}

export function ClaimCard({ item }: { item: ClaimItem }) {
  return (
    <ItemCard
      item={item}
      lines={
        <p className="text-xs text-muted-foreground">
          Claim #{item.id} · sent <When value={item.createdAt} />
        </p>
      }
    >
      <dl className="grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="font-medium">User</dt>
        <dd className="break-words">
          {item.claimer.username ?? "(no username)"}
          {item.claimer.email ? <> · {item.claimer.email}</> : null}
          <span className="block text-xs text-muted-foreground">{item.claimer.emailVerified ? "E-mail address verified" : "E-mail address not verified"}</span>
        </dd>
        <dt className="font-medium">E-mail domain</dt>
        <dd className="break-words">{item.emailDomain ?? "(none)"}</dd>
        <dt className="font-medium">Website domain</dt>
        <dd className="break-words">{item.websiteDomain ?? "(none)"}</dd>
        <dt className="font-medium">Domains</dt>
        <dd>{DOMAIN_MATCH_LABELS[item.match]}</dd>
      </dl>
      <Decision kind="claim" id={item.id} name={item.productName} />
    </ItemCard>
  );
}
