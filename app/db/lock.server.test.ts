import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { tempDirs } from "../../tests/support/temp-dirs";
import { acquireDataDirLock, currentOwner, DatabaseBusyError } from "./lock.server";

const temp = tempDirs("toolnest-lock-");
const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill("SIGKILL");
  temp.removeAll();
});

const lockFile = (dir: string) => path.join(dir, "toolnest.lock");
const owner = (dir: string) => JSON.parse(fs.readFileSync(lockFile(dir), "utf8")) as { pid: number };

/** Waits until `check` holds (a child writes its lock, a kill takes effect), at most 20 s. */
async function until(check: () => boolean, what: string) {
  for (const started = Date.now(); Date.now() - started < 20_000; await new Promise((r) => setTimeout(r, 20))) {
    if (check()) return;
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** The state letter of a process in /proc, or null once it is gone. */
function state(pid: number): string | null {
  try {
    const text = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    return text.slice(text.lastIndexOf(")") + 2).split(" ")[0]!;
  } catch {
    return null;
  }
}

describe.skipIf(process.platform !== "linux")("the embedded database's lock after a crash (Linux /proc)", () => {
  it("is taken over at once from an owner killed with SIGKILL and not yet reaped (a zombie)", async () => {
    const dir = temp.make();
    // A node process takes the lock as a server would; its parent (sh, which then becomes sleep)
    // never waits for it, so once killed it stays a zombie: its pid still answers signal 0.
    const lockModule = path.resolve("app/db/lock.server.ts");
    const script = `import(${JSON.stringify(lockModule)}).then((m) => { m.acquireDataDirLock(${JSON.stringify(dir)}, "a server that will crash"); setInterval(() => {}, 1000); })`;
    const parent = spawn("sh", ["-c", `"${process.execPath}" --import tsx -e '${script}' & exec sleep 60`], { stdio: "ignore" });
    children.push(parent);
    await until(() => fs.existsSync(lockFile(dir)) && owner(dir).pid !== parent.pid, "the child's lock");
    const crashed = owner(dir).pid;
    process.kill(crashed, "SIGKILL");
    await until(() => state(crashed) === "Z", "the killed owner to become a zombie");
    expect(() => process.kill(crashed, 0)).not.toThrow();

    const release = acquireDataDirLock(dir, "the restarted server");
    expect(owner(dir).pid).toBe(process.pid);
    release();
  });

  it("is taken over when the owner's pid now belongs to another process", () => {
    const dir = temp.make();
    // The lock of a server that ran as this test's parent's pid once, started at another time.
    const reused = { ...currentOwner("a server from before"), pid: process.ppid, started: "1" };
    fs.writeFileSync(lockFile(dir), JSON.stringify(reused));
    const release = acquireDataDirLock(dir, "the restarted server");
    expect(owner(dir).pid).toBe(process.pid);
    release();
  });

  it("is refused while its owner runs, naming it, and taken once that owner has exited", async () => {
    const dir = temp.make();
    const live = { ...currentOwner("npm start"), pid: process.ppid };
    const parentStarted = fs.readFileSync(`/proc/${process.ppid}/stat`, "utf8");
    live.started = parentStarted.slice(parentStarted.lastIndexOf(")") + 2).split(" ")[19];
    fs.writeFileSync(lockFile(dir), JSON.stringify(live));
    expect(() => acquireDataDirLock(dir, "db:migrate")).toThrow(DatabaseBusyError);
    expect(() => acquireDataDirLock(dir, "db:migrate")).toThrow(`is in use by another process (pid ${process.ppid}, npm start)`);

    // An old lock file without a start time (written before this check existed) still counts by pid.
    fs.writeFileSync(lockFile(dir), JSON.stringify({ pid: process.ppid, purpose: "npm start" }));
    expect(() => acquireDataDirLock(dir, "db:migrate")).toThrow(DatabaseBusyError);

    const exited = spawn(process.execPath, ["-e", ""], { stdio: "ignore" });
    await new Promise((resolve) => exited.once("exit", resolve));
    fs.writeFileSync(lockFile(dir), JSON.stringify({ ...currentOwner("gone"), pid: exited.pid }));
    const release = acquireDataDirLock(dir, "db:migrate");
    expect(owner(dir).pid).toBe(process.pid);
    release();
  });
});
