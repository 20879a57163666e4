import { Link, data, redirect } from "react-router";
import type { Route } from "./+types/reset-password";
import { Button } from "~/components/ui/button";
import { INVALID_RESET_LINK, PASSWORD_UPDATED, resetPasswordSchema } from "~/features/auth/auth";
import { FormAlert, NewPasswordForm, PasswordCard } from "~/features/auth/components/password-form";
import { isResetTokenValid, resetPassword } from "~/features/auth/requests.server";
import { assertSameOrigin } from "~/lib/http/origin.server";
import { setFlash } from "~/domain/flash.server";
import { useFormErrors } from "~/lib/use-form-errors";

export function meta({ matches }: Route.MetaArgs) {
  const siteName = matches[0].loaderData?.env.SITE_NAME ?? "Toolnest";
  return [{ title: `Choose a new password | ${siteName}` }, { name: "robots", content: "noindex" }];
}

/** The URL carries a secret: no cache may keep the page and no link may pass it on as a referrer. */
export function headers() {
  return { "Cache-Control": "private, no-store", "Referrer-Policy": "no-referrer" };
}

export async function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token");
  const valid = await isResetTokenValid(token);
  return { token: valid ? token! : null };
}

export async function action({ request }: Route.ActionArgs) {
  assertSameOrigin(request);
  const result = await resetPassword(request, await request.formData());
  if (result.ok) {
    return redirect("/login", { headers: { "Set-Cookie": await setFlash({ kind: "success", message: PASSWORD_UPDATED }) } });
  }
  const headers: HeadersInit = { "Cache-Control": "no-store" };
  if (result.retryAfterSeconds) headers["Retry-After"] = String(result.retryAfterSeconds);
  return data(
    { error: result.error, fieldErrors: result.fieldErrors, invalidLink: result.invalidLink === true },
    { status: result.status, headers },
  );
}

export default function ResetPasswordPage({ loaderData, actionData }: Route.ComponentProps) {
  const { errors, ...check } = useFormErrors(resetPasswordSchema, actionData?.fieldErrors);
  if (!loaderData.token || actionData?.invalidLink) {
    return (
      <PasswordCard title="Reset link not valid">
        <FormAlert>{INVALID_RESET_LINK}</FormAlert>
        <Button asChild>
          <Link to="/forgot-password">Request a new link</Link>
        </Button>
      </PasswordCard>
    );
  }
  return (
    <PasswordCard title="Choose a new password">
      <NewPasswordForm check={check} errors={errors} error={actionData?.error}>
        <input type="hidden" name="token" value={loaderData.token} />
      </NewPasswordForm>
    </PasswordCard>
  );
}
