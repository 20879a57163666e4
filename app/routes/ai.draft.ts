import { data } from "react-router";
import type { Route } from "./+types/ai.draft";
import { draftAction } from "~/features/ai-engine/requests.server";

/** Only POST: the draft is a write-like request (it fetches a website and spends provider quota). */
export function loader() {
  throw data({ error: "Method Not Allowed" }, { status: 405, headers: { Allow: "POST" } });
}

/** POST /ai/draft (signed in): drafts a listing from a product's website (decision 048). */
export function action({ request, context }: Route.ActionArgs) {
  return draftAction(request, context);
}
