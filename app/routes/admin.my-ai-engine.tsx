import type { Route } from "./+types/admin.my-ai-engine";
import { adminMeta } from "~/components/admin/meta";
import { adminAction, adminLoader } from "~/domain/auth/admin-route.server";
import { AiEngineSettingsPage } from "~/features/ai-engine/components/ai-engine-settings";
import { settingsAction, settingsLoader } from "~/features/ai-engine/requests.server";

export const meta = adminMeta("AI Engine");

export const loader = adminLoader(settingsLoader);

export const action = adminAction(settingsAction);

export default function AiEngine({ loaderData, actionData }: Route.ComponentProps) {
  return <AiEngineSettingsPage settings={loaderData.settings} loadError={loaderData.loadError} answer={actionData} />;
}
