import { data } from "react-router";
import type { Route } from "./+types/ai.draft";
import { getOptionalUser } from "~/domain/auth/session.server";

/** Only POST: the draft is a write-like request (it fetches a website and spends provider quota). */
export function loader() {
  throw data({ error: "Method Not Allowed" }, { status: 405, headers: { Allow: "POST" } });
}

/** POST /ai/draft (signed in): drafts a listing from a product's website. Issue 16 fills this in. */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await getOptionalUser(request, context);
  if (!user) return data({ error: "Authentication required" }, { status: 401, headers: { "Cache-Control": "no-store" } });
  return data({ error: "Not available yet" }, { status: 400, headers: { "Cache-Control": "no-store" } });
}
