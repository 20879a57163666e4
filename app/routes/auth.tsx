import { Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/auth";
import { Button } from "~/components/ui/button";
import { isDevSignInAvailableTo, isGoogleConfigured } from "~/domain/auth/auth.server";
import { getOptionalUser } from "~/domain/auth/session.server";
import { safeRedirectPath } from "~/domain/auth/redirect-path";
import { SUSPENDED_CODE, SUSPENDED_MESSAGE } from "~/domain/auth/suspension";
import { assertSameOrigin } from "~/lib/http/origin.server";
import { afterSignInPath } from "~/features/profile/requests.server";
import { startGoogleSignIn } from "~/features/auth/requests.server";
import { useSiteEnv } from "~/domain/root-data";

export function meta({ matches }: Route.MetaArgs) {
  const siteName = matches[0].loaderData?.env.SITE_NAME ?? "Toolnest";
  return [{ title: `Sign in | ${siteName}` }, { name: "robots", content: "noindex" }];
}

/** Whether sign-in is offered depends on who connects (the development sign-in is loopback-only): never from a shared cache. */
export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const redirectTo = safeRedirectPath(url.searchParams.get("redirectTo"));
  // Google's callback lands here: a first sign-in goes through onboarding (decision 049).
  const user = await getOptionalUser(request, context);
  if (user) throw redirect(await afterSignInPath({ userId: user.id }, redirectTo));
  // Google's callback refused a suspended user (decision 044): say so rather than "try again".
  const suspended = url.searchParams.getAll("error").includes(SUSPENDED_CODE);
  return { redirectTo, error: url.searchParams.has("error"), suspended, available: isGoogleConfigured() || isDevSignInAvailableTo(request) };
}

export async function action({ request }: Route.ActionArgs) {
  assertSameOrigin(request);
  const form = await request.formData();
  return startGoogleSignIn(request, String(form.get("redirectTo") ?? "/"));
}

export default function AuthPage({ loaderData }: Route.ComponentProps) {
  const { SITE_NAME } = useSiteEnv();
  const navigation = useNavigation();
  const connecting = navigation.state === "submitting" && navigation.formAction?.startsWith("/auth");
  const checking = navigation.state === "loading" && navigation.location.pathname === "/auth";
  return (
    <div className="mx-auto flex max-w-md flex-col items-center gap-6 rounded-lg border bg-card p-8 text-center shadow-sm">
      <h1 className="text-2xl font-bold tracking-tight">Welcome to {SITE_NAME}</h1>
      <p className="text-muted-foreground">Sign in to upvote, save and review tools, and to list your own products.</p>
      {loaderData.error ? (
        <div role="alert" className="w-full rounded-md border border-destructive/50 p-3 text-sm">
          <p className="font-semibold">Sign In Error</p>
          <p>{loaderData.suspended ? SUSPENDED_MESSAGE : "Could not sign in with Google. Please try again."}</p>
        </div>
      ) : null}
      <Form method="post" className="w-full" replace>
        <input type="hidden" name="redirectTo" value={loaderData.redirectTo} />
        <Button type="submit" size="lg" className="w-full" disabled={connecting || checking || !loaderData.available}>
          <GoogleIcon />
          {connecting ? "Connecting to Google..." : "Sign in with Google"}
        </Button>
      </Form>
      {loaderData.available ? null : (
        <p className="text-sm text-muted-foreground">Sign-in is not configured on this site yet.</p>
      )}
      {checking ? (
        <p role="status" className="text-sm text-muted-foreground">
          Checking authentication...
        </p>
      ) : null}
      <Link to="/" className="text-sm font-medium text-primary underline-offset-4 hover:underline">
        Back to Home
      </Link>
    </div>
  );
}

function GoogleIcon() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true">
      <path fill="currentColor" d="M21.35 11.1H12v2.98h5.35c-.23 1.5-1.7 4.4-5.35 4.4a5.9 5.9 0 0 1 0-11.8c1.82 0 3.04.78 3.74 1.44l2.55-2.45C16.7 4.2 14.56 3.2 12 3.2a8.8 8.8 0 0 0 0 17.6c5.08 0 8.45-3.57 8.45-8.6 0-.58-.06-1.02-.1-1.1Z" />
    </svg>
  );
}
