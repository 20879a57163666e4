/**
 * What the AI Engine settings page and its action share (client-safe): the providers, the
 * content formats, the form schema and the spec's messages (decision 048).
 */
import * as z from "zod/mini";

export const PROVIDERS = [
  { value: "none", label: "None (offline draft from the page's metadata)" },
  { value: "openai", label: "OpenAI" },
  { value: "anthropic", label: "Anthropic" },
  { value: "google", label: "Google" },
  { value: "openai-compatible", label: "OpenAI-compatible endpoint (self-hosted)" },
] as const;
export type Provider = (typeof PROVIDERS)[number]["value"];
const PROVIDER_VALUES = PROVIDERS.map((p) => p.value) as [Provider, ...Provider[]];

export const CONTENT_FORMATS = [
  { value: "plain", label: "Plain text" },
  { value: "html", label: "Simple HTML" },
] as const;
export type ContentFormat = (typeof CONTENT_FORMATS)[number]["value"];

/** The model used when the settings leave it empty. */
export const DEFAULT_MODELS: Record<Exclude<Provider, "none" | "openai-compatible">, string> = {
  openai: "gpt-4o-mini",
  anthropic: "claude-3-5-haiku-latest",
  google: "gemini-2.0-flash",
};

export const MESSAGES = {
  loadFailed: "Failed to load AI Engine settings. Please try again.",
  updateFailed: "Failed to update AI Engine settings. Please try again.",
  createFailed: "Failed to create AI Engine settings. Please try again.",
  saved: "AI Engine settings saved",
  providerRequired: "Choose a provider",
  formatRequired: "Choose a content format",
  modelTooLong: "The model name must be at most 100 characters",
  modelInvalid: "The model name may use letters, digits, and . _ : / @ -",
  baseUrlRequired: "Enter the endpoint's base URL (for example http://localhost:11434/v1)",
  baseUrlInvalid: "The base URL must be an http(s) URL",
  keyTooLong: "The API key must be at most 500 characters",
  keyInvalid: "The API key must not contain spaces or control characters",
  keyRequired: "Enter the provider's API key",
  unknownAction: "Unknown action",
} as const;

export const MODEL_MAX = 100;
export const KEY_MAX = 500;

const trimmed = z.pipe(
  z.optional(z.string()),
  z.transform((value) => (value ?? "").trim()),
);

/**
 * The settings form. `apiKey` empty keeps the stored key; `clearKey` = "on" removes it. The key
 * requirement (a provider other than none, openai-compatible excepted, needs one) is checked
 * by the action against what is stored, since an empty box means "keep".
 */
export const settingsSchema = z
  .object({
    contentFormat: z.enum(["plain", "html"], { error: MESSAGES.formatRequired }),
    provider: z.enum(PROVIDER_VALUES, { error: MESSAGES.providerRequired }),
    model: trimmed.check(
      z.maxLength(MODEL_MAX, MESSAGES.modelTooLong),
      z.refine((value) => value === "" || /^[A-Za-z0-9._:/@-]+$/.test(value), MESSAGES.modelInvalid),
    ),
    baseUrl: trimmed,
    apiKey: trimmed.check(
      z.maxLength(KEY_MAX, MESSAGES.keyTooLong),
      // eslint-disable-next-line no-control-regex
      z.refine((value) => !/[\s\u0000-\u001f\u007f]/.test(value), MESSAGES.keyInvalid),
    ),
    clearKey: z.optional(z.string()),
  })
  .check(
    z.superRefine((value, ctx) => {
      if (value.provider !== "openai-compatible") return;
      if (!value.baseUrl) ctx.issues.push({ code: "custom", message: MESSAGES.baseUrlRequired, path: ["baseUrl"], input: value.baseUrl });
      else if (!isHttpUrl(value.baseUrl)) ctx.issues.push({ code: "custom", message: MESSAGES.baseUrlInvalid, path: ["baseUrl"], input: value.baseUrl });
    }),
  );

export type SettingsInput = z.output<typeof settingsSchema>;
export type SettingsErrors = Partial<Record<keyof z.input<typeof settingsSchema> | "form", string>>;

function isHttpUrl(text: string): boolean {
  if (text.length > 2048) return false;
  try {
    const url = new URL(text);
    return (url.protocol === "http:" || url.protocol === "https:") && !url.username && !url.password;
  } catch {
    return false;
  }
}

/** What the browser sees of the settings: never the key, only its last 4 characters. */
export interface SettingsView {
  contentFormat: ContentFormat;
  provider: Provider;
  model: string;
  baseUrl: string;
  hasKey: boolean;
  keyLast4: string | null;
  updatedAt: string | null;
}

export const DEFAULT_VIEW: SettingsView = { contentFormat: "plain", provider: "none", model: "", baseUrl: "", hasKey: false, keyLast4: null, updatedAt: null };

export type SettingsActionData =
  | { intent: "save"; ok: false; errors: SettingsErrors }
  | { intent: "test"; ok: boolean; message: string };

/** Providers that cannot work without a key (a self-hosted endpoint may not need one). */
export function needsKey(provider: Provider): boolean {
  return provider === "openai" || provider === "anthropic" || provider === "google";
}
