import { useMemo } from "react";
import { Link, redirect } from "react-router";
import type { Route } from "./+types/login";
import { AdminLoginForm } from "~/features/admin/components/admin-login-form";
import { CreateSuperAdminDialog } from "~/features/admin/components/create-super-admin-dialog";
import { handleLoginAction, loginPageData } from "~/features/admin/requests.server";
import { getOptionalUser, isAdmin } from "~/domain/auth/session.server";
import { assertSameOrigin } from "~/lib/http/origin.server";

export function meta({ matches }: Route.MetaArgs) {
  const siteName = matches[0].loaderData?.env.SITE_NAME ?? "Toolnest";
  return [{ title: `Admin Portal | ${siteName}` }, { name: "robots", content: "noindex" }];
}

/** Every visit gets its own question: never from a shared cache. */
export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await getOptionalUser(request, context);
  const page = await loginPageData(request);
  if (user && (await isAdmin(user))) throw redirect(page.redirectTo);
  return page;
}

export async function action({ request }: Route.ActionArgs) {
  assertSameOrigin(request);
  return handleLoginAction(request);
}

export default function AdminLoginPage({ loaderData, actionData }: Route.ComponentProps) {
  const result = actionData ?? null;
  const superAdminIntent = result?.intent === "create-super-admin";
  const canCreateSuperAdmin = superAdminIntent ? result.superAdminAvailable === true : loaderData.canCreateSuperAdmin;
  // A refusal of Create Super Admin shows in its dialog, unless the button is gone.
  const formError = superAdminIntent && canCreateSuperAdmin ? undefined : result?.errors.form;
  const loginResult = result && !superAdminIntent ? result : null;
  // One object per answer: the form's browser checks start afresh when it changes.
  const errors = useMemo(() => ({ ...(loginResult?.errors ?? {}), form: formError }), [loginResult, formError]);

  return (
    <div className="mx-auto flex w-full max-w-md flex-col gap-6 rounded-lg border bg-card p-6 shadow-sm sm:p-8">
      <div className="flex flex-col gap-1 text-center">
        <h1 className="text-2xl font-bold tracking-tight">Admin Portal</h1>
        <p className="text-sm text-muted-foreground">Sign in with your administrator account.</p>
      </div>
      <AdminLoginForm
        // A new question after a failed sign-in or a wrong answer resets the form's state.
        challenge={result?.challenge ?? loaderData.challenge}
        verified={loginResult?.verified ?? null}
        values={loginResult?.values ?? { email: "", answer: "" }}
        errors={errors}
        redirectTo={loaderData.redirectTo}
      />
      {canCreateSuperAdmin ? <CreateSuperAdminDialog result={result} /> : null}
      <Link to="/" className="self-center text-sm font-medium text-primary underline-offset-4 hover:underline">
        Back to Home
      </Link>
    </div>
  );
}
