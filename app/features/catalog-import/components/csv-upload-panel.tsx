import { Download, FileUp, Upload } from "lucide-react";
import { useId, useRef, useState } from "react";
import { Link } from "react-router";
import { Button, buttonVariants } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import { CSV_MESSAGES, DEFAULT_MAX_CSV_BYTES, FORMAT_REQUIREMENTS, formatBytes, TEMPLATE_FILE_NAME, UPLOAD_TIMED_OUT_MESSAGE } from "../csv-format";
import { countsSentence, type ImportCounts, type StagedUpload } from "../catalog-import";

export const UPLOAD_URL = "/admin/products/upload-csv";
export const TEMPLATE_URL = "/admin/products/template.csv";

/** The upload's answer: the staging summary, with the same counts, by the same names, as the mapping and progress pages. */
type Staged = StagedUpload & { counts: ImportCounts; mapUrl: string };

type State =
  | { kind: "idle" }
  | { kind: "uploading"; fileName: string; sent: number; total: number }
  | { kind: "checking"; fileName: string }
  | { kind: "done"; fileName: string; staged: Staged }
  | { kind: "error"; message: string };

export function isCsvFile(file: { name: string; type: string }): boolean {
  return /\.csv$/i.test(file.name.trim()) || /^(text\/csv|application\/csv|text\/comma-separated-values)\b/i.test(file.type);
}

const n = (value: number) => value.toLocaleString("en");

/**
 * The Bulk Upload (CSV) tab: the template, the format, a drop area (drag and drop, click or
 * keyboard) and the upload itself. The file streams to the server, which checks it while it
 * arrives and keeps its rows for mapping; nothing is kept in the browser.
 */
export function CsvUploadPanel({ maxBytes = DEFAULT_MAX_CSV_BYTES }: { maxBytes?: number }) {
  const [state, setState] = useState<State>({ kind: "idle" });
  const [dragging, setDragging] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const request = useRef<XMLHttpRequest | null>(null);
  const id = useId();
  const busy = state.kind === "uploading" || state.kind === "checking";

  function upload(file: File) {
    if (!isCsvFile(file)) return setState({ kind: "error", message: CSV_MESSAGES.notCsv });
    if (file.size === 0) return setState({ kind: "error", message: CSV_MESSAGES.noData });
    if (file.size > maxBytes) return setState({ kind: "error", message: `The file is larger than ${formatBytes(maxBytes)}.` });
    const xhr = new XMLHttpRequest();
    request.current = xhr;
    setState({ kind: "uploading", fileName: file.name, sent: 0, total: file.size });
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) setState({ kind: "uploading", fileName: file.name, sent: event.loaded, total: event.total });
    };
    xhr.upload.onload = () => setState({ kind: "checking", fileName: file.name });
    xhr.onload = () => {
      request.current = null;
      let body: Partial<Staged> & { error?: string } = {};
      try {
        body = JSON.parse(xhr.responseText) as typeof body;
      } catch {
        /* not JSON: a refusal page */
      }
      if (xhr.status === 201 && body.id) setState({ kind: "done", fileName: file.name, staged: body as Staged });
      else if (xhr.status === 413) setState({ kind: "error", message: body.error ?? `The file is larger than ${formatBytes(maxBytes)}.` });
      else if (xhr.status === 408) setState({ kind: "error", message: body.error ?? UPLOAD_TIMED_OUT_MESSAGE });
      else setState({ kind: "error", message: body.error ?? CSV_MESSAGES.parseFailed });
    };
    xhr.onerror = () => {
      request.current = null;
      setState({ kind: "error", message: "The upload failed: check your connection and try again." });
    };
    xhr.onabort = () => {
      request.current = null;
      setState({ kind: "idle" });
    };
    xhr.open("POST", UPLOAD_URL);
    xhr.setRequestHeader("Content-Type", "text/csv");
    xhr.setRequestHeader("X-File-Name", encodeURIComponent(file.name));
    xhr.send(file);
  }

  function chosen(files: FileList | null) {
    const file = files?.[0];
    if (input.current) input.current.value = "";
    if (file) upload(file);
  }

  async function cancel() {
    if (request.current) {
      request.current.abort();
      return;
    }
    if (state.kind === "done") {
      const form = new FormData();
      form.set("intent", "discard");
      await fetch(state.staged.mapUrl, { method: "POST", body: form, redirect: "manual" }).catch(() => {});
    }
    setState({ kind: "idle" });
  }

  return (
    <section aria-labelledby={`${id}-title`} className="space-y-5">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id={`${id}-title`} className="text-lg font-semibold">
            Bulk Upload (CSV)
          </h2>
          <p className="text-sm text-muted-foreground">
            Add many products at once from a spreadsheet.{" "}
            <Link to="/admin/imports" className="text-primary underline underline-offset-4">
              Past imports
            </Link>
          </p>
        </div>
        <a href={TEMPLATE_URL} download={TEMPLATE_FILE_NAME} className={buttonVariants({ variant: "outline" })}>
          <Download aria-hidden="true" />
          Download Template
        </a>
      </div>

      <div>
        <h3 className="text-sm font-medium">Format requirements</h3>
        <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-muted-foreground">
          {FORMAT_REQUIREMENTS.map((line) => (
            <li key={line}>{line}</li>
          ))}
          <li>Largest file: {formatBytes(maxBytes)}.</li>
        </ul>
      </div>

      <div
        className={cn(
          "flex flex-col items-center justify-center gap-3 rounded-lg border-2 border-dashed p-6 text-center transition-colors sm:p-10",
          dragging ? "border-primary bg-accent" : "border-input bg-card",
        )}
        onDragOver={(event) => {
          event.preventDefault();
          if (!busy) setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={(event) => {
          event.preventDefault();
          setDragging(false);
          if (!busy) chosen(event.dataTransfer.files);
        }}
        data-testid="csv-drop-area"
      >
        <FileUp aria-hidden="true" className="size-8 text-muted-foreground" />
        <p className="text-sm">
          <span className="font-medium">Drag and drop a CSV file here</span>
          <span className="text-muted-foreground">, or</span>
        </p>
        <input
          ref={input}
          id={`${id}-file`}
          type="file"
          accept=".csv,text/csv"
          className="sr-only"
          aria-describedby={`${id}-status`}
          disabled={busy}
          onChange={(event) => chosen(event.currentTarget.files)}
        />
        <label
          htmlFor={`${id}-file`}
          className={cn(
            buttonVariants({ variant: "secondary" }),
            "cursor-pointer [input:focus-visible+&]:outline-2 [input:focus-visible+&]:outline-offset-2 [input:focus-visible+&]:outline-ring",
            busy && "pointer-events-none opacity-50",
          )}
        >
          <Upload aria-hidden="true" />
          Choose a CSV file
        </label>
      </div>

      <div id={`${id}-status`} role="status" aria-live="polite" className="space-y-3">
        {state.kind === "uploading" ? (
          <UploadProgress label={`Uploading ${state.fileName}`} value={state.total ? Math.round((state.sent / state.total) * 100) : 0} detail={`${formatBytes(state.sent)} of ${formatBytes(state.total)}`} />
        ) : null}
        {state.kind === "checking" ? <UploadProgress label={`Checking ${state.fileName}…`} value={100} detail="Reading and validating every row" /> : null}
        {state.kind === "done" ? (
          <div className="rounded-lg border bg-card p-4">
            <p className="text-base font-semibold">
              {n(state.staged.rows)} {state.staged.rows === 1 ? "product" : "products"} detected
            </p>
            <p className="mt-1 text-sm text-muted-foreground [overflow-wrap:anywhere]">
              {state.fileName}: {countsSentence(state.staged.counts)}
              {state.staged.empty ? `, ${n(state.staged.empty)} empty rows dropped` : ""}.
            </p>
            {state.staged.warnings.length ? (
              <ul className="mt-2 list-disc pl-5 text-sm text-muted-foreground">
                {state.staged.warnings.map((w) => (
                  <li key={w}>{w}</li>
                ))}
              </ul>
            ) : null}
          </div>
        ) : null}
      </div>
      {state.kind === "error" ? (
        <p role="alert" className="rounded-md border border-destructive/50 bg-destructive/10 p-3 text-sm text-destructive dark:text-red-300">
          {state.message}
        </p>
      ) : null}

      {state.kind !== "idle" && state.kind !== "error" ? (
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" onClick={() => void cancel()}>
            Cancel
          </Button>
          {state.kind === "done" ? (
            <Link to={state.staged.mapUrl} className={buttonVariants()}>
              Proceed to Mapping
            </Link>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}

function UploadProgress({ label, value, detail }: { label: string; value: number; detail: string }) {
  return (
    <div className="space-y-1">
      <div className="flex justify-between gap-2 text-sm">
        <span className="min-w-0 [overflow-wrap:anywhere]">{label}</span>
        <span className="shrink-0 text-muted-foreground">{detail}</span>
      </div>
      <div role="progressbar" aria-label={label} aria-valuemin={0} aria-valuemax={100} aria-valuenow={value} className="h-2 overflow-hidden rounded-full bg-muted">
        <div className="h-full bg-primary transition-[width]" style={{ width: `${value}%` }} />
      </div>
    </div>
  );
}
