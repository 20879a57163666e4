import { describe, expect, it } from "vitest";
import { pauseForRequests, requestStarted } from "./foreground.server";

const turns = async (n: number) => {
  for (let i = 0; i < n; i++) await new Promise((resolve) => setImmediate(resolve));
};

describe("background work gives way to requests (embedded database)", () => {
  it("waits while a request is being answered, and goes on once it has ended", async () => {
    const ended = requestStarted();
    let resumed = false;
    const pause = pauseForRequests({ quietMs: 1, maxWaitMs: 60_000 }).then((busy) => {
      resumed = true;
      return busy;
    });
    await turns(20);
    expect(resumed).toBe(false);
    ended();
    // Requests were seen: the caller keeps its next transaction short.
    expect(await pause).toBe(true);
  });

  it("does not wait forever under steady traffic", async () => {
    const ended = requestStarted();
    try {
      expect(await pauseForRequests({ quietMs: 1, maxWaitMs: 1 })).toBe(true);
    } finally {
      ended();
    }
  });

  it("lets timers and arriving requests run even when nothing is waiting", async () => {
    let timerRan = false;
    setTimeout(() => (timerRan = true), 0);
    // Chained only on promises, this loop would never let the timer run.
    for (let i = 0; i < 100_000 && !timerRan; i++) await pauseForRequests({ quietMs: 0 });
    expect(timerRan).toBe(true);
  });

  it("an ended request counts once, however often its end is reported", async () => {
    const first = requestStarted();
    const second = requestStarted();
    first();
    first();
    let resumed = false;
    const pause = pauseForRequests({ quietMs: 1, maxWaitMs: 60_000 }).then(() => (resumed = true));
    await turns(20);
    expect(resumed).toBe(false);
    second();
    await pause;
  });
});
