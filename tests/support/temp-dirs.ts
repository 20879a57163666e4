import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/**
 * Temporary folders for one test file: `make()` creates one named after `prefix`, `removeAll()`
 * deletes every one made so far (pass it to afterAll or afterEach).
 */
export function tempDirs(prefix: string) {
  const dirs: string[] = [];
  return {
    make() {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
      dirs.push(dir);
      return dir;
    },
    removeAll() {
      for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
