import fs from "node:fs";
import path from "node:path";

export class DatabaseBusyError extends Error {}

function isAlive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * The embedded database belongs to one process at a time. A lock file holds the owner's pid;
 * a stale one (its process gone) is taken over.
 */
export function acquireDataDirLock(dataDir: string, purpose: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, "toolnest.lock");
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      fs.writeFileSync(file, JSON.stringify({ pid: process.pid, purpose, since: new Date().toISOString() }), {
        flag: "wx",
      });
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        try {
          const owner = JSON.parse(fs.readFileSync(file, "utf8")) as { pid: number };
          if (owner.pid === process.pid) fs.unlinkSync(file);
        } catch {
          /* already gone */
        }
      };
      process.once("exit", release);
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      let owner: { pid?: number; purpose?: string } = {};
      try {
        owner = JSON.parse(fs.readFileSync(file, "utf8"));
      } catch {
        /* unreadable lock file: treat as stale */
      }
      if (owner.pid && owner.pid !== process.pid && isAlive(owner.pid)) {
        throw new DatabaseBusyError(
          `The embedded database in ${dataDir} is in use by another process (pid ${owner.pid}, ${owner.purpose ?? "unknown"}). ` +
            `Stop it first, or run this command against PostgreSQL with DATABASE_URL.`,
        );
      }
      fs.rmSync(file, { force: true });
    }
  }
  throw new DatabaseBusyError(`Could not take the lock on ${file}.`);
}
