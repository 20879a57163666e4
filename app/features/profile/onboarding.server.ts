import { data, redirect } from "react-router";
import { getDb } from "~/db/registry.server";
import { requireUser } from "~/features/auth/session.server";
import { assertSameOrigin } from "~/features/auth/sign-in.server";
import { onboardingSchema, type OnboardingErrors } from "./onboarding";
import { isProfileComplete, isUsernameTaken, saveOnboarding } from "./profile.server";

export async function onboardingLoader(request: Request) {
  const user = await requireUser(request);
  if (isProfileComplete(user.profile)) throw redirect("/");
  return { username: user.profile.username ?? "", career: user.profile.career ?? "" };
}

/** Validates on the server, saves (setting updated_at) and goes home. */
export async function onboardingAction(request: Request) {
  assertSameOrigin(request);
  const user = await requireUser(request);
  const form = await request.formData();
  const parsed = onboardingSchema.safeParse({
    username: form.get("username") ?? "",
    career: form.get("career") ?? undefined,
  });
  if (!parsed.success) {
    const errors: OnboardingErrors = {};
    for (const issue of parsed.error.issues) {
      const key = issue.path[0] === "career" ? "career" : "username";
      errors[key] ??= issue.message;
    }
    return data({ errors }, { status: 400 });
  }
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
