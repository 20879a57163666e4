import { Form, data, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/auth.dev";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { devSignInScope, isDevSignInAvailableTo } from "~/domain/auth/auth.server";
import { getOptionalUser } from "~/domain/auth/session.server";
import { safeRedirectPath } from "~/domain/auth/redirect-path";
import { assertSameOrigin } from "~/lib/http/origin.server";
import { afterSignInPath } from "~/features/profile/requests.server";
import { devSignIn } from "~/features/auth/requests.server";

export function meta() {
  return [{ title: "Development sign-in" }, { name: "robots", content: "noindex" }];
}

/** Only while Google is not configured, for requests from this machine (or everyone with DEV_SIGN_IN=on); a 404 otherwise. */
/** Whether this page exists depends on who connects (loopback or not): never from a shared cache. */
export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  if (!isDevSignInAvailableTo(request)) throw data(null, { status: 404 });
  const redirectTo = safeRedirectPath(new URL(request.url).searchParams.get("redirectTo"));
  if (await getOptionalUser(request, context)) throw redirect(redirectTo);
  return { redirectTo, everyone: devSignInScope() === "everyone" };
}

export async function action({ request }: Route.ActionArgs) {
  if (!isDevSignInAvailableTo(request)) throw data(null, { status: 404 });
  assertSameOrigin(request);
  const form = await request.formData();
  const result = await devSignIn(form.get("email"));
  if (!result.ok) return data({ error: result.error }, { status: result.status });
  // A first sign-in goes through onboarding (decision 049).
  const next = await afterSignInPath({ email: String(form.get("email")).trim() }, safeRedirectPath(form.get("redirectTo")));
  return redirect(next, { headers: result.headers });
}

export default function DevSignInPage({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state !== "idle";
  return (
    <div className="mx-auto flex max-w-md flex-col gap-5 rounded-lg border border-dashed border-amber-500 bg-card p-8 shadow-sm">
      <p className="w-fit rounded-full bg-amber-100 px-3 py-1 text-xs font-semibold uppercase tracking-wide text-amber-900">
        {loaderData.everyone ? "Development only (DEV_SIGN_IN=on)" : "Local development only"}
      </p>
      <h1 className="text-2xl font-bold tracking-tight">Development sign-in</h1>
      <p className="text-sm text-muted-foreground">
        Google sign-in is not configured, so a new e-mail address signs in here as if Google had returned it.{" "}
        {loaderData.everyone ? (
          <>
            <code>DEV_SIGN_IN=on</code> opens this screen to every visitor.
          </>
        ) : (
          "This screen is only available locally."
        )}{" "}
        It is never shown once <code>GOOGLE_CLIENT_ID</code> is set. Addresses with a password or a Google account
        cannot be used here, and accounts made here never get admin rights.
      </p>
      <Form method="post" className="flex flex-col gap-3">
        <input type="hidden" name="redirectTo" value={loaderData.redirectTo} />
        <label htmlFor="dev-email" className="text-sm font-medium">
          Email
        </label>
        <Input
          id="dev-email"
          name="email"
          type="email"
          required
          autoComplete="email"
          placeholder="you@example.com"
          aria-invalid={actionData?.error ? true : undefined}
          aria-describedby={actionData?.error ? "dev-email-error" : undefined}
        />
        {actionData?.error ? (
          <p id="dev-email-error" role="alert" className="text-sm text-destructive">
            {actionData.error}
          </p>
        ) : null}
        <Button type="submit" disabled={busy}>
          Continue
        </Button>
      </Form>
    </div>
  );
}
