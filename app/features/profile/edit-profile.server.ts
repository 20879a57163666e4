import { invalidate, profileTag } from "~/db/cache-bus.server";
import { sql } from "drizzle-orm";
import { z } from "zod";
import { data, redirect } from "react-router";
import type { Database } from "~/db/client.server";
import { col, selectRow, selectRows } from "~/db/rows.server";
import { intArray } from "~/db/sql-arrays";
import { parseForm } from "~/lib/forms";
import { setFlash } from "~/domain/flash.server";
import { logger } from "~/lib/logger.server";
import { getStorage } from "~/lib/storage/storage.server";
import { avatarKey, isAvatarKeyOf, processAvatar } from "./avatar.server";
import {
  AVATAR_MAX_BYTES,
  AVATAR_SIZE_MESSAGE,
  AVATAR_TYPE_MESSAGE,
  NICHE_MESSAGE,
  PROFILE_SAVE_FAILED_MESSAGE,
  PROFILE_UPDATED_MESSAGE,
  USERNAME_TAKEN_MESSAGE,
  type EditProfileErrors,
} from "./edit-profile";
import { editProfileSchema } from "./edit-profile-schema";
import { isUsernameTaken } from "./profile.server";
import type { EditProfileData, NicheOption } from "./types";

/** The avatar plus the text fields; anything larger is refused before it is read whole. */
export const MAX_EDIT_BODY_BYTES = AVATAR_MAX_BYTES + 64 * 1024;

export async function loadEditProfile(db: Database, userId: string): Promise<EditProfileData> {
  const [profile, niches] = await Promise.all([
    selectRow(
      db,
      z.object({
        username: col.text.nullable(),
        career: col.text.nullable(),
        avatar_url: col.text.nullable(),
        primary_niche_id: col.int.nullable(),
        loved_niche_ids: z.array(col.int),
        updated_at: col.text,
      }),
      sql`select username, career, avatar_url, primary_niche_id, loved_niche_ids, updated_at::text
          from profiles where id = ${userId}`,
    ),
    selectRows(db, z.object({ id: col.int, name: col.text }) satisfies z.ZodType<NicheOption>, sql`select id, name from niches where status = 'published' order by lower(name), id`),
  ]);
  const published = new Set(niches.map((niche) => niche.id));
  return {
    username: profile?.username ?? "",
    career: profile?.career ?? "",
    avatarUrl: profile?.avatar_url ?? null,
    primaryNicheId: profile?.primary_niche_id != null && published.has(profile.primary_niche_id) ? profile.primary_niche_id : null,
    favoriteNicheIds: (profile?.loved_niche_ids ?? []).filter((id) => published.has(id)),
    niches,
    version: profile?.updated_at ?? "",
  };
}

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
    const found = await selectRows(
      db,
      z.object({ id: col.int }),
      sql`select id from niches where status = 'published' and id = any(${intArray(wanted)})`,
    );
    const published = new Set(found.map((row) => row.id));
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
    const row = await selectRow(
      db,
      z.object({ previous_avatar_url: col.text.nullable() }),
      sql`update profiles p
             set username = ${values.username},
                 career = ${values.career},
                 primary_niche_id = ${values.primaryNicheId},
                 loved_niche_ids = ${intArray(values.favoriteNicheIds)},
                 avatar_url = coalesce(${newAvatarUrl}, p.avatar_url),
                 updated_at = clock_timestamp()
            from (select avatar_url from profiles where id = ${userId} for update) previous
           where p.id = ${userId}
       returning previous.avatar_url as previous_avatar_url`,
    );
    if (!row) throw new Error("profile not found");
    previousAvatarUrl = row.previous_avatar_url;
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
