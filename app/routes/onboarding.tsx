import { Form, useNavigation } from "react-router";
import type { Route } from "./+types/onboarding";
import { Button } from "~/components/ui/button";
import { FormField } from "~/components/ui/form-field";
import { UsernameField } from "~/features/profile/components/username-field";
import { onboardingSchema, type OnboardingErrors } from "~/features/profile/profile";
import { onboardingAction, onboardingLoader } from "~/features/profile/requests.server";
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
  const navigation = useNavigation();
  const saving = navigation.state === "submitting";
  const skipping = navigation.formData?.get("intent") === "skip";
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
        <input type="hidden" name="redirectTo" value={loaderData.redirectTo} />
        <Button type="submit" disabled={saving}>
          {saving && !skipping ? "Saving..." : "Complete Setup & Continue"}
        </Button>
      </Form>
      {/* A form of its own: skipping needs no valid username. */}
      <Form method="post" className="mt-2 flex flex-col">
        <input type="hidden" name="redirectTo" value={loaderData.redirectTo} />
        {/* Keeps the focus where it is on press: a blur would show the username's message above and
            move this button away from under the pointer before the click lands. */}
        <Button type="submit" name="intent" value="skip" variant="ghost" disabled={saving} onMouseDown={(event) => event.preventDefault()}>
          Skip for now
        </Button>
      </Form>
    </div>
  );
}
