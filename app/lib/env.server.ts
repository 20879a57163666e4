import path from "node:path";
import { z } from "zod";

const boolish = z
  .enum(["true", "false", "1", "0", "yes", "no", ""])
  .optional()
  .transform((v) => (v === undefined || v === "" ? undefined : ["true", "1", "yes"].includes(v)));

const schema = z
  .object({
    NODE_ENV: z.enum(["production", "development", "test"]).default("production"),
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    HOST: z.string().min(1).default("0.0.0.0"),
    APP_URL: z.url({ protocol: /^https?$/, error: "must be an http(s) URL such as https://toolnest.example" }).optional(),
    SITE_NAME: z.string().trim().min(1).max(60).default("Toolnest"),
    DATA_DIR: z.string().min(1).default("./data"),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\/.+/, "must start with postgres:// or postgresql://")
      .refine((v) => URL.canParse(v), "is not a valid URL")
      .optional(),
    SEED: boolish,
    NEWSLETTER_URL: z.url({ protocol: /^https?$/, error: "must be an http(s) URL" }).optional(),
    /** External feedback form offered by the header's Feedback dialog beside e-mail; hidden when unset. */
    FEEDBACK_FORM_URL: z.url({ protocol: /^https?$/, error: "must be an http(s) URL" }).optional(),
    /** The footer's social links; each one is hidden when unset. */
    SOCIAL_X_URL: z.url({ protocol: /^https?$/, error: "must be an http(s) URL" }).optional(),
    SOCIAL_GITHUB_URL: z.url({ protocol: /^https?$/, error: "must be an http(s) URL" }).optional(),
    SOCIAL_LINKEDIN_URL: z.url({ protocol: /^https?$/, error: "must be an http(s) URL" }).optional(),
    PAGE_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(10),
    /** V8 collects the whole heap once it has grown by this share over what the last collection left; 0 keeps V8's own rule. */
    V8_HEAP_GROWING_PERCENT: z.coerce.number().int().min(0).max(1000).default(20),
    /** Connections each instance keeps to PostgreSQL (server/admission.ts bounds the requests using them). */
    DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(1000).default(10),
    /** Requests handled at once; up to MAX_QUEUED_REQUESTS more wait up to 2 s, the rest get 503. */
    MAX_CONCURRENT_REQUESTS: z.coerce.number().int().min(1).max(10_000).default(32),
    MAX_QUEUED_REQUESTS: z.coerce.number().int().min(0).max(100_000).default(256),
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
    /** Upvote and save writes per minute per user and per client address (the benchmark raises them). */
    ENGAGEMENT_RATE_LIMIT_USER: z.coerce.number().int().min(1).default(60),
    ENGAGEMENT_RATE_LIMIT_IP: z.coerce.number().int().min(1).default(3000),
    GOOGLE_CLIENT_ID: z.string().trim().min(1).optional(),
    GOOGLE_CLIENT_SECRET: z.string().trim().min(1).optional(),
    GOOGLE_DISCOVERY_URL: z
      .url({ protocol: /^https?$/, error: "must be an http(s) URL" })
      .default("https://accounts.google.com/.well-known/openid-configuration"),
    AUTH_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
    /** The development sign-in screen: auto (loopback requests, local APP_URL, no Google), on (anyone, no Google) or off. */
    DEV_SIGN_IN: z.enum(["auto", "on", "off"]).default("auto"),
    /** Which proxies may set X-Forwarded-For: false (none, the default), true, loopback, a hop count or addresses. */
    TRUST_PROXY: z.string().trim().default("false"),
    /** smtp(s)://user:pass@host:port; without it e-mail is written as .eml files under DATA_DIR/outbox. */
    SMTP_URL: z.url({ protocol: /^smtps?$/, error: "must be an smtp:// or smtps:// URL" }).optional(),
    MAIL_FROM: z.string().trim().min(3).optional(),
    /** S3-compatible storage for uploads; without S3_BUCKET files go to DATA_DIR/uploads. */
    S3_BUCKET: z.string().trim().min(1).optional(),
    S3_REGION: z.string().trim().min(1).default("us-east-1"),
    S3_ENDPOINT: z.url({ protocol: /^https?$/, error: "must be an http(s) URL" }).optional(),
    S3_ACCESS_KEY_ID: z.string().trim().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().trim().min(1).optional(),
    /** Public base URL of the bucket's objects (defaults to the endpoint and bucket). */
    S3_PUBLIC_URL: z.url({ protocol: /^https?$/, error: "must be an http(s) URL" }).optional(),
    /** Largest request body, counted while it arrives (server/body-limit.ts); uploads have their own. */
    MAX_BODY_BYTES: z.coerce.number().int().min(1024).default(64 * 1024),
    /** Largest body of the one route that takes an upload (the avatar on /profile). */
    MAX_UPLOAD_BYTES: z.coerce.number().int().min(1024).default(6 * 1024 * 1024),
    /** Largest CSV file the admin bulk upload streams in (POST /admin/products/upload-csv). */
    MAX_CSV_UPLOAD_BYTES: z.coerce.number().int().min(1024).default(100 * 1024 * 1024),
    /** Seconds a request body may take to arrive (server/body-limit.ts answers 408 past it); Node's own default was 300. */
    BODY_TIMEOUT_SECONDS: z.coerce.number().int().min(1).default(300),
    /** Seconds the CSV bulk upload's body may take to arrive: 100 MB on a slow link takes minutes. */
    CSV_UPLOAD_TIMEOUT_SECONDS: z.coerce.number().int().min(1).default(30 * 60),
    /**
     * The local test-mode checkout when Stripe is not configured: "auto" (only on a local APP_URL, so a
     * public server never hands out free promotion), "on" (a staging server), "off".
     */
    PAYMENTS_TEST_MODE: z.enum(["auto", "on", "off"]).default("auto"),
    /** Stripe Checkout for paid promotion; without it a local test-mode checkout page takes its place. */
    STRIPE_SECRET_KEY: z.string().trim().min(1).optional(),
    /** Signing secret of the Stripe webhook endpoint (POST /webhooks/stripe). */
    STRIPE_WEBHOOK_SECRET: z.string().trim().min(1).optional(),
    /** Another Stripe API base URL (the tests' fake Stripe server); the real API when unset. */
    STRIPE_API_URL: z.url({ protocol: /^https?$/, error: "must be an http(s) URL" }).optional(),
  })
  .transform((env) => ({
    ...env,
    APP_URL: (env.APP_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ""),
    DATA_DIR: path.resolve(env.DATA_DIR),
    SEED: env.SEED ?? true,
    MAIL_FROM: env.MAIL_FROM ?? `${env.SITE_NAME} <no-reply@${hostOf(env.APP_URL ?? "http://localhost")}>`,
  }))
  .superRefine((env, ctx) => {
    if (env.S3_BUCKET && !(env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY)) {
      ctx.addIssue({ code: "custom", path: ["S3_BUCKET"], message: "needs S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY" });
    }
  });

function hostOf(url: string): string {
  try {
    return new URL(url).hostname || "localhost";
  } catch {
    return "localhost";
  }
}

/** Express's "trust proxy" setting from TRUST_PROXY. */
export function trustProxySetting(value: string): boolean | number | string {
  if (value === "true") return true;
  if (value === "false" || value === "") return false;
  if (/^\d+$/.test(value)) return Number(value);
  return value;
}

export type Env = z.output<typeof schema>;

export class ConfigError extends Error {}

export function parseEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== ""));
  const result = schema.safeParse(cleaned);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `${issue.path.join(".")} ${issue.message}`);
    throw new ConfigError(`Invalid configuration: ${lines.join("; ")}`);
  }
  return result.data;
}

let cached: Env | undefined;
export function env(): Env {
  cached ??= parseEnv();
  return cached;
}

/** The values the browser may see. */
export function publicEnv(e: Env = env()) {
  return {
    SITE_NAME: e.SITE_NAME,
    APP_URL: e.APP_URL,
    NEWSLETTER_URL: e.NEWSLETTER_URL ?? null,
    FEEDBACK_FORM_URL: e.FEEDBACK_FORM_URL ?? null,
    SOCIAL: { x: e.SOCIAL_X_URL ?? null, github: e.SOCIAL_GITHUB_URL ?? null, linkedin: e.SOCIAL_LINKEDIN_URL ?? null },
  };
}
