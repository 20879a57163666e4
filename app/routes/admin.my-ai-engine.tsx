import { data } from "react-router";
import type { Route } from "./+types/admin.my-ai-engine";
import { requireAdmin } from "~/domain/auth/session.server";
import { assertSameOrigin } from "~/lib/http/origin.server";

export function meta({ matches }: Route.MetaArgs) {
  const siteName = matches[0].loaderData?.env.SITE_NAME ?? "Toolnest";
  return [{ title: `AI Engine | ${siteName} Admin` }, { name: "robots", content: "noindex" }];
}

/** Issue 16 fills this in: the AI Engine settings card. */
export function loader() {
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  assertSameOrigin(request);
  await requireAdmin(request, context);
  return data({ error: "Not available yet" }, { status: 400 });
}

export default function AiEngine() {
  return <h1 className="text-2xl font-semibold">AI Engine</h1>;
}
