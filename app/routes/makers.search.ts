import { data } from "react-router";
import type { Route } from "./+types/makers.search";
import { getOptionalUser } from "~/domain/auth/session.server";

// Placeholder until the makers search is built (issue 11/12): members only, JSON.
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await getOptionalUser(request, context);
  if (!user) throw data({ error: "Authentication required" }, { status: 401 });
  return { users: [] as { id: string; username: string }[] };
}
