import fs from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { tempDirs } from "../tests/support/temp-dirs";
import { currentOwner } from "../app/db/lock.server";
import { withBuildLock } from "./build";

const temp = tempDirs("toolnest-build-lock-");
afterEach(temp.removeAll);

describe("building the app", () => {
  it("runs one build at a time for servers started together, and takes over a dead builder's lock", async () => {
    const lock = path.join(temp.make(), "build.lock");
    const events: string[] = [];
    const build = (name: string) => async () => {
      events.push(`${name} start`);
      await new Promise((resolve) => setTimeout(resolve, 300));
      events.push(`${name} end`);
    };
    await Promise.all([withBuildLock(build("a"), lock), withBuildLock(build("b"), lock)]);
    // Two builds into one directory removed each other's files: never interleaved.
    expect(events).toEqual([events[0], events[0]!.replace("start", "end"), events[2], events[2]!.replace("start", "end")]);
    expect(fs.existsSync(lock)).toBe(false);

    // A builder killed mid-build left its lock: the next one takes it over instead of waiting forever.
    fs.writeFileSync(lock, JSON.stringify({ ...currentOwner("build"), pid: 2 ** 22 + 12345 }));
    await withBuildLock(build("c"), lock);
    expect(events.slice(-2)).toEqual(["c start", "c end"]);
  });
});
