import { Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/onboarding";
import { Button } from "~/components/ui/button";
import { FormField } from "~/components/ui/form-field";
import { UsernameField } from "~/features/profile/username-field";
import { onboardingSchema, type OnboardingErrors } from "~/features/profile/onboarding";
import { onboardingAction, onboardingLoader } from "~/features/profile/onboarding.server";
import { useFormErrors } from "~/lib/use-form-errors";

export function meta({ matches }: Route.MetaArgs) {
  const siteName = matches[0].loaderData?.env.SITE_NAME ?? "Toolnest";
  return [{ title: `Complete Your Profile | ${siteName}` }, { name: "robots", content: "noindex" }];
}

export function loader({ request, context }: Route.LoaderArgs) {
  return onboardingLoader(request, context);
}

export function action({ request }: Route.ActionArgs) {
  return onboardingAction(request);
}

export default function OnboardingPage({ loaderData, actionData }: Route.ComponentProps) {
  const saving = useNavigation().state === "submitting";
  const { errors, ...check } = useFormErrors<OnboardingErrors>(onboardingSchema, actionData?.errors);
  return (
    <div className="mx-auto max-w-md rounded-lg border bg-card p-8 shadow-sm">
      <h1 className="text-2xl font-bold tracking-tight">Complete Your Profile</h1>
      <p className="mt-1 text-sm text-muted-foreground">Tell the community a little about yourself.</p>
      <Form method="post" className="mt-6 flex flex-col gap-4" noValidate {...check}>
        {errors.form ? (
          <p role="alert" className="text-sm text-destructive">
            {errors.form}
          </p>
        ) : null}
        <UsernameField id="onboarding-username" defaultValue={loaderData.username} error={errors.username} />
        <FormField
          id="onboarding-career"
          name="career"
          label="Career / Profession"
          className="flex flex-col gap-2"
          maxLength={100}
          placeholder="What do you do?"
          defaultValue={loaderData.career}
          error={errors.career}
          errorRole="alert"
        />
        <Button type="submit" disabled={saving}>
          {saving ? "Saving..." : "Complete Setup & Continue"}
        </Button>
        <Button asChild variant="ghost">
          <Link to="/">Skip for now</Link>
        </Button>
      </Form>
    </div>
  );
}
