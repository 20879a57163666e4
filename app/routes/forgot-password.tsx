import { useEffect } from "react";
import { Form, Link, data, useNavigation } from "react-router";
import type { Route } from "./+types/forgot-password";
import { notify } from "~/components/toaster";
import { Button } from "~/components/ui/button";
import { RESET_EMAIL_SENT, RESET_EMAIL_SENT_DETAIL, forgotPasswordSchema } from "~/features/auth/auth";
import { FormAlert, FormField, PasswordCard } from "~/features/auth/components/password-form";
import { requestPasswordReset } from "~/features/auth/requests.server";
import { assertSameOrigin } from "~/lib/http/origin.server";
import { useFormErrors } from "~/lib/use-form-errors";

export function meta({ matches }: Route.MetaArgs) {
  const siteName = matches[0].loaderData?.env.SITE_NAME ?? "Toolnest";
  return [{ title: `Forgot password | ${siteName}` }, { name: "robots", content: "noindex" }];
}

export async function action({ request }: Route.ActionArgs) {
  assertSameOrigin(request);
  const form = await request.formData();
  const result = await requestPasswordReset(request, form.get("email"));
  if (result.ok) return { sent: true as const };
  const headers: HeadersInit = result.retryAfterSeconds
    ? { "Retry-After": String(result.retryAfterSeconds), "Cache-Control": "no-store" }
    : {};
  return data({ sent: false as const, error: result.error, fieldErrors: result.fieldErrors }, { status: result.status, headers });
}

export default function ForgotPasswordPage({ actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const sent = actionData?.sent === true;
  const { errors, ...check } = useFormErrors(forgotPasswordSchema, actionData?.sent === false ? actionData.fieldErrors : undefined);
  useEffect(() => {
    if (sent) notify.success(RESET_EMAIL_SENT, { description: RESET_EMAIL_SENT_DETAIL });
  }, [actionData, sent]);

  if (sent) {
    return (
      <PasswordCard title="Check your e-mail">
        <div role="status" className="flex flex-col gap-2">
          <h2 className="font-semibold">{RESET_EMAIL_SENT}</h2>
          <p className="text-muted-foreground">{RESET_EMAIL_SENT_DETAIL}</p>
          <p className="text-sm text-muted-foreground">The link works for one hour. Check your spam folder if it does not arrive.</p>
        </div>
        <Link to="/login" className="text-sm font-medium text-primary underline-offset-4 hover:underline">
          Back to sign in
        </Link>
      </PasswordCard>
    );
  }

  const error = actionData?.sent === false ? actionData.error : undefined;
  return (
    <PasswordCard title="Forgot your password?">
      <p className="text-muted-foreground">
        Enter the e-mail address of your account and we'll send you a link to choose a new password.
      </p>
      {error ? <FormAlert>{error}</FormAlert> : null}
      <Form method="post" noValidate className="flex flex-col gap-4" {...check}>
        <FormField
          name="email"
          label="Email"
          type="email"
          autoComplete="email"
          inputMode="email"
          required
          placeholder="you@example.com"
          error={errors.email}
        />
        <Button type="submit" disabled={busy}>
          {busy ? "Sending..." : "Send Reset Link"}
        </Button>
      </Form>
      <Link to="/login" className="text-sm font-medium text-primary underline-offset-4 hover:underline">
        Back to sign in
      </Link>
    </PasswordCard>
  );
}
