import { CheckCircle2Icon } from "lucide-react";
import { useEffect, useRef } from "react";
import { Form, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { FormAlert, FormField } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import { useFormErrors } from "~/lib/use-form-errors";
import { adminCredentialsSchema, type Challenge, type LoginActionData } from "../admin";

interface Props {
  challenge: Challenge;
  verified: string | null;
  values: { email: string; answer: string };
  /** The server's messages; keep the object stable between renders of one answer. */
  errors: LoginActionData["errors"];
  redirectTo: string;
}

/**
 * Email, password and the math challenge. Verify and Sign In post to the server (with or without
 * JavaScript); Sign In is enabled only once the server has verified this question. With JavaScript,
 * the e-mail and password get the server's messages as soon as they are typed (Verify skips that).
 */
export function AdminLoginForm({ challenge, verified, values, errors: serverErrors, redirectTo }: Props) {
  const { errors, ...check } = useFormErrors(adminCredentialsSchema, serverErrors);
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting" && navigation.formMethod?.toUpperCase() === "POST";
  const pendingIntent = submitting ? navigation.formData?.get("intent") : null;
  const signInRef = useRef<HTMLButtonElement>(null);
  const wasVerified = useRef(!!verified);

  // The Verify button leaves the form once the answer is verified: keep the keyboard in place.
  useEffect(() => {
    if (verified && !wasVerified.current) signInRef.current?.focus();
    wasVerified.current = !!verified;
  }, [verified]);

  return (
    <Form method="post" replace noValidate className="flex flex-col gap-4" aria-describedby={errors.form ? "login-form-error" : undefined} {...check}>
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <input type="hidden" name="challenge" value={challenge.token} />
      {verified ? <input type="hidden" name="verified" value={verified} /> : null}

      {errors.form ? <FormAlert id="login-form-error">{errors.form}</FormAlert> : null}

      <FormField
        id="admin-email"
        name="email"
        label="Email"
        type="email"
        autoComplete="username"
        defaultValue={values.email}
        required
        error={errors.email}
      />

      <FormField
        id="admin-password"
        name="password"
        label="Password"
        type="password"
        autoComplete="current-password"
        required
        minLength={6}
        error={errors.password}
      />

      <fieldset className="flex flex-col gap-2 rounded-md border p-3">
        <legend className="px-1 text-sm font-medium">Math challenge</legend>
        <FormField
          id="admin-answer"
          label={challenge.question}
          error={errors.answer}
          errorRole="alert"
          className="flex flex-col gap-2"
          labelClassName="text-sm"
        >
          {(field) => (
            <div className="flex gap-2">
              <Input
                // A new question starts with an empty answer.
                key={challenge.token}
                {...field}
                name="answer"
                inputMode="numeric"
                autoComplete="off"
                defaultValue={values.answer}
                readOnly={!!verified}
                className="w-24"
                aria-describedby={field["aria-describedby"] ?? (verified ? "admin-answer-verified" : undefined)}
              />
              {verified ? null : (
                <Button type="submit" name="intent" value="verify" variant="outline" formNoValidate disabled={submitting}>
                  {pendingIntent === "verify" ? "Verifying..." : "Verify"}
                </Button>
              )}
            </div>
          )}
        </FormField>
        {verified ? (
          <p id="admin-answer-verified" role="status" className="flex items-center gap-1.5 text-sm text-emerald-700 dark:text-emerald-400">
            <CheckCircle2Icon className="size-4" aria-hidden />
            Verified
          </p>
        ) : null}
      </fieldset>

      <Button ref={signInRef} type="submit" name="intent" value="sign-in" size="lg" disabled={!verified || submitting}>
        {pendingIntent === "sign-in" ? "Signing in..." : "Sign In"}
      </Button>
    </Form>
  );
}
