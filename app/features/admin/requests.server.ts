/**
 * The Admin Portal (/login) on the server: the math challenge, the e-mail/password sign-in with
 * its lockout, the administrators-only rule and the first-admin button. Every rule is checked
 * here whatever the page showed.
 */
import { isAPIError } from "better-auth/api";
import { data, redirect } from "react-router";
import { getAuth } from "~/domain/auth/auth.server";
import { isAdmin, signOut } from "~/domain/auth/session.server";
import { safeRedirectPath } from "~/domain/auth/redirect-path";
import { clientIp } from "~/lib/http/client-address";
import { parseForm } from "~/lib/forms";
import { checkAnswer, currentChallenge, isVerified, issueChallenge } from "./challenge.server";
import { adminCredentialsSchema, type LoginActionData, type LoginIntent, ADMIN_MESSAGES } from "./admin";
import { beginAttempt, markSucceeded } from "./mutations/login-attempts.server";
import { adminCount, createSuperAdmin } from "./mutations/super-admin.server";

export const ADMIN_HOME = "/admin/dashboard";

export type { LoginActionData, LoginIntent };

export async function loginPageData(request: Request) {
  const redirectTo = safeRedirectPath(new URL(request.url).searchParams.get("redirectTo"), ADMIN_HOME);
  return {
    redirectTo,
    challenge: issueChallenge(),
    canCreateSuperAdmin: (await adminCount()) === 0,
  };
}

function text(form: FormData, name: string, max = 1000): string {
  const value = form.get(name);
  return typeof value === "string" ? value.slice(0, max) : "";
}

function reply(status: number, body: LoginActionData, headers?: HeadersInit) {
  return data(body, { status, headers });
}

/** Handles every POST to /login (the caller has checked Origin). */
export async function handleLoginAction(request: Request) {
  const form = await request.formData();
  const intent = text(form, "intent", 40);
  if (intent === "verify") return verify(form);
  if (intent === "sign-in") return signIn(request, form);
  if (intent === "create-super-admin") return superAdmin(request, form);
  throw data({ error: "Unknown action" }, { status: 400 });
}

function verify(form: FormData) {
  const token = text(form, "challenge", 600);
  const answer = text(form, "answer", 20);
  const values = { email: text(form, "email", 320), answer };
  const check = checkAnswer(token, answer);
  const same = currentChallenge(token);
  if (check.ok) return reply(200, { intent: "verify", challenge: same!, verified: check.verified, values, errors: {} });
  if (check.reason === "not-a-number" && same) {
    return reply(400, { intent: "verify", challenge: same, verified: null, values, errors: { answer: ADMIN_MESSAGES.invalidNumber } });
  }
  const message =
    check.reason === "not-a-number" ? ADMIN_MESSAGES.invalidNumber : check.reason === "incorrect" ? ADMIN_MESSAGES.incorrectAnswer : ADMIN_MESSAGES.challengeExpired;
  return reply(400, { intent: "verify", challenge: issueChallenge(), verified: null, values: { ...values, answer: "" }, errors: { answer: message } });
}

async function signIn(request: Request, form: FormData) {
  const token = text(form, "challenge", 600);
  const answer = text(form, "answer", 20);
  const verifiedToken = text(form, "verified", 200);
  const rawEmail = text(form, "email", 320);
  const values = { email: rawEmail, answer };
  const fresh = (errors: LoginActionData["errors"]): LoginActionData => ({
    intent: "sign-in",
    challenge: issueChallenge(),
    verified: null,
    values: { email: rawEmail, answer: "" },
    errors,
  });

  const parsed = parseForm(adminCredentialsSchema, { email: rawEmail, password: form.get("password") });
  if (!parsed.ok) {
    // Nothing was tried: the question (and its verification, if still valid) stays.
    const errors = parsed.errors;
    const same = currentChallenge(token);
    if (!same) return reply(400, fresh(errors));
    const stillVerified = isVerified(token, answer, verifiedToken);
    return reply(400, { intent: "sign-in", challenge: same, verified: stillVerified ? verifiedToken : null, values, errors });
  }

  if (!isVerified(token, answer, verifiedToken)) return reply(400, fresh({ form: ADMIN_MESSAGES.verifyFirst }));

  const { email, password } = parsed.data;
  const attempt = await beginAttempt(email, clientIp(request));
  if (attempt.blocked) {
    return reply(429, fresh({ form: ADMIN_MESSAGES.tooManyAttempts }), { "Retry-After": String(attempt.retryAfterSeconds) });
  }

  let signedIn: { headers: Headers; response: { token: string; user: { id: string; email: string } } };
  try {
    signedIn = await getAuth().api.signInEmail({
      body: { email, password },
      headers: request.headers,
      returnHeaders: true,
    });
  } catch (error) {
    if (!isAPIError(error)) throw error;
    const status = error.statusCode === 429 ? 429 : error.statusCode === 403 ? 403 : 401;
    return reply(status, fresh({ form: error.body?.message || ADMIN_MESSAGES.invalidCredentials }));
  }

  const { headers, response } = signedIn;
  if (!(await isAdmin(response.user))) {
    // Signed in, but not an administrator: the new session ends at once, and the browser's too.
    const context = await getAuth().$context;
    await context.internalAdapter.deleteSession(response.token);
    const cleared = await signOut(request);
    return reply(403, fresh({ form: ADMIN_MESSAGES.adminsOnly }), cleared);
  }

  await markSucceeded(attempt.id);
  const out = new Headers();
  for (const cookie of headers.getSetCookie()) out.append("Set-Cookie", cookie);
  return redirect(safeRedirectPath(text(form, "redirectTo", 2048), ADMIN_HOME), { headers: out });
}

async function superAdmin(request: Request, form: FormData) {
  const result = await createSuperAdmin({ email: text(form, "email", 320), password: form.get("password") }, request);
  if (result.ok) return redirect(ADMIN_HOME, { headers: result.headers });
  const errors: LoginActionData["errors"] = result.field ? { [result.field]: result.message } : { form: result.message };
  return reply(result.status, {
    intent: "create-super-admin",
    challenge: issueChallenge(),
    verified: null,
    values: { email: text(form, "email", 320), answer: "" },
    errors,
    superAdminAvailable: result.status !== 403 && (await adminCount()) === 0,
  });
}
