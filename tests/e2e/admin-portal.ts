/**
 * The Admin Portal (/login) driven over HTTP without a browser, as a form without JavaScript
 * posts it: load the page, verify the math answer, sign in. The only password sign-in there is
 * (Better Auth's own endpoint is closed, decision 024).
 */
import { expect, type APIRequestContext } from "@playwright/test";

/** The hidden inputs and the math question's answer of the Admin Portal form in an HTML answer. */
function loginForm(html: string) {
  const input = (name: string) => new RegExp(`name="${name}"[^>]*value="([^"]*)"`).exec(html)?.[1] ?? "";
  const [, a, b] = /What is (\d) \+ (\d)\?/.exec(html) ?? [];
  return { challenge: input("challenge"), verified: input("verified"), answer: String(Number(a) + Number(b)) };
}

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
