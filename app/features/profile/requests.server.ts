/**
 * The profile's requests: the Edit Profile form's save (multipart, with the avatar; /profile's
 * route composes the page and calls it), onboarding's page and form, where a sign-in goes next,
 * and home's redirect to the user's primary niche. The routes only call these.
 */
import { data, redirect } from "react-router";
import { invalidate, profileTag } from "~/db/cache-bus.server";
import type { Database } from "~/db/client.server";
import { getDb } from "~/db/registry.server";
import { safeRedirectPath } from "~/domain/auth/redirect-path";
import { getOptionalUser, requireUser } from "~/domain/auth/session.server";
import { setFlash } from "~/domain/flash.server";
import { parseForm } from "~/lib/forms";
import { assertSameOrigin } from "~/lib/http/origin.server";
import { logger } from "~/lib/logger.server";
import { getStorage } from "~/lib/storage/storage.server";
import { avatarKey, isAvatarKeyOf, processAvatar } from "./avatar.server";
import { saveOnboarding, skipOnboarding, updateProfile } from "./mutations.server";
import {
  AVATAR_MAX_BYTES,
  AVATAR_SIZE_MESSAGE,
  AVATAR_TYPE_MESSAGE,
  editProfileSchema,
  isProfileComplete,
  NICHE_MESSAGE,
  onboardingSchema,
  PROFILE_SAVE_FAILED_MESSAGE,
  PROFILE_UPDATED_MESSAGE,
  USERNAME_TAKEN_MESSAGE,
  type EditProfileErrors,
  type OnboardingErrors,
} from "./profile";
import { isUsernameTaken, primaryNicheSlug, publishedNicheIds, shouldOfferOnboarding } from "./queries.server";

/* ---------------------------------------------------------------- Edit Profile */

/** The avatar plus the text fields; anything larger is refused before it is read whole. */
export const MAX_EDIT_BODY_BYTES = AVATAR_MAX_BYTES + 64 * 1024;

function fail(errors: EditProfileErrors, status: 400 | 409 | 413 | 503) {
  return data({ errors }, { status });
}

type BodyResult = { ok: true; form: FormData } | { ok: false; tooLarge: boolean };

/** Reads the form, refusing a body over the limit from Content-Length or while reading it. */
export async function readLimitedForm(request: Request, limit = MAX_EDIT_BODY_BYTES): Promise<BodyResult> {
  const declared = Number(request.headers.get("Content-Length"));
  if (Number.isFinite(declared) && declared > limit) return { ok: false, tooLarge: true };
  const chunks: Uint8Array[] = [];
  let total = 0;
  if (request.body) {
    const reader = request.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.byteLength;
      if (total > limit) {
        await reader.cancel().catch(() => {});
        return { ok: false, tooLarge: true };
      }
      chunks.push(value);
    }
  }
  const body = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  try {
    const contentType = request.headers.get("Content-Type") ?? "";
    return { ok: true, form: await new Response(body, { headers: { "Content-Type": contentType } }).formData() };
  } catch {
    return { ok: false, tooLarge: false };
  }
}

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: string }).code === "23505") return true;
  }
  return false;
}

/**
 * Saves the Edit Profile form: validates every field, checks the niches are published and the
 * username is free, stores a new avatar, writes the profile in one statement, then removes the
 * avatar it replaced. Success redirects to the Edit Profile tab with the toast.
 */
export async function saveEditProfile(db: Database, request: Request, userId: string) {
  const body = await readLimitedForm(request);
  if (!body.ok) {
    return body.tooLarge ? fail({ avatar: AVATAR_SIZE_MESSAGE }, 413) : fail({ form: "The form could not be read. Please try again." }, 400);
  }
  const form = body.form;
  const parsed = parseForm(editProfileSchema, form);
  if (!parsed.ok) return fail(parsed.errors, 400);
  const values = parsed.data;

  const upload = form.get("avatar");
  let avatar: Buffer | null = null;
  if (upload !== null && typeof upload !== "string" && upload.size > 0) {
    const result = await processAvatar(new Uint8Array(await upload.arrayBuffer()));
    if (!result.ok) return fail({ avatar: result.error }, result.status);
    avatar = result.webp;
  } else if (typeof upload === "string" && upload !== "") {
    return fail({ avatar: AVATAR_TYPE_MESSAGE }, 400);
  }

  const wanted = [...new Set([...(values.primaryNicheId ? [values.primaryNicheId] : []), ...values.favoriteNicheIds])];
  if (wanted.length) {
    const published = await publishedNicheIds(db, wanted);
    const errors: EditProfileErrors = {};
    if (values.primaryNicheId && !published.has(values.primaryNicheId)) errors.primaryNicheId = NICHE_MESSAGE;
    if (values.favoriteNicheIds.some((id) => !published.has(id))) errors.favoriteNicheIds = NICHE_MESSAGE;
    if (errors.primaryNicheId || errors.favoriteNicheIds) return fail(errors, 400);
  }

  if (await isUsernameTaken(db, values.username, userId)) return fail({ username: USERNAME_TAKEN_MESSAGE }, 409);

  const storage = getStorage();
  let newAvatarKey: string | null = null;
  let newAvatarUrl: string | null = null;
  if (avatar) {
    newAvatarKey = avatarKey(userId);
    try {
      newAvatarUrl = await storage.putObject(newAvatarKey, avatar, "image/webp");
    } catch (error) {
      logger().error({ err: error, userId }, "avatar upload failed");
      return fail({ avatar: "Failed to upload the image. Please try again." }, 503);
    }
  }

  let previousAvatarUrl: string | null = null;
  try {
    previousAvatarUrl = await updateProfile(db, userId, values, newAvatarUrl);
  } catch (error) {
    if (newAvatarKey) await removeQuietly(newAvatarKey);
    if (isUniqueViolation(error)) return fail({ username: USERNAME_TAKEN_MESSAGE }, 409);
    logger().error({ err: error, userId }, "profile update failed");
    return fail({ form: PROFILE_SAVE_FAILED_MESSAGE }, 503);
  }

  // Their name, career and picture show beside products they made, reviewed or upvoted.
  await invalidate([profileTag(userId)]);
  if (newAvatarUrl && previousAvatarUrl && previousAvatarUrl !== newAvatarUrl) {
    const oldKey = storage.keyFromUrl(previousAvatarUrl);
    if (oldKey && isAvatarKeyOf(oldKey, userId)) await removeQuietly(oldKey);
  }
  return redirect("/profile?tab=edit", {
    headers: { "Set-Cookie": await setFlash({ kind: "success", message: PROFILE_UPDATED_MESSAGE }) },
  });
}

async function removeQuietly(key: string) {
  try {
    await getStorage().deleteObject(key);
  } catch (error) {
    logger().warn({ err: error, key }, "could not delete a stored file");
  }
}

/* ---------------------------------------------------------------- Onboarding */

/** Where onboarding continues to: the path the sign-in was for (checked), else home. */
function continuePath(request: Request, form?: FormData): string {
  return safeRedirectPath(form?.get("redirectTo") ?? new URL(request.url).searchParams.get("redirectTo"));
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

/* ---------------------------------------------------------------- Home */

/**
 * Home for a signed-in user who chose "My Niche" is that niche: throws the redirect. Requests
 * without a session cookie (the only ones the page cache serves) return at once.
 */
export async function redirectToPrimaryNiche(request: Request, context?: unknown): Promise<void> {
  const user = await getOptionalUser(request, context);
  if (!user) return;
  const slug = await primaryNicheSlug(getDb(), user.id);
  if (slug) throw redirect(`/niche/${encodeURIComponent(slug)}`);
}
