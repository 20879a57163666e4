import { Link, data, redirect } from "react-router";
import type { Route } from "./+types/account.password";
import { FormField } from "~/components/ui/form-field";
import { NO_PASSWORD_ACCOUNT, PASSWORD_UPDATED, changePasswordSchema } from "~/features/auth/auth";
import { NewPasswordForm, PasswordCard } from "~/features/auth/components/password-form";
import { changePassword, hasPassword } from "~/features/auth/requests.server";
import { requireUser } from "~/domain/auth/session.server";
import { assertSameOrigin } from "~/lib/http/origin.server";
import { setFlash } from "~/domain/flash.server";
import { useFormErrors } from "~/lib/use-form-errors";

export function meta({ matches }: Route.MetaArgs) {
  const siteName = matches[0].loaderData?.env.SITE_NAME ?? "Toolnest";
  return [{ title: `Change password | ${siteName}` }, { name: "robots", content: "noindex" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context);
  return { email: user.email, hasPassword: await hasPassword(user.id) };
}

export async function action({ request }: Route.ActionArgs) {
  assertSameOrigin(request);
  const user = await requireUser(request);
  const result = await changePassword(request, user, await request.formData());
  if (result.ok) {
    const headers = result.headers ?? new Headers();
    headers.append("Set-Cookie", await setFlash({ kind: "success", message: PASSWORD_UPDATED }));
    return redirect("/account/password", { headers });
  }
  const headers: HeadersInit = {};
  if (result.retryAfterSeconds) headers["Retry-After"] = String(result.retryAfterSeconds);
  return data({ error: result.error, fieldErrors: result.fieldErrors }, { status: result.status, headers });
}

export default function AccountPasswordPage({ loaderData, actionData }: Route.ComponentProps) {
  const { errors, ...check } = useFormErrors(changePasswordSchema, actionData?.fieldErrors);
  if (!loaderData.hasPassword) {
    return (
      <PasswordCard title="Password">
        <p className="text-muted-foreground">{NO_PASSWORD_ACCOUNT}</p>
        <Link to="/profile" className="text-sm font-medium text-primary underline-offset-4 hover:underline">
          Back to your profile
        </Link>
      </PasswordCard>
    );
  }
  return (
    <PasswordCard title="Change password">
      <p className="text-sm text-muted-foreground">
        Signed in as <span className="font-medium text-foreground">{loaderData.email}</span>. Changing your password signs
        you out on your other devices.
      </p>
      <NewPasswordForm check={check} errors={errors} error={actionData?.error}>
        <input type="text" name="username" autoComplete="username" value={loaderData.email} readOnly hidden />
        <FormField
          name="currentPassword"
          label="Current password"
          type="password"
          autoComplete="current-password"
          required
          error={errors.currentPassword}
        />
      </NewPasswordForm>
    </PasswordCard>
  );
}
