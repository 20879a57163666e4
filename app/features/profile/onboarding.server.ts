import { sql } from "drizzle-orm";
import { z } from "zod";
import { data, redirect } from "react-router";
import type { Database } from "~/db/client.server";
import { col, selectRow } from "~/db/rows.server";
import { getDb } from "~/db/registry.server";
import { safeRedirectPath } from "~/domain/auth/redirect-path";
import { requireUser } from "~/domain/auth/session.server";
import { assertSameOrigin } from "~/lib/http/origin.server";
import { parseForm } from "~/lib/forms";
import { onboardingSchema, type OnboardingErrors } from "./onboarding";
import { isProfileComplete, isUsernameTaken, saveOnboarding } from "./profile.server";

/** Where onboarding continues to: the path the sign-in was for (checked), else home. */
function continuePath(request: Request, form?: FormData): string {
  return safeRedirectPath(form?.get("redirectTo") ?? new URL(request.url).searchParams.get("redirectTo"));
}

/**
 * Whether signing in should lead to onboarding: the user has no profile yet (the first sign-in,
 * before the session created it), or one that is neither complete nor skipped ("Skip for now").
 */
export async function shouldOfferOnboarding(db: Database, who: { userId: string } | { email: string }): Promise<boolean> {
  const match = "userId" in who ? sql`u.id = ${who.userId}` : sql`lower(u.email) = lower(${who.email})`;
  const row = await selectRow(
    db,
    z.object({
      has_profile: col.bool,
      username: col.text.nullable(),
      created_at: col.text.nullable(),
      updated_at: col.text.nullable(),
      skipped: col.bool,
    }),
    sql`select p.id is not null as has_profile, p.username, p.created_at::text, p.updated_at::text,
               p.onboarding_skipped_at is not null as skipped
        from "user" u left join profiles p on p.id = u.id where ${match} limit 1`,
  );
  if (!row) return false;
  if (!row.has_profile) return true;
  return !row.skipped && !isProfileComplete({ username: row.username, created_at: row.created_at!, updated_at: row.updated_at! });
}

/**
 * The path a sign-in goes to: onboarding first (carrying where the user was going) when it is
 * offered, else `redirectTo`. The sign-in routes (/auth, /auth/dev) call it.
 */
export async function afterSignInPath(who: { userId: string } | { email: string }, redirectTo: string): Promise<string> {
  const target = safeRedirectPath(redirectTo);
  if (target.startsWith("/onboarding")) return target;
  if (!(await shouldOfferOnboarding(getDb(), who))) return target;
  return target === "/" ? "/onboarding" : `/onboarding?redirectTo=${encodeURIComponent(target)}`;
}

export async function onboardingLoader(request: Request, context?: unknown) {
  const user = await requireUser(request, context);
  if (isProfileComplete(user.profile)) throw redirect("/");
  return { username: user.profile.username ?? "", career: user.profile.career ?? "", redirectTo: continuePath(request) };
}

/** Records "Skip for now": the sign-in stops offering onboarding. */
export async function skipOnboarding(db: Database, userId: string): Promise<void> {
  await db.execute(sql`update profiles set onboarding_skipped_at = coalesce(onboarding_skipped_at, now()) where id = ${userId}`);
}

/**
 * Complete Setup & Continue: validates on the server, saves (setting updated_at) and continues.
 * Skip for now (`intent=skip`): remembered on the profile, then home, or where the sign-in was
 * going when it started elsewhere (decision 049).
 */
export async function onboardingAction(request: Request) {
  assertSameOrigin(request);
  const user = await requireUser(request);
  const form = await request.formData();
  const next = continuePath(request, form);
  const db = getDb();
  if (form.get("intent") === "skip") {
    await skipOnboarding(db, user.id);
    return redirect(next);
  }
  const parsed = parseForm(onboardingSchema, form);
  if (!parsed.ok) return data({ errors: parsed.errors satisfies OnboardingErrors }, { status: 400 });
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
  return redirect(next);
}
