import { data, redirect } from "react-router";
import { getDb } from "~/db/registry.server";
import { requireUser } from "~/domain/auth/session.server";
import { assertSameOrigin } from "~/lib/http/origin.server";
import { parseForm } from "~/lib/forms";
import { onboardingSchema, type OnboardingErrors } from "./onboarding";
import { isProfileComplete, isUsernameTaken, saveOnboarding } from "./profile.server";

export async function onboardingLoader(request: Request, context?: unknown) {
  const user = await requireUser(request, context);
  if (isProfileComplete(user.profile)) throw redirect("/");
  return { username: user.profile.username ?? "", career: user.profile.career ?? "" };
}

/** Validates on the server, saves (setting updated_at) and goes home. */
export async function onboardingAction(request: Request) {
  assertSameOrigin(request);
  const user = await requireUser(request);
  const parsed = parseForm(onboardingSchema, await request.formData());
  if (!parsed.ok) return data({ errors: parsed.errors satisfies OnboardingErrors }, { status: 400 });
  const db = getDb();
  if (await isUsernameTaken(db, parsed.data.username, user.id)) {
    const errors: OnboardingErrors = { username: "This username is already taken." };
    return data({ errors }, { status: 400 });
  }
  try {
    await saveOnboarding(db, user.id, parsed.data);
  } catch {
    const errors: OnboardingErrors = { form: "Failed to update your profile. Please try again." };
    return data({ errors }, { status: 500 });
  }
  return redirect("/");
}
