/**
 * The admin feature's client-safe part: the Admin Portal's texts, its e-mail and password schema
 * and the shapes its server sends the page; the dashboard's tabs and the shapes of its charts.
 */
import * as z from "zod/mini";

/* ------------------------------------------------------------------ Admin Portal */

/** Texts of the Admin Portal. Spec wording where the spec has one. */
export const ADMIN_MESSAGES = {
  invalidEmail: "Please enter a valid email address",
  shortPassword: "Password must be at least 6 characters",
  invalidNumber: "Please enter a valid number",
  incorrectAnswer: "Incorrect answer. Please try again.",
  challengeExpired: "This question has expired. Please answer the new one.",
  verifyFirst: "Please verify the math challenge before signing in.",
  tooManyAttempts: "Too many login attempts. Please try again later.",
  adminsOnly: "This login page is for administrators only.",
  invalidCredentials: "Invalid email or password",
  adminExists: "An administrator already exists.",
  accountExists:
    "An account with this e-mail already exists. Use another address, or make it an admin with npm run admin:create.",
} as const;

export const PASSWORD_MIN_LENGTH = 6;
/** Failed attempts allowed within the window for one e-mail from one client address; the next one is refused. */
export const LOGIN_ATTEMPT_LIMIT = 5;
export const LOGIN_ATTEMPT_WINDOW_MINUTES = 15;

/** Better Auth's default upper bound. */
export const PASSWORD_MAX_LENGTH = 128;

export const adminEmailSchema = z.pipe(
  z.string({ error: ADMIN_MESSAGES.invalidEmail }).check(z.trim(), z.toLowerCase()),
  z.email(ADMIN_MESSAGES.invalidEmail),
);

export const adminPasswordSchema = z
  .string({ error: ADMIN_MESSAGES.shortPassword })
  .check(
    z.minLength(PASSWORD_MIN_LENGTH, ADMIN_MESSAGES.shortPassword),
    z.maxLength(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`),
  );

/**
 * The Admin Portal's e-mail and password (Sign In and Create Super Admin), checked in the browser
 * (instant messages) and by the action (the authority).
 */
export const adminCredentialsSchema = z.object({ email: adminEmailSchema, password: adminPasswordSchema });

/** Shapes the Admin Portal's server sends its page. */
export interface Challenge {
  /** Signed token carrying the two numbers, a nonce and an expiry. */
  token: string;
  question: string;
}

export type LoginIntent = "verify" | "sign-in" | "create-super-admin";

export interface LoginActionData {
  intent: LoginIntent;
  /** The question to show now (the same one, or a new one after a wrong answer or failed sign-in). */
  challenge: Challenge;
  /** Proof that this question was answered correctly; Sign In is enabled only with it. */
  verified: string | null;
  values: { email: string; answer: string };
  errors: { email?: string; password?: string; answer?: string; form?: string };
  /** Whether Create Super Admin is still on offer (after its own intent). */
  superAdminAvailable?: boolean;
}

/* ------------------------------------------------------------------ Dashboard */

export const DASHBOARD_TABS = [
  { id: "overview", label: "Overview" },
  { id: "debug", label: "Debug Tools" },
] as const;
export type DashboardTab = (typeof DASHBOARD_TABS)[number]["id"];

/** The tab named by `?tab=`; anything else is the Overview. */
export function dashboardTab(value: string | null): DashboardTab {
  return value === "debug" ? "debug" : "overview";
}

export const PRODUCT_WEEKS = 12;
export const ENGAGEMENT_DAYS = 30;

export interface WeeklyProducts {
  /** The week's Monday, YYYY-MM-DD (UTC). */
  week: string;
  products: number;
}

export interface DailyEngagement {
  /** YYYY-MM-DD (UTC). */
  day: string;
  views: number;
  clicks: number;
  upvotes: number;
  saves: number;
  reviews: number;
}

export const ENGAGEMENT_METRICS = [
  { key: "views", label: "Views" },
  { key: "clicks", label: "Click-outs" },
  { key: "upvotes", label: "Upvotes" },
  { key: "saves", label: "Saves" },
  { key: "reviews", label: "Reviews" },
] as const satisfies ReadonlyArray<{ key: keyof Omit<DailyEngagement, "day">; label: string }>;

/** One row of the Debug Tools error log as the page gets it. */
export interface ErrorLogItem {
  id: string;
  method: string;
  path: string;
  status: number;
  message: string;
  /** ISO 8601. */
  created_at: string;
}
