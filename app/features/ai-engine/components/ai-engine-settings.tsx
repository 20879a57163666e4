import { LoaderCircleIcon } from "lucide-react";
import { useState, type ReactNode } from "react";
import { Form, useFetcher, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { FormField } from "~/components/ui/form-field";
import { CONTENT_FORMATS, DEFAULT_MODELS, PROVIDERS, type Provider, type SettingsActionData, type SettingsView } from "../ai-engine";

const field = "flex flex-col gap-2";
const control =
  "h-10 w-full rounded-md border border-input bg-background px-3 text-base text-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring md:text-sm";

interface Props {
  settings: SettingsView;
  loadError: string | null;
  answer: SettingsActionData | undefined;
}

function modelHint(provider: Provider): string {
  if (provider === "none") return "Not used with provider none.";
  if (provider === "openai-compatible") return "The model name your endpoint serves (for example llama3.1).";
  return `Leave empty for ${DEFAULT_MODELS[provider]}.`;
}

/** The AI Engine settings card: content format, provider, model, endpoint and API key, and Test connection. */
export function AiEngineSettingsPage({ settings, loadError, answer }: Props) {
  const [provider, setProvider] = useState<Provider>(settings.provider);
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === "save";
  const tester = useFetcher<SettingsActionData>();
  const testing = tester.state !== "idle";
  const errors = answer?.intent === "save" && !answer.ok ? answer.errors : {};
  const test = tester.data?.intent === "test" ? tester.data : null;

  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-col gap-1">
        <h1 className="text-2xl font-bold tracking-tight">AI Engine</h1>
        <p className="text-sm text-muted-foreground">
          Draft with AI in the product form and the submission wizard reads a product's website and fills in a draft that a person reviews. Nothing is
          saved or published by drafting.
        </p>
      </header>
      {loadError ? (
        <p role="alert" className="rounded-md border border-destructive/50 bg-destructive/10 p-4 text-sm">
          {loadError}
        </p>
      ) : null}
      <section aria-labelledby="ai-settings-heading" className="flex max-w-2xl flex-col gap-5 rounded-lg border bg-card p-4 sm:p-6">
        <h2 id="ai-settings-heading" className="text-lg font-semibold">
          Settings
        </h2>
        <Form method="post" noValidate className="flex flex-col gap-5" key={settings.updatedAt ?? "new"}>
          {errors.form ? (
            <p role="alert" className="text-sm text-destructive">
              {errors.form}
            </p>
          ) : null}
          <FormField id="ai-content-format" name="contentFormat" label="Content format" className={field} error={errors.contentFormat} errorRole="alert"
            hint="The format of drafted descriptions.">
            {(wiring) => (
              <select {...wiring} defaultValue={settings.contentFormat} className={control}>
                <OptionList options={CONTENT_FORMATS} />
              </select>
            )}
          </FormField>
          <FormField id="ai-provider" name="provider" label="Provider" className={field} error={errors.provider} errorRole="alert">
            {(wiring) => (
              <select {...wiring} value={provider} onChange={(event) => setProvider(event.currentTarget.value as Provider)} className={control}>
                <OptionList options={PROVIDERS} />
              </select>
            )}
          </FormField>
          <FormField id="ai-model" name="model" label="Model" className={field} defaultValue={settings.model} maxLength={100} autoComplete="off"
            hint={modelHint(provider)} error={errors.model} errorRole="alert" disabled={provider === "none"} />
          {provider === "openai-compatible" ? (
            <FormField id="ai-base-url" name="baseUrl" label="Base URL*" className={field} defaultValue={settings.baseUrl} inputMode="url"
              placeholder="http://localhost:11434/v1" autoComplete="off" hint="The endpoint's OpenAI-compatible API (…/v1)." error={errors.baseUrl} errorRole="alert" />
          ) : null}
          <FormField
            id="ai-api-key"
            name="apiKey"
            label="API key"
            type="password"
            className={field}
            autoComplete="off"
            spellCheck={false}
            placeholder={settings.hasKey ? "Leave empty to keep the saved key" : "Paste the provider's API key"}
            hint={settings.hasKey ? `A key ending in ${settings.keyLast4 ?? "????"} is saved (encrypted). Type a new one to replace it.` : "No key is saved. The key is stored encrypted and never shown again."}
            error={errors.apiKey}
            errorRole="alert"
            disabled={provider === "none"}
          />
          {settings.hasKey ? (
            <label className="flex items-center gap-2 text-sm">
              <input type="checkbox" name="clearKey" className="size-4 accent-primary" />
              Remove the saved key
            </label>
          ) : null}
          <div className="flex flex-wrap gap-3">
            <BusyButton intent="save" busy={saving} busyText="Saving...">
              Save settings
            </BusyButton>
          </div>
        </Form>
        <tester.Form method="post" className="flex flex-col gap-3 border-t pt-5">
          <p className="text-sm text-muted-foreground">Test connection uses the saved settings.</p>
          <div>
            <BusyButton intent="test" variant="outline" busy={testing} busyText="Testing...">
              Test connection
            </BusyButton>
          </div>
          <p role="status" aria-live="polite" className={test ? (test.ok ? "text-sm text-green-700 dark:text-green-400" : "text-sm text-destructive") : "sr-only"}>
            {test ? test.message : ""}
          </p>
        </tester.Form>
      </section>
    </div>
  );
}

/** A select's options: each choice's value and label. */
function OptionList({ options }: { options: readonly { value: string; label: string }[] }) {
  return options.map((option) => (
    <option key={option.value} value={option.value}>
      {option.label}
    </option>
  ));
}

/** A form's submit button posting `intent`, with a spinner and `busyText` while its request runs. */
function BusyButton({ intent, variant, busy, busyText, children }: { intent: string; variant?: "outline"; busy: boolean; busyText: string; children: ReactNode }) {
  return (
    <Button type="submit" variant={variant} name="intent" value={intent} disabled={busy}>
      {busy ? <LoaderCircleIcon aria-hidden className="animate-spin" /> : null}
      {busy ? busyText : children}
    </Button>
  );
}
