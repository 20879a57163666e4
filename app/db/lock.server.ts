import fs from "node:fs";
import path from "node:path";

export class DatabaseBusyError extends Error {}

/** Who holds the lock: enough to tell the same process from a later one that got its pid. */
export interface LockOwner {
  pid: number;
  purpose?: string;
  since?: string;
  /** The kernel's boot id (Linux): a lock from before a reboot belongs to no running process. */
  boot?: string;
  /** The process's start time in clock ticks after boot (Linux, /proc/PID/stat field 22). */
  started?: string;
}

/** Linux's /proc/PID/stat: the state letter and the start time, or null where there is no /proc. */
function procStat(pid: number): { state: string; started: string } | null {
  let text: string;
  try {
    text = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
  } catch {
    return null;
  }
  // "pid (comm) state ppid ..."; comm may hold spaces and parentheses, so split after its last ")".
  const fields = text.slice(text.lastIndexOf(")") + 2).split(" ");
  return { state: fields[0] ?? "", started: fields[19] ?? "" };
}

function bootId(): string | undefined {
  try {
    return fs.readFileSync("/proc/sys/kernel/random/boot_id", "utf8").trim();
  } catch {
    return undefined;
  }
}

/** What this process writes into the lock file. */
export function currentOwner(purpose: string): LockOwner {
  return { pid: process.pid, purpose, since: new Date().toISOString(), boot: bootId(), started: procStat(process.pid)?.started };
}

/**
 * Whether the process that wrote `owner` still runs. A pid alone is not enough: a process killed
 * with SIGKILL stays a zombie until its parent reaps it (a supervisor that has not yet, or never
 * does), and after a reboot or a wrap-around its pid may belong to another process. Where Linux's
 * /proc tells, a zombie, another start time or another boot is a dead owner.
 */
export function ownerAlive(owner: LockOwner): boolean {
  if (owner.boot && bootId() && owner.boot !== bootId()) return false;
  try {
    process.kill(owner.pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EPERM") return false;
  }
  const stat = procStat(owner.pid);
  // No /proc (another system), or one that hides other processes: the signal's answer stands.
  if (!stat) return true;
  if (stat.state === "Z" || stat.state === "X") return false;
  return !owner.started || owner.started === stat.started;
}

/**
 * The embedded database belongs to one process at a time. A lock file holds the owner's pid, and
 * on Linux its start time and the boot it ran in; a lock whose owner is gone (exited, killed and
 * not yet reaped, or its pid now another process's) is taken over at once.
 */
export function acquireDataDirLock(dataDir: string, purpose: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, "toolnest.lock");
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      fs.writeFileSync(file, JSON.stringify(currentOwner(purpose)), { flag: "wx" });
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        try {
          const owner = JSON.parse(fs.readFileSync(file, "utf8")) as LockOwner;
          if (owner.pid === process.pid) fs.unlinkSync(file);
        } catch {
          /* already gone */
        }
      };
      process.once("exit", release);
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      let owner: Partial<LockOwner> = {};
      try {
        owner = JSON.parse(fs.readFileSync(file, "utf8"));
      } catch {
        /* unreadable lock file: treat as stale */
      }
      if (typeof owner.pid === "number" && owner.pid !== process.pid && ownerAlive(owner as LockOwner)) {
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
