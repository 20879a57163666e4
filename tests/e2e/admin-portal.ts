/**
 * The Admin Portal (/login) driven over HTTP without a browser, as a form without JavaScript
 * posts it: load the page, verify the math answer, sign in. The only password sign-in there is
 * (Better Auth's own endpoint is closed, decision 024).
 */
import { expect, type APIRequestContext } from "@playwright/test";
import { loginForm } from "./login-form";

/** One sign-in from `address` (X-Forwarded-For): 302 signed in (cookies kept by `request`), 401 wrong password, 429 locked. */
export async function portalSignIn(request: APIRequestContext, baseURL: string, address: string, email: string, password: string) {
  const headers = { Origin: baseURL, "X-Forwarded-For": address };
  const page = loginForm(await (await request.get("/login", { headers })).text());
  const checked = await request.post("/login", { headers, form: { intent: "verify", email, challenge: page.challenge, answer: page.answer } });
  const form = loginForm(await checked.text());
  expect(form.verified, "the math answer is verified").not.toBe("");
  return request.post("/login", {
    headers,
    maxRedirects: 0,
    form: { intent: "sign-in", email, password, challenge: page.challenge, answer: page.answer, verified: form.verified },
  });
}
