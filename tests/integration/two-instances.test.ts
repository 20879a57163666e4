/**
 * Two production servers (scripts/start.mjs, as `npm start` runs them) on one PostgreSQL database,
 * as behind a load balancer: what one instance does, the other must honour. Needs PostgreSQL,
 * so it is skipped, with its reason in the report, when DATABASE_URL is unset.
 */
import { spawn, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { CLICK_RATE_LIMIT } from "~/features/stats/requests.server";
import { assertLocalDatabaseUrl, withDatabase } from "../setup/local-database";
import { freePort } from "../support/free-port";

const url = process.env.DATABASE_URL;
const AUTH_SECRET = crypto.randomBytes(24).toString("hex");

interface Instance {
  base: string;
  child: ChildProcess;
  dataDir: string;
}


async function startInstance(databaseUrl: string): Promise<Instance> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "toolnest-instance-"));
  const child = spawn(process.execPath, ["scripts/start.mjs", "--no-seed"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: "127.0.0.1",
      APP_URL: base,
      DATA_DIR: dataDir,
      AUTH_SECRET,
      // Long enough that only an invalidation, never expiry, can drop a page during the test.
      PAGE_CACHE_SECONDS: "600",
      // One process per instance: two workers would each keep their own page cache (decision 051).
      WEB_CONCURRENCY: "1",
      LOG_LEVEL: "silent",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  for (const started = Date.now(); Date.now() - started < 170_000; await new Promise((r) => setTimeout(r, 200))) {
    if (child.exitCode !== null) throw new Error(`the server on port ${port} exited with ${child.exitCode}`);
    if (await fetch(`${base}/healthz`).then((r) => r.ok, () => false)) return { base, child, dataDir };
  }
  throw new Error(`the server on port ${port} did not become healthy`);
}

async function stopInstance(instance: Instance | undefined) {
  if (!instance) return;
  if (instance.child.exitCode === null) {
    instance.child.kill("SIGTERM");
    await new Promise((resolve) => instance.child.once("exit", resolve));
  }
  fs.rmSync(instance.dataDir, { recursive: true, force: true });
}

async function signIn(instance: Instance, email: string): Promise<string> {
  const response = await fetch(`${instance.base}/auth/dev`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: instance.base },
    body: new URLSearchParams({ email, redirectTo: "/" }),
  });
  const session = response.headers.getSetCookie().find((c) => c.startsWith("better-auth.session_token="));
  if (!session) throw new Error(`development sign-in answered ${response.status} without a session`);
  return session.split(";")[0]!;
}

describe.skipIf(!url)("two instances on one PostgreSQL database (skipped: DATABASE_URL is unset)", { timeout: 60_000 }, () => {
  let a: Instance | undefined;
  let b: Instance | undefined;
  let product: { id: number; slug: string; product_name: string };
  const database = `toolnest_two_${inject("runId")}_${crypto.randomBytes(3).toString("hex")}`;

  beforeAll(async () => {
    assertLocalDatabaseUrl(url!);
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database "${database}" template "${inject("pgTemplate")}"`);
    await admin.end();
    // One after the other: the first may have to build the app.
    a = await startInstance(withDatabase(url!, database));
    b = await startInstance(withDatabase(url!, database));
    const list = (await (await fetch(`${a.base}/api/v1/products?limit=2`)).json()) as { items: { id: number; slug: string; product_name: string }[] };
    product = list.items[0]!;
  }, 400_000);

  afterAll(async () => {
    await Promise.all([stopInstance(a), stopInstance(b)]);
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`drop database if exists "${database}" with (force)`);
    await admin.end();
  });

  it("accepts on B a session made on A", async () => {
    const anonymous = await fetch(`${b!.base}/profile`, { redirect: "manual" });
    expect(anonymous.status).toBeGreaterThanOrEqual(300);
    expect(anonymous.status).toBeLessThan(400);
    const cookie = await signIn(a!, "two-instances@example.com");
    const signedIn = await fetch(`${b!.base}/profile`, { redirect: "manual", headers: { Cookie: cookie } });
    expect(signedIn.status).toBe(200);
    expect(await signedIn.text()).toContain("two-instances@example.com");
  });

  it("counts a client's click-outs on A against the same limit on B", async () => {
    const click = (instance: Instance) =>
      fetch(`${instance.base}/api/v1/products/${product.id}/click`, { method: "POST", headers: { Origin: instance.base } });
    for (let i = 0; i < CLICK_RATE_LIMIT.limit; i++) {
      const response = await click(a!);
      expect(response.status).toBeLessThan(300);
    }
    const refused = await click(b!);
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toBeTruthy();
  });

  it("shows an upvote or a review made on A on B's very next request, without waiting", async () => {
    // Signed in, so B renders afresh from its data cache (never its page cache): the shared
    // invalidation counter makes B apply A's invalidation before it answers (decision 055).
    const reader = await signIn(b!, "b-reader@example.com");
    const voter = await signIn(a!, "a-voter@example.com");
    const page = `${b!.base}/resources/${product.slug}`;
    const upvotes = async () => {
      const html = await (await fetch(page, { headers: { Cookie: reader } })).text();
      const name = product.product_name.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/'/g, "&#x27;");
      const label = new RegExp(`"Upvote ${name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")} \\((\\d+) upvotes\\)"`);
      return Number(label.exec(html)?.[1]);
    };
    const start = await upvotes();
    expect(Number.isInteger(start)).toBe(true);
    for (let round = 0; round < 5; round++) {
      const method = round % 2 === 0 ? "PUT" : "DELETE";
      const toggled = await fetch(`${a!.base}/api/v1/products/${product.id}/upvote`, { method, headers: { Cookie: voter, Origin: a!.base } });
      expect(toggled.status).toBe(200);
      expect(await upvotes()).toBe(round % 2 === 0 ? start + 1 : start);
    }
    const comment = `Seen on B at once ${crypto.randomUUID()}`;
    const posted = await fetch(`${a!.base}/api/v1/products/${product.id}/feedback`, {
      method: "POST",
      headers: { Cookie: voter, Origin: a!.base, "Content-Type": "application/json" },
      body: JSON.stringify({ comment, rating: 4 }),
    });
    expect(posted.status).toBe(201);
    expect(await (await fetch(page, { headers: { Cookie: reader } })).text()).toContain(comment);
  });

  it("drops B's cached product page when a review is posted on A", async () => {
    const page = `${b!.base}/resources/${product.slug}`;
    await fetch(page);
    const before = await fetch(page);
    expect(before.headers.get("x-page-cache")).toBe("HIT");
    const comment = `Reviewed through instance A ${crypto.randomUUID()}`;

    const cookie = await signIn(a!, "reviewer@example.com");
    const posted = await fetch(`${a!.base}/api/v1/products/${product.id}/feedback`, {
      method: "POST",
      headers: { Cookie: cookie, Origin: a!.base, "Content-Type": "application/json" },
      body: JSON.stringify({ comment, rating: 5 }),
    });
    expect(posted.status).toBe(201);

    // NOTIFY reaches B asynchronously: the first request after it may still be the old copy.
    let after = await fetch(page);
    for (let i = 0; i < 50 && after.headers.get("x-page-cache") === "HIT"; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      after = await fetch(page);
    }
    expect(after.headers.get("x-page-cache")).toBe("MISS");
    expect(await after.text()).toContain(comment);
  });
});
