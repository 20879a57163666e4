/**
 * Issue 34: every write the server acknowledged survives a crash on the embedded database
 * (decision 003: a committed transaction is on disk). Through the real server (`npm start`'s
 * scripts/start.mjs, one process on PGlite) each kind of write is made over HTTP as a browser or a
 * form without JavaScript makes it, and its acknowledgement checked; at once after the last one the
 * process holding the database is killed with SIGKILL, the server is started again on the same
 * DATA_DIR, and every acknowledged write is read back over HTTP. One server, one kill, one restart.
 */
import { spawn, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loginForm } from "../e2e/login-form";
import type { CrashFixtures } from "./crash-durability-fixtures";
import { runScript } from "./run-script";
import { freePort } from "../support/free-port";

const AUTH_SECRET = crypto.randomBytes(24).toString("hex");
const ADMIN_EMAIL = "crash-admin@toolnest.test";
const ADMIN_PASSWORD = "crash-admin-password";
const MAKER_EMAIL = "crash-maker@toolnest.test";
const run = crypto.randomBytes(4).toString("hex");


interface Server {
  child: ChildProcess;
  stderr: () => string;
  exited: Promise<unknown>;
}

/** `npm start` on the embedded database: one process, which holds the database itself. */
async function startServer(port: number, dataDir: string): Promise<Server> {
  const { DATABASE_URL: _unset, ...env } = process.env;
  const child = spawn(process.execPath, ["scripts/start.mjs", "--no-seed"], {
    env: {
      ...env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      APP_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      AUTH_SECRET,
      WEB_CONCURRENCY: "1",
      LOG_LEVEL: "silent",
    },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr!.on("data", (chunk) => (stderr += chunk));
  const exited = new Promise((resolve) => child.once("exit", resolve));
  const base = `http://127.0.0.1:${port}`;
  for (const started = Date.now(); Date.now() - started < 240_000; await new Promise((r) => setTimeout(r, 200))) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}:\n${stderr}`);
    if (await fetch(`${base}/healthz`).then((r) => r.ok, () => false)) return { child, stderr: () => stderr, exited };
  }
  child.kill("SIGKILL");
  throw new Error(`the server did not become healthy:\n${stderr}`);
}

/** A browser's cookies for one person, and requests as their browser (or a form without JavaScript) makes them. */
class Visitor {
  private cookies = new Map<string, string>();
  constructor(private readonly base: string) {}

  async request(
    pathname: string,
    init: { method?: string; form?: Record<string, string | string[]>; json?: unknown; body?: string; headers?: Record<string, string> } = {},
  ): Promise<Response> {
    const headers: Record<string, string> = { Origin: this.base, ...init.headers };
    if (this.cookies.size) headers.Cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
    let body: string | undefined = init.body;
    if (init.form) {
      const params = new URLSearchParams();
      for (const [name, value] of Object.entries(init.form)) for (const v of Array.isArray(value) ? value : [value]) params.append(name, v);
      body = params.toString();
      headers["Content-Type"] = "application/x-www-form-urlencoded";
    } else if (init.json !== undefined) {
      body = JSON.stringify(init.json);
      headers["Content-Type"] = "application/json";
    }
    const response = await fetch(new URL(pathname, this.base), { method: init.method ?? (body === undefined ? "GET" : "POST"), headers, body, redirect: "manual" });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = "", ...attributes] = cookie.split(";");
      const at = pair.indexOf("=");
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      if (!value || attributes.some((a) => /^\s*max-age=0\s*$/i.test(a))) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }

  async html(pathname: string): Promise<string> {
    const response = await this.request(pathname);
    expect(response.status, `GET ${pathname}`).toBe(200);
    return text(await response.text());
  }

  async json<T>(pathname: string): Promise<T> {
    const response = await this.request(pathname);
    expect(response.status, `GET ${pathname}`).toBe(200);
    return (await response.json()) as T;
  }

  /** The development sign-in screen's form (loopback, local APP_URL). */
  async devSignIn(email: string) {
    const response = await this.request("/auth/dev", { form: { email, redirectTo: "/" } });
    expect(response.status, `development sign-in of ${email}`).toBe(302);
    expect(this.cookies.has("better-auth.session_token"), `session of ${email}`).toBe(true);
  }

  /** The Admin Portal (/login) as a form without JavaScript posts it (tests/e2e/admin-portal.ts). */
  async portalSignIn(email: string, password: string) {
    const page = loginForm(await (await this.request("/login")).text());
    const checked = loginForm(await (await this.request("/login", { form: { intent: "verify", email, challenge: page.challenge, answer: page.answer } })).text());
    expect(checked.verified, "the math answer is verified").not.toBe("");
    const response = await this.request("/login", {
      form: { intent: "sign-in", email, password, challenge: page.challenge, answer: page.answer, verified: checked.verified },
    });
    expect(response.status, "admin sign-in").toBe(302);
  }
}

/** A page's visible text: tags and React's text separators dropped, entities that matter decoded, spaces collapsed. */
function text(html: string): string {
  return html
    .replace(/<!-- -->/g, "")
    .replace(/<script[\s\S]*?<\/script>/g, " ")
    .replace(/<[^>]+>/g, " ")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");
}

interface Engagement {
  id: number;
  upvotes: number;
  bookmarks: number;
  upvoted: boolean;
  bookmarked: boolean;
}

async function engagementOf(visitor: Visitor, productId: number): Promise<Engagement> {
  const { items } = await visitor.json<{ items: Engagement[] }>(`/api/v1/me/engagement?ids=${productId}`);
  expect(items, `engagement of product ${productId}`).toHaveLength(1);
  return items[0]!;
}

const CSV_HEADER = "product_name,headline,tagline,description,pricing,website_url,topics,niche";
function csvRow(name: string) {
  const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, "-");
  return `${name},Plan your week in minutes,Plans that keep themselves,A tool that helps teams plan and ship their work without losing track of details.,freemium,https://${slug}.example.com,"planning, productivity",Productivity`;
}

/** The admin CSV upload (its Bulk Upload tab) then Proceed on the mapping page: the import is queued. */
async function startImport(admin: Visitor, name: string, rows: string[]): Promise<number> {
  const uploaded = await admin.request("/admin/products/upload-csv", {
    body: [CSV_HEADER, ...rows].join("\n") + "\n",
    headers: { "Content-Type": "text/csv", "X-File-Name": encodeURIComponent(name) },
  });
  expect(uploaded.status, `upload of ${name}`).toBe(201);
  const staged = (await uploaded.json()) as { id: number; mapUrl: string; valid: number };
  expect(staged.valid).toBe(rows.length);
  const proceed = await admin.request(staged.mapUrl, { form: { intent: "proceed", status: "live" } });
  expect(proceed.status, `proceed with ${name}`).toBe(302);
  expect(proceed.headers.get("location")).toBe(`/admin/imports/${staged.id}`);
  return staged.id;
}

/** Waits (polling the progress page, as its reader does) until the import's summary shows. */
async function importFinished(admin: Visitor, id: number): Promise<string> {
  for (let attempt = 0; attempt < 600; attempt++) {
    const page = await admin.html(`/admin/imports/${id}`);
    if (page.includes("Summary")) return page;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`import ${id} did not finish`);
}

const slugOf = (name: string) => name.toLowerCase().replace(/[^a-z0-9]+/g, "-");

describe.skipIf(Boolean(process.env.DATABASE_URL))(
  "acknowledged writes survive kill -9 on the embedded database (skipped: DATABASE_URL is set, this is about PGlite)",
  { timeout: 600_000 },
  () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "toolnest-crash-"));
    let port = 0;
    let base = "";
    let server: Server | undefined;
    let fixtures: CrashFixtures;

    beforeAll(async () => {
      const env = { DATA_DIR: dataDir, AUTH_SECRET };
      for (const [script, ...args] of [
        ["scripts/db-seed.ts"],
        ["scripts/admin-create.ts", "--email", ADMIN_EMAIL, "--password", ADMIN_PASSWORD],
        ["tests/integration/crash-durability-fixtures.ts", MAKER_EMAIL],
      ] as [string, ...string[]][]) {
        const result = await runScript(script, args, env, 120_000);
        if (result.code !== 0) throw new Error(`${script} failed:\n${result.stderr}`);
        if (script.includes("fixtures")) fixtures = JSON.parse(result.stdout.trim().split("\n").pop()!) as CrashFixtures;
      }
      port = await freePort();
      base = `http://127.0.0.1:${port}`;
      server = await startServer(port, dataDir);
    }, 400_000);

    afterAll(async () => {
      if (server && server.child.exitCode === null && server.child.signalCode === null) {
        server.child.kill("SIGTERM");
        await server.exited;
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    });

    it("finds every kind of write, and the last state of a burst of toggles, after kill -9 and a restart", async () => {
      const reader = new Visitor(base);
      const voter = new Visitor(base);
      const maker = new Visitor(base);
      const claimer = new Visitor(base);
      const admin = new Visitor(base);
      await reader.devSignIn(`crash-reader-${run}@example.com`);
      await voter.devSignIn(`crash-voter-${run}@example.com`);
      await maker.devSignIn(MAKER_EMAIL);
      await claimer.devSignIn(`crash-claimer-${run}@example.com`);
      await admin.portalSignIn(ADMIN_EMAIL, ADMIN_PASSWORD);
      const burstUsers = await Promise.all(
        Array.from({ length: 5 }, async (_, i) => {
          const visitor = new Visitor(base);
          await visitor.devSignIn(`crash-burst-${i}-${run}@example.com`);
          return visitor;
        }),
      );
      const { engagement, burst, reviewed, claimed, drafted, wizard, promoted } = fixtures;
      for (const product of drafted) expect((await reader.request(`/api/v1/products/${product.slug}`)).status).toBe(200);
      const burstBefore = await engagementOf(reader, burst.id);

      // An imported row: the import is acknowledged once its progress page shows the summary.
      const imported = [`Crashproof Alpha ${run}`, `Crashproof Beta ${run}`];
      const finishedImport = await startImport(admin, `crash-finished-${run}.csv`, imported.map(csvRow));
      expect(await importFinished(admin, finishedImport)).toMatch(/Summary/);

      // A paid order (the test-mode checkout): Proceed to Checkout, then Pay.
      const ordered = await maker.request("/advertise", { form: { productId: String(promoted.id), months: "2" } });
      expect(ordered.status, "Proceed to Checkout").toBe(302);
      const checkout = ordered.headers.get("location") ?? "";
      expect(checkout).toMatch(/^\/advertise\/checkout\/\d+$/);
      const orderId = Number(checkout.split("/").pop());
      const paid = await maker.request(checkout, { form: { intent: "pay" } });
      expect(paid.status, "Pay (test)").toBe(302);
      expect(paid.headers.get("location")).toBe(`/advertise?payment=success&order=${orderId}`);

      // An admin bulk action on Manage Products: two live products back to draft.
      const bulk = await admin.request("/admin/products", { form: { intent: "draft", ids: drafted.map((p) => String(p.id)) } });
      expect(bulk.status, "bulk draft").toBe(302);

      // A claim (queued for an administrator: the address is not at the product's domain).
      const claim = await claimer.request(`/claim-product?product=${claimed.slug}`, { form: { product: claimed.slug, maker: "on", accurate: "on" } });
      expect(claim.status, "claim").toBe(200);
      expect(text(await claim.text())).toContain("Your claim is waiting for review.");

      // A wizard step saved (Maker Comments, on the maker's draft).
      const makerComment = `Built it to survive a crash ${run}`;
      const step = await maker.request(`/submit-product-details?product=${wizard.id}`, { form: { intent: "maker-comment", makerComment } });
      expect(step.status, "wizard save").toBe(302);

      // A profile edit (the Edit Profile form).
      const career = `Crash tester ${run}`;
      const username = `crash_${run}`;
      const profile = await voter.request("/profile", { form: { username, career } });
      expect(profile.status, "profile save").toBe(302);
      expect(profile.headers.get("location")).toBe("/profile?tab=edit");

      // A review and a reply to it.
      const reviewText = `Still here after kill nine ${run}`;
      const replyText = `Reply that outlives the crash ${run}`;
      const review = await voter.request(`/api/v1/products/${reviewed.id}/feedback`, { json: { comment: reviewText, rating: 4 } });
      expect(review.status, "review").toBe(201);
      const reviewId = ((await review.json()) as { feedback: { id: number } }).feedback.id;
      const reply = await maker.request(`/api/v1/products/${reviewed.id}/feedback`, { json: { comment: replyText, parentId: reviewId } });
      expect(reply.status, "reply").toBe(201);

      // An import acknowledged as queued (Proceed answered), its job not yet run: it must still happen.
      const queued = [`Crashproof Gamma ${run}`];
      const queuedImport = await startImport(admin, `crash-queued-${run}.csv`, queued.map(csvRow));

      // A burst: 5 people toggle upvote and save on one product in parallel, 5 to 9 times each
      // (35 toggles), so they end in different states; each one's last answer is what must remain.
      const lastAcknowledged = await Promise.all(
        burstUsers.map(async (visitor, user) => {
          const state = { upvoted: false, bookmarked: false };
          for (let round = 0; round < 5 + user; round++) {
            const kind = round % 2 === 0 ? "upvote" : "bookmark";
            const on = kind === "upvote" ? !state.upvoted : !state.bookmarked;
            const response = await visitor.request(`/api/v1/products/${burst.id}/${kind}`, { method: on ? "PUT" : "DELETE" });
            expect(response.status, `burst ${kind} ${on ? "on" : "off"}`).toBe(200);
            const answer = (await response.json()) as { upvoted?: boolean; bookmarked?: boolean };
            expect(kind === "upvote" ? answer.upvoted : answer.bookmarked).toBe(on);
            if (kind === "upvote") state.upvoted = on;
            else state.bookmarked = on;
          }
          return state;
        }),
      );

      // A single upvote and save, the last writes before the crash.
      const upvoted = await voter.request(`/api/v1/products/${engagement.id}/upvote`, { method: "PUT" });
      expect(upvoted.status, "upvote").toBe(200);
      const upvoteAnswer = (await upvoted.json()) as { upvoted: boolean; upvotes: number };
      expect(upvoteAnswer.upvoted).toBe(true);
      const saved = await voter.request(`/api/v1/products/${engagement.id}/bookmark`, { method: "PUT" });
      expect(saved.status, "save").toBe(200);
      const saveAnswer = (await saved.json()) as { bookmarked: boolean; bookmarks: number };
      expect(saveAnswer.bookmarked).toBe(true);

      // At once: SIGKILL the process that holds the database (its lock names it), then reap it.
      const lock = JSON.parse(fs.readFileSync(path.join(dataDir, "toolnest.lock"), "utf8")) as { pid: number };
      expect(lock.pid, "the spawned server holds the database itself").toBe(server!.child.pid);
      server!.child.kill("SIGKILL");
      await server!.exited;
      expect(server!.child.signalCode).toBe("SIGKILL");
      expect(() => process.kill(lock.pid, 0), "no process of the killed server survives").toThrow();

      server = await startServer(port, dataDir);
      // Soft checks from here: a failure lists every acknowledged write that was lost, not only the first.

      // Upvote and save: the user's state and the counts they were answered.
      const single = await engagementOf(voter, engagement.id);
      expect.soft(single).toMatchObject({ upvoted: true, bookmarked: true, upvotes: upvoteAnswer.upvotes, bookmarks: saveAnswer.bookmarks });
      expect.soft(await voter.html("/profile?tab=bookmarks")).toContain(text(engagement.product_name));

      // The burst: each person's last acknowledged state, and the counts they add up to.
      for (const [user, visitor] of burstUsers.entries()) {
        const state = await engagementOf(visitor, burst.id);
        expect.soft({ upvoted: state.upvoted, bookmarked: state.bookmarked }, `burst user ${user}`).toEqual(lastAcknowledged[user]);
      }
      const burstAfter = await engagementOf(reader, burst.id);
      expect.soft(burstAfter.upvotes).toBe(burstBefore.upvotes + lastAcknowledged.filter((s) => s.upvoted).length);
      expect.soft(burstAfter.bookmarks).toBe(burstBefore.bookmarks + lastAcknowledged.filter((s) => s.bookmarked).length);

      // The review and the reply on the product page.
      const productPage = await reader.html(`/resources/${reviewed.slug}`);
      expect.soft(productPage).toContain(reviewText);
      expect.soft(productPage).toContain(replyText);

      // The profile edit.
      const editPage = await voter.html("/profile?tab=edit");
      expect.soft(editPage).toContain(career);
      expect.soft(editPage).toContain(username);

      // The wizard step.
      expect.soft(await maker.html(`/submit-product-details?product=${wizard.id}&step=maker-comments`)).toContain(makerComment);

      // The claim, still waiting for review.
      expect.soft(await claimer.html(`/claim-product?product=${claimed.slug}`)).toContain("Your claim is waiting for review.");

      // The bulk action: both products are drafts, gone from the public catalogue.
      for (const product of drafted) expect.soft((await reader.request(`/api/v1/products/${product.slug}`)).status, product.slug).toBe(404);

      // The imported rows, finished before the crash, and the import queued just before it, finished after.
      expect.soft(await importFinished(admin, queuedImport)).toMatch(/Summary/);
      for (const name of [...imported, ...queued]) expect.soft((await reader.request(`/api/v1/products/${slugOf(name)}`)).status, name).toBe(200);

      // The paid order, and the product it promotes.
      const orders = await admin.html("/admin/orders");
      expect.soft(orders).toMatch(new RegExp(`#${orderId} [^#]*\\bpaid\\b`));
      const myProducts = await maker.html("/my-products");
      const listed = myProducts.indexOf(text(promoted.product_name));
      expect(listed, "the promoted product is listed").toBeGreaterThan(-1);
      expect.soft(myProducts.slice(listed, listed + 400)).toContain("Promotion: Active");
    });
  },
);

