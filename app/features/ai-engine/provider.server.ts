/**
 * One module for the AI vendors (house style 6): the AI SDK's provider packages, chosen by the
 * settings. Provider "none" has no model: drafts are built offline from the page's metadata.
 */
import { createAnthropic } from "@ai-sdk/anthropic";
import { createGoogleGenerativeAI } from "@ai-sdk/google";
import { createOpenAI } from "@ai-sdk/openai";
import { createOpenAICompatible } from "@ai-sdk/openai-compatible";
import { APICallError, generateText, RetryError, type LanguageModel } from "ai";
import { DEFAULT_MODELS } from "./ai-engine";
import type { EngineConfig } from "./queries.server";

export interface ModelOptions {
  /** TESTS: another API base URL for OpenAI, Anthropic or Google (a local server answering as they do). */
  baseURL?: string;
}

/** The model the settings name, or null for provider none. */
export function createModel(config: EngineConfig, options: ModelOptions = {}): LanguageModel | null {
  const apiKey = config.apiKey ?? undefined;
  switch (config.provider) {
    case "none":
      return null;
    case "openai":
      // Chat Completions, the API every OpenAI-compatible server also speaks.
      return createOpenAI({ apiKey, baseURL: options.baseURL }).chat(config.model || DEFAULT_MODELS.openai);
    case "anthropic":
      return createAnthropic({ apiKey, baseURL: options.baseURL })(config.model || DEFAULT_MODELS.anthropic);
    case "google":
      return createGoogleGenerativeAI({ apiKey, baseURL: options.baseURL })(config.model || DEFAULT_MODELS.google);
    case "openai-compatible":
      return createOpenAICompatible({ name: "openai-compatible", baseURL: config.baseUrl ?? "", apiKey })(config.model || "default");
  }
}

/** A provider failure in plain words, with the key (should a provider echo it) blanked out. */
export function describeProviderError(error: unknown, apiKey: string | null): string {
  const inner = RetryError.isInstance(error) ? error.lastError : error;
  let message: string;
  if (APICallError.isInstance(inner)) {
    const status = inner.statusCode;
    const detail = providerMessage(inner.responseBody) ?? inner.message;
    if (status === 401 || status === 403) message = `The provider refused the API key (${status}): ${detail}`;
    else if (status === 404) message = `The provider does not know this model or address (404): ${detail}`;
    else if (status === 429) message = `The provider is rate-limiting this key (429): ${detail}`;
    else if (status && status >= 500) message = `The provider is having trouble (${status}). Please try again later.`;
    else if (status) message = `The provider answered ${status}: ${detail}`;
    else message = `The provider could not be reached: ${detail}`;
  } else if (isAbort(inner)) {
    message = "The provider did not answer in time. Please try again later.";
  } else {
    message = `The provider could not be reached: ${inner instanceof Error ? inner.message : String(inner)}`;
  }
  return scrub(message.slice(0, 300), apiKey);
}

export function isAbort(error: unknown): boolean {
  const inner = RetryError.isInstance(error) ? error.lastError : error;
  if (!(inner instanceof Error)) return false;
  return inner.name === "AbortError" || inner.name === "TimeoutError" || /aborted|timed? ?out/i.test(inner.message);
}

function providerMessage(body: string | undefined): string | null {
  if (!body) return null;
  try {
    const parsed = JSON.parse(body) as { error?: { message?: unknown } | string; message?: unknown };
    const text = typeof parsed.error === "string" ? parsed.error : (parsed.error?.message ?? parsed.message);
    return typeof text === "string" ? text : null;
  } catch {
    return body.slice(0, 200);
  }
}

export function scrub(text: string, apiKey: string | null): string {
  return apiKey && apiKey.length >= 4 ? text.split(apiKey).join("[api key]") : text;
}

/** Test connection: one tiny call with the saved settings; success or the provider's error in plain words. */
export async function testConnection(config: EngineConfig, options: ModelOptions & { timeoutMs?: number } = {}): Promise<{ ok: boolean; message: string }> {
  if (config.provider === "none") return { ok: true, message: "Provider none: drafts are built offline from the website's metadata, no connection needed." };
  if ((config.provider === "openai" || config.provider === "anthropic" || config.provider === "google") && !config.apiKey) {
    return { ok: false, message: "No usable API key is saved. Enter the key and save first." };
  }
  try {
    await generateText({
      model: createModel(config, options)!,
      prompt: "Reply with the single word OK.",
      maxOutputTokens: 64,
      maxRetries: 0,
      abortSignal: AbortSignal.timeout(options.timeoutMs ?? 15_000),
    });
    return { ok: true, message: "Connection works: the provider answered." };
  } catch (error) {
    return { ok: false, message: describeProviderError(error, config.apiKey) };
  }
}
