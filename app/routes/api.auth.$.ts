import type { Route } from "./+types/api.auth.$";
import { getAuth } from "~/domain/auth/auth.server";

/** Better Auth's HTTP endpoints under /api/auth/*: only the allow-list in auth.server.ts (OAuth callback, session, sign-out). */
export function loader({ request }: Route.LoaderArgs) {
  return getAuth().handler(request);
}

export function action({ request }: Route.ActionArgs) {
  return getAuth().handler(request);
}
