import { Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/onboarding";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import type { OnboardingErrors } from "~/features/profile/onboarding";
import { onboardingAction, onboardingLoader } from "~/features/profile/onboarding.server";

export function meta({ matches }: Route.MetaArgs) {
  const siteName = matches[0].loaderData?.env.SITE_NAME ?? "Toolnest";
  return [{ title: `Complete Your Profile | ${siteName}` }, { name: "robots", content: "noindex" }];
}

export function loader({ request }: Route.LoaderArgs) {
  return onboardingLoader(request);
}

export function action({ request }: Route.ActionArgs) {
  return onboardingAction(request);
}

export default function OnboardingPage({ loaderData, actionData }: Route.ComponentProps) {
  const saving = useNavigation().state === "submitting";
  const errors: OnboardingErrors = actionData?.errors ?? {};
  return (
    <div className="mx-auto max-w-md rounded-lg border bg-card p-8 shadow-sm">
      <h1 className="text-2xl font-bold tracking-tight">Complete Your Profile</h1>
      <p className="mt-1 text-sm text-muted-foreground">Tell the community a little about yourself.</p>
      <Form method="post" className="mt-6 flex flex-col gap-4" noValidate>
        {errors.form ? (
          <p role="alert" className="text-sm text-destructive">
            {errors.form}
          </p>
        ) : null}
        <div className="flex flex-col gap-2">
          <label htmlFor="onboarding-username" className="text-sm font-medium">
            Username
          </label>
          <Input
            id="onboarding-username"
            name="username"
            required
            minLength={3}
            maxLength={50}
            autoComplete="username"
            defaultValue={loaderData.username}
            aria-invalid={errors.username ? true : undefined}
            aria-describedby={errors.username ? "onboarding-username-error" : undefined}
          />
          {errors.username ? (
            <p id="onboarding-username-error" role="alert" className="text-sm text-destructive">
              {errors.username}
            </p>
          ) : null}
        </div>
        <div className="flex flex-col gap-2">
          <label htmlFor="onboarding-career" className="text-sm font-medium">
            Career / Profession
          </label>
          <Input
            id="onboarding-career"
            name="career"
            maxLength={100}
            placeholder="What do you do?"
            defaultValue={loaderData.career}
            aria-invalid={errors.career ? true : undefined}
          />
          {errors.career ? (
            <p role="alert" className="text-sm text-destructive">
              {errors.career}
            </p>
          ) : null}
        </div>
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
