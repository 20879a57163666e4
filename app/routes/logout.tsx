import { redirect } from "react-router";
import type { Route } from "./+types/logout";
import { assertSameOrigin } from "~/lib/http/origin.server";
import { signOut } from "~/domain/auth/session.server";
import { setFlash } from "~/domain/flash.server";

export function loader() {
  return redirect("/");
}

/** POST only: clears the session and its cookies, then home with the toast "Signed Out". */
export async function action({ request }: Route.ActionArgs) {
  assertSameOrigin(request);
  const headers = await signOut(request);
  headers.append("Set-Cookie", await setFlash({ kind: "success", message: "Signed Out" }));
  return redirect("/", { headers });
}

/** Never rendered (both handlers redirect); present so navigational form submissions can target it. */
export default function Logout() {
  return null;
}
