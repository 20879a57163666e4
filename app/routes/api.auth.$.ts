import type { Route } from "./+types/api.auth.$";
import { getAuth } from "~/features/auth/auth.server";

/** Better Auth's endpoints (OAuth callbacks, e-mail sign-in, sign-out, session) under /api/auth/*. */
export function loader({ request }: Route.LoaderArgs) {
  return getAuth().handler(request);
}

export function action({ request }: Route.ActionArgs) {
  return getAuth().handler(request);
}
