import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { assertValidKey } from "./keys";

export const LOCAL_UPLOADS_PATH = "/uploads";

/** Files under `root`, served by Express at /uploads/<key> (server/app.ts). */
export class LocalStorage {
  constructor(
    readonly root: string,
    private readonly publicPath = LOCAL_UPLOADS_PATH,
  ) {}

  private file(key: string): string {
    assertValidKey(key);
    const file = path.resolve(this.root, key);
    if (!file.startsWith(path.resolve(this.root) + path.sep)) throw new Error(`Invalid storage key: ${key}`);
    return file;
  }

  async putObject(key: string, bytes: Uint8Array, _contentType: string): Promise<string> {
    const file = this.file(key);
    await fs.mkdir(path.dirname(file), { recursive: true });
    // Written beside and renamed, so a reader never sees half a file.
    const temporary = `${file}.${crypto.randomBytes(6).toString("hex")}.tmp`;
    await fs.writeFile(temporary, bytes, { mode: 0o644 });
    await fs.rename(temporary, file);
    return `${this.publicPath}/${key}`;
  }

  async deleteObject(key: string): Promise<void> {
    await fs.rm(this.file(key), { force: true });
  }

  keyFromUrl(url: string): string | null {
    const prefix = `${this.publicPath}/`;
    if (!url.startsWith(prefix)) return null;
    const key = url.slice(prefix.length);
    try {
      assertValidKey(key);
      return key;
    } catch {
      return null;
    }
  }
}
