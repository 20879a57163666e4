import crypto from "node:crypto";
import { loadSharp } from "~/lib/sharp.server";
import { AVATAR_MAX_BYTES, AVATAR_SIZE_MESSAGE, AVATAR_TYPE_MESSAGE } from "./profile";

export const AVATAR_SIZE = 256;
/** Larger pictures are refused before decoding (about 40 megapixels, e.g. 8000 x 5000). */
const MAX_INPUT_PIXELS = 40_000_000;

export type AvatarResult = { ok: true; webp: Buffer } | { ok: false; status: 400 | 413; error: string };

/** What the bytes are, read from their content (never from a file name or a declared type). */
async function detectFormat(bytes: Uint8Array): Promise<string | null> {
  const sharp = await loadSharp();
  try {
    const metadata = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
    // AVIF is reported as HEIF with the AV1 codec; other HEIF (HEIC) is refused.
    if (metadata.format === "heif") return metadata.compression === "av1" ? "avif" : "heif";
    return metadata.format ?? null;
  } catch {
    return null;
  }
}

const ACCEPTED = new Set(["jpeg", "png", "webp", "gif", "avif"]);

/**
 * Checks an uploaded avatar (an image by content, at most 5 MB) and makes the stored form: a
 * 256 x 256 WebP cropped to cover, turned upright, without metadata (EXIF, GPS, ICC).
 */
export async function processAvatar(bytes: Uint8Array): Promise<AvatarResult> {
  if (bytes.byteLength > AVATAR_MAX_BYTES) return { ok: false, status: 413, error: AVATAR_SIZE_MESSAGE };
  const format = await detectFormat(bytes);
  if (!format || !ACCEPTED.has(format)) return { ok: false, status: 400, error: AVATAR_TYPE_MESSAGE };
  const sharp = await loadSharp();
  try {
    const webp = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS })
      .rotate()
      .resize(AVATAR_SIZE, AVATAR_SIZE, { fit: "cover" })
      .webp({ quality: 82 })
      .toBuffer();
    return { ok: true, webp };
  } catch {
    // Truncated or corrupt pictures pass the header check and fail here.
    return { ok: false, status: 400, error: AVATAR_TYPE_MESSAGE };
  }
}

/** avatars/<userId>/<random>.webp: a new name each time, so the files can be cached forever. */
export function avatarKey(userId: string): string {
  const safeId = userId.replace(/[^A-Za-z0-9_-]/g, "") || "user";
  return `avatars/${safeId}/${crypto.randomBytes(12).toString("hex")}.webp`;
}

/** Whether a stored key is one of this user's avatars (the only files an avatar change deletes). */
export function isAvatarKeyOf(key: string, userId: string): boolean {
  const safeId = userId.replace(/[^A-Za-z0-9_-]/g, "") || "user";
  return key.startsWith(`avatars/${safeId}/`);
}
