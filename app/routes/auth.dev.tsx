import { Form, data, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/auth.dev";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { isDevSignInAvailable } from "~/features/auth/auth.server";
import { getOptionalUser, safeRedirectPath } from "~/features/auth/session.server";
import { assertSameOrigin, devSignIn } from "~/features/auth/sign-in.server";

export function meta() {
  return [{ title: "Development sign-in" }, { name: "robots", content: "noindex" }];
}

/** Only while Google is not configured and APP_URL is local; a 404 otherwise. */
export async function loader({ request }: Route.LoaderArgs) {
  if (!isDevSignInAvailable()) throw data(null, { status: 404 });
  const redirectTo = safeRedirectPath(new URL(request.url).searchParams.get("redirectTo"));
  if (await getOptionalUser(request)) throw redirect(redirectTo);
  return { redirectTo };
}

export async function action({ request }: Route.ActionArgs) {
  if (!isDevSignInAvailable()) throw data(null, { status: 404 });
  assertSameOrigin(request);
  const form = await request.formData();
  const result = await devSignIn(form.get("email"));
  if (!result.ok) return data({ error: result.error }, { status: 400 });
  return redirect(safeRedirectPath(form.get("redirectTo")), { headers: result.headers });
}

export default function DevSignInPage({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state !== "idle";
  return (
    <div className="mx-auto flex max-w-md flex-col gap-5 rounded-lg border border-dashed border-amber-500 bg-card p-8 shadow-sm">
      <p className="w-fit rounded-full bg-amber-100 px-3 py-1 text-xs font-semibold uppercase tracking-wide text-amber-900">
        Local development only
      </p>
      <h1 className="text-2xl font-bold tracking-tight">Development sign-in</h1>
      <p className="text-sm text-muted-foreground">
        Google sign-in is not configured, so on this local address any e-mail signs in as if Google had returned
        it. This screen is only available locally and is never shown once <code>GOOGLE_CLIENT_ID</code> is set.
        Accounts made here never get admin rights.
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
