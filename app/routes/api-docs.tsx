import type { Route } from "./+types/api-docs";
import { openApiDocument } from "~/features/api-docs/api-docs";
import { seoMeta } from "~/features/seo/seo";
import { env } from "~/lib/env.server";

export function loader() {
  const { APP_URL, SITE_NAME } = env();
  return { doc: openApiDocument(APP_URL, SITE_NAME), siteName: SITE_NAME, appUrl: APP_URL };
}

export function meta({ data }: Route.MetaArgs) {
  if (!data) return [];
  return seoMeta({ title: `API | ${data.siteName}`, description: data.doc.info.description, url: `${data.appUrl}/api-docs`, siteName: data.siteName });
}

interface Operation {
  summary: string;
  description?: string;
  parameters?: { name: string; in: string; required?: boolean; description?: string; schema: Record<string, unknown> }[];
  responses: Record<string, { description: string }>;
}

function schemaText(schema: Record<string, unknown>) {
  const parts = [String(schema.type ?? "")];
  if (schema.minimum !== undefined) parts.push(`min ${schema.minimum}`);
  if (schema.maximum !== undefined) parts.push(`max ${schema.maximum}`);
  if (schema.maxLength !== undefined) parts.push(`up to ${schema.maxLength} characters`);
  if (schema.default !== undefined) parts.push(`default ${schema.default}`);
  return parts.join(", ");
}

export default function ApiDocs({ loaderData }: Route.ComponentProps) {
  const { doc } = loaderData;
  const base = doc.servers[0]!.url;
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-8">
      <header className="flex flex-col gap-2">
        <h1 className="text-3xl font-bold">{doc.info.title}</h1>
        <p className="text-muted-foreground">{doc.info.description}</p>
        <p className="text-sm">
          Base URL <code className="rounded bg-muted px-1.5 py-0.5">{base}</code> ·{" "}
          <a href="/api/v1/openapi.json" className="font-medium text-primary underline">
            OpenAPI document
          </a>
        </p>
        <p className="text-sm text-muted-foreground">
          Errors are JSON: <code className="rounded bg-muted px-1">{'{ "error": { "parameter": "limit", "message": "..." } }'}</code>
        </p>
      </header>
      {Object.entries(doc.paths).map(([path, methods]) =>
        Object.entries(methods as Record<string, Operation>).map(([method, op]) => (
          <section key={`${method} ${path}`} aria-labelledby={`${method}-${path}`} className="rounded-xl border p-5">
            <h2 id={`${method}-${path}`} className="font-mono text-lg font-semibold break-all">
              <span className="mr-2 rounded bg-secondary px-2 py-0.5 text-sm text-secondary-foreground">{method.toUpperCase()}</span>{" "}
              /api/v1{path}
            </h2>
            <p className="mt-2 font-medium">{op.summary}</p>
            {op.description ? <p className="mt-1 text-sm text-muted-foreground">{op.description}</p> : null}
            {op.parameters?.length ? (
              <div className="mt-3 overflow-x-auto">
                <table className="w-full text-left text-sm">
                  <caption className="sr-only">Parameters of {method.toUpperCase()} {path}</caption>
                  <thead>
                    <tr className="border-b">
                      <th scope="col" className="py-1 pr-3">Parameter</th>
                      <th scope="col" className="py-1 pr-3">In</th>
                      <th scope="col" className="py-1">Type</th>
                    </tr>
                  </thead>
                  <tbody>
                    {op.parameters.map((p) => (
                      <tr key={p.name} className="border-b last:border-0 align-top">
                        <td className="py-1 pr-3 font-mono">{p.name}{p.required ? " *" : ""}</td>
                        <td className="py-1 pr-3">{p.in}</td>
                        <td className="py-1">
                          {schemaText(p.schema)}
                          {p.description ? <span className="block text-muted-foreground">{p.description}</span> : null}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            ) : null}
            <ul className="mt-3 flex flex-col gap-1 text-sm">
              {Object.entries(op.responses).map(([status, response]) => (
                <li key={status}>
                  <span className="font-mono font-semibold">{status}</span> {response.description}
                </li>
              ))}
            </ul>
          </section>
        )),
      )}
    </div>
  );
}
