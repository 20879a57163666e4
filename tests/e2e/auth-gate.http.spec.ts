/**
 * Sign-in gates probed through the real server over HTTP (no browser): Better Auth's own password
 * endpoint issues no session (decision 024), the development sign-in is judged by the socket's
 * address (decision 025), and a redirectTo outside Latin-1 still signs in.
 */
import os from "node:os";
import { expect, test, type APIRequestContext, type APIResponse } from "@playwright/test";
import { E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD } from "./admin-account";
import { portalSignIn } from "./admin-portal";

const sessionCookie = (response: APIResponse) =>
  response.headersArray().some((h) => h.name.toLowerCase() === "set-cookie" && /session_token=[^;]/.test(h.value));

let visitor = 0;
/** Each call stands for another visitor address (the e2e server trusts X-Forwarded-For from loopback). */
function visitorAddress() {
  visitor += 1;
  return `198.18.${(process.pid % 200) + 1}.${(visitor % 250) + 1}`;
}

function betterAuthSignIn(request: APIRequestContext, baseURL: string, address: string) {
  return request.post("/api/auth/sign-in/email", {
    data: { email: E2E_ADMIN_EMAIL, password: E2E_ADMIN_PASSWORD },
    headers: { Origin: baseURL, "X-Forwarded-For": address },
    maxRedirects: 0,
  });
}

test("Better Auth's own password sign-in gives no session, even with the admin's right password", async ({ request, baseURL }) => {
  for (const path of ["/api/auth/sign-in/email", "/api/auth/sign-in//email", "/api/auth/sign-in/email/"]) {
    const response = await request.post(path, {
      data: { email: E2E_ADMIN_EMAIL, password: E2E_ADMIN_PASSWORD },
      headers: { Origin: baseURL!, "X-Forwarded-For": visitorAddress() },
      maxRedirects: 0,
    });
    expect(response.status(), path).toBeGreaterThanOrEqual(400);
    expect(response.status(), path).toBeLessThan(500);
    expect(sessionCookie(response), path).toBe(false);
  }
});

test("while /login is locked for a visitor, Better Auth's endpoint does not let that visitor in either", async ({ request, baseURL }) => {
  // Five wrong admin passwords from one address lock that address out of the admin account
  // (the owner elsewhere is not locked out: other tests keep signing in as the admin).
  const address = visitorAddress();
  for (let attempt = 1; attempt <= 5; attempt += 1) {
    const failed = await portalSignIn(request, baseURL!, address, E2E_ADMIN_EMAIL, `guess-${attempt}`);
    expect(failed.status()).toBe(401);
  }
  const locked = await portalSignIn(request, baseURL!, address, E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD);
  expect(locked.status()).toBe(429);
  expect(await locked.text()).toContain("Too many login attempts. Please try again later.");
  expect(sessionCookie(locked)).toBe(false);

  const bypass = await betterAuthSignIn(request, baseURL!, address);
  expect(bypass.status()).toBe(404);
  expect(sessionCookie(bypass)).toBe(false);
});

test("the development sign-in trusts the socket: X-Forwarded-For from loopback is still loopback", async ({ request }) => {
  // The e2e server trusts X-Forwarded-For from loopback (TRUST_PROXY=loopback), so the client
  // address becomes a public one; the development sign-in looks at the socket instead.
  const page = await request.get("/auth/dev", { headers: { "X-Forwarded-For": "203.0.113.77" } });
  expect(page.status()).toBe(200);
  expect(await page.text()).toContain("Development sign-in");
});

test("a redirectTo outside Latin-1 signs in and lands on the percent-encoded path", async ({ request, baseURL }) => {
  const email = `euro.${process.pid}.${Date.now().toString(36)}@example.com`;
  const response = await request.post("/auth/dev", {
    form: { email, redirectTo: "/€/日本?q=ü" },
    headers: { Origin: baseURL! },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(302);
  // A first sign-in is offered onboarding first (decision 049), carrying the encoded path on.
  expect(response.headers()["location"]).toBe(`/onboarding?redirectTo=${encodeURIComponent("/%E2%82%AC/%E6%97%A5%E6%9C%AC?q=%C3%BC")}`);
  expect(sessionCookie(response)).toBe(true);
  // Signed in, /auth sends the visitor on with the same encoded path (through onboarding until it is skipped).
  const onward = await request.get(`/auth?redirectTo=${encodeURIComponent("/café€")}`, { maxRedirects: 0 });
  expect(onward.status()).toBe(302);
  expect(onward.headers()["location"]).toBe(`/onboarding?redirectTo=${encodeURIComponent("/caf%C3%A9%E2%82%AC")}`);
  const skipped = await request.post("/onboarding", { form: { intent: "skip", redirectTo: "/caf%C3%A9%E2%82%AC" }, headers: { Origin: baseURL! }, maxRedirects: 0 });
  expect(skipped.status()).toBe(302);
  const after = await request.get(`/auth?redirectTo=${encodeURIComponent("/café€")}`, { maxRedirects: 0 });
  expect(after.headers()["location"]).toBe("/caf%C3%A9%E2%82%AC");
});

/** An address of this machine on another interface than loopback, if it has one. */
const outside = Object.values(os.networkInterfaces())
  .flat()
  .find((a) => a && a.family === "IPv4" && !a.internal)?.address;

test("off the loopback interface the development sign-in is gone, whatever the headers say", async ({ baseURL }) => {
  test.skip(!outside, "this machine has no non-loopback IPv4 address to connect from");
  const port = new URL(baseURL!).port;
  const url = (path: string) => `http://${outside}:${port}${path}`;
  // The client's own copy of the server's peer header is dropped and replaced by the socket's address.
  const forged = { "x-toolnest-peer-address": "127.0.0.1", "X-Forwarded-For": "127.0.0.1" };
  const page = await fetch(url("/auth/dev"), { headers: forged, redirect: "manual" });
  expect(page.status).toBe(404);
  const post = await fetch(url("/auth/dev"), {
    method: "POST",
    // Origin matching the address connected to, so React Router's own CSRF check lets it through to ours.
    headers: { ...forged, Origin: `http://${outside}:${port}`, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ email: `far.${Date.now().toString(36)}@example.com`, redirectTo: "/" }),
    redirect: "manual",
  });
  expect(post.status).toBe(404);
  expect(post.headers.getSetCookie().some((c) => /session_token=[^;]/.test(c))).toBe(false);
  // The Google button then says sign-in is not configured instead of leading there.
  const auth = await fetch(url("/auth"), { headers: forged });
  expect(await auth.text()).toContain("Sign-in is not configured on this site yet.");
});
