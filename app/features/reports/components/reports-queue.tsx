import { Form, useActionData, useNavigation } from "react-router";
import { useEffect } from "react";
import { ActionErrorNote, useActionError } from "~/components/admin/action-error";
import { Badge, Card } from "~/components/admin/cards";
import { NumberedPager } from "~/components/admin/pager";
import { notify } from "~/components/toaster";
import { Button } from "~/components/ui/button";
import { REPORT_OUTCOMES } from "~/lib/constants";
import { OUTCOME_LABELS, REASON_LABELS, RESOLUTION_MAX, type ReportGroup } from "../reports";

/** The admin's queue of reported listings: each product once, with its reporters' notes and one resolve form. */
export function ReportsQueue({ groups, total, page, pageCount }: { groups: ReportGroup[]; total: number; page: number; pageCount: number }) {
  const error = useActionError();
  const answer = useActionData() as { ok?: true; message?: string } | undefined;
  useEffect(() => {
    if (answer?.ok && answer.message) notify.success(answer.message);
  }, [answer]);
  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">Reports</h1>
        <p className="text-sm text-muted-foreground">
          {total === 0 ? "No listing is waiting for a look." : `${total.toLocaleString("en")} reported ${total === 1 ? "product" : "products"}, most reported first.`}
        </p>
      </div>
      <ActionErrorNote error={error} />
      {groups.map((group) => (
        <ReportCard key={group.product.id} group={group} />
      ))}
      <NumberedPager page={page} pageCount={pageCount} href={(n) => `/admin/reports?page=${n}`} label="Reports pages" />
    </div>
  );
}

function ReportCard({ group }: { group: ReportGroup }) {
  const { product, reports } = group;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("product") === String(product.id);
  const id = `report-${product.id}`;
  return (
    <Card
      id={`${id}-heading`}
      title={
        <span className="flex flex-wrap items-center gap-2">
          <a href={`/resources/${product.slug}`} className="break-words hover:underline">
            {product.product_name}
          </a>
          <Badge>{`${reports.length} ${reports.length === 1 ? "report" : "reports"}`}</Badge>
          {product.status !== "live" ? <Badge>{product.status}</Badge> : null}
        </span>
      }
    >
      <ul className="mb-4 flex flex-col gap-2">
        {reports.map((report) => (
          <li key={report.id} className="text-sm">
            <span className="font-medium">{REASON_LABELS[report.reason]}</span>{" "}
            <span className="text-muted-foreground">
              by {report.reporter}, {report.created_at.slice(0, 10)}
            </span>
            {report.note ? <p className="mt-0.5 whitespace-pre-line break-words">{report.note}</p> : null}
          </li>
        ))}
      </ul>
      <p className="mb-3 text-sm">
        <a href={`/admin/products/edit/${product.id}`} className="underline">
          Edit the listing
        </a>{" "}
        first if it needs fixing, then resolve.
      </p>
      <Form method="post" className="flex flex-col gap-3">
        <input type="hidden" name="product" value={product.id} />
        <fieldset className="flex flex-col gap-1.5">
          <legend className="mb-1 text-sm font-medium">Outcome</legend>
          {REPORT_OUTCOMES.map((outcome) => (
            <label key={outcome} className="flex min-h-6 items-center gap-2 text-sm">
              <input type="radio" name="outcome" value={outcome} required />
              {OUTCOME_LABELS[outcome]}
            </label>
          ))}
        </fieldset>
        <label htmlFor={`${id}-resolution`} className="text-sm font-medium">
          Reason (e-mailed to the reporters)
        </label>
        <textarea id={`${id}-resolution`} name="resolution" required rows={2} maxLength={RESOLUTION_MAX} className="rounded-md border border-input bg-background px-3 py-2 text-sm" />
        <Button type="submit" className="self-start" disabled={busy}>
          {busy ? "Resolving..." : `Resolve ${reports.length === 1 ? "the report" : `${reports.length} reports`}`}
        </Button>
      </Form>
    </Card>
  );
}
