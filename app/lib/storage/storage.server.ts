/**
 * Where uploaded files live. Without S3_BUCKET they go to DATA_DIR/uploads and Express serves
 * them at /uploads/…; with it they go to an S3-compatible bucket and are linked from
 * S3_PUBLIC_URL (or the endpoint and bucket). Keys are chosen by the app, never by a visitor.
 */
import path from "node:path";
import { env, type Env } from "../env.server";
import { replaceable } from "../replaceable";
import { LocalStorage } from "./local.server";
import { S3Storage } from "./s3.server";

export interface Storage {
  /** Stores the bytes under `key` (replacing any) and answers the object's public URL. */
  putObject(key: string, bytes: Uint8Array, contentType: string): Promise<string>;
  /** Removes the object; a missing one is not an error. */
  deleteObject(key: string): Promise<void>;
  /** The key of a URL this storage handed out, or null for any other URL. */
  keyFromUrl(url: string): string | null;
}

export function uploadsDirectory(e: Env = env()): string {
  return path.join(e.DATA_DIR, "uploads");
}

export function storageFromEnv(e: Env = env()): Storage {
  if (e.S3_BUCKET) {
    return new S3Storage({
      endpoint: e.S3_ENDPOINT ?? `https://s3.${e.S3_REGION}.amazonaws.com`,
      bucket: e.S3_BUCKET,
      region: e.S3_REGION,
      accessKeyId: e.S3_ACCESS_KEY_ID ?? "",
      secretAccessKey: e.S3_SECRET_ACCESS_KEY ?? "",
      publicUrl: e.S3_PUBLIC_URL ?? null,
    });
  }
  return new LocalStorage(uploadsDirectory(e));
}

const storage = replaceable(() => storageFromEnv());

export const getStorage = (): Storage => storage.get();
/** Tests swap the storage; undefined goes back to the configured one. */
export const setStorage = (next: Storage | undefined): void => storage.set(next);
