/** What the benchmarks read of a server's processes from /proc (Linux). */
import { execFileSync } from "node:child_process";
import fs from "node:fs";

/** A process and every descendant (tsx's node, the cluster's workers). */
export function processTree(root: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const ppid = Number(statFields(Number(entry))[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      // Gone.
    }
  }
  const out: number[] = [];
  const walk = (pid: number) => {
    out.push(pid);
    for (const child of children.get(pid) ?? []) walk(child);
  };
  walk(root);
  return out;
}

/** /proc/PID/stat's fields after the command name: [0] state, [1] ppid, ... [11] utime, [12] stime. */
function statFields(pid: number): string[] {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
  return stat.slice(stat.lastIndexOf(")") + 2).split(" ");
}

const CLOCK_TICKS = Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim()) || 100;

/**
 * CPU time (user + system, ms) used so far by a process and every process below it. Throughput
 * alone misleads where the load generator saturates its core first: serving cached pages,
 * autocannon ran at 100% of a core while the server used 62% of one.
 */
export function processTreeCpuMs(root: number): number {
  let ticks = 0;
  for (const pid of processTree(root)) {
    try {
      const fields = statFields(pid);
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // The process ended meanwhile.
    }
  }
  return (ticks * 1000) / CLOCK_TICKS;
}
