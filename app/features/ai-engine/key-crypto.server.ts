/**
 * The provider API key at rest: AES-256-GCM under a key derived from the installation's auth
 * secret with HKDF-SHA256 (its own salt and info, so it is never the session-signing key itself).
 * Stored as `v1.<iv>.<tag>.<ciphertext>` (base64url). A changed AUTH_SECRET makes old keys
 * unreadable: `openKey` answers null and the admin enters the key again.
 */
import crypto from "node:crypto";

const VERSION = "v1";
const SALT = "toolnest:ai-engine";
const INFO = "provider api key v1";

function derive(secret: string): Buffer {
  return Buffer.from(crypto.hkdfSync("sha256", secret, SALT, INFO, 32));
}

export function sealKey(plain: string, secret: string): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv("aes-256-gcm", derive(secret), iv);
  const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return [VERSION, iv.toString("base64url"), cipher.getAuthTag().toString("base64url"), body.toString("base64url")].join(".");
}

/** The key, or null when the text is not ours or was sealed under another secret (or tampered with). */
export function openKey(sealed: string, secret: string): string | null {
  const [version, iv, tag, body] = sealed.split(".");
  if (version !== VERSION || !iv || !tag || body === undefined) return null;
  try {
    const decipher = crypto.createDecipheriv("aes-256-gcm", derive(secret), Buffer.from(iv, "base64url"));
    decipher.setAuthTag(Buffer.from(tag, "base64url"));
    return Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]).toString("utf8");
  } catch {
    return null;
  }
}

/** The only part of a key ever shown. */
export function lastFour(key: string): string {
  return key.slice(-4);
}
