import type { Route } from "./+types/admin.my-ai-engine";
import { AiEngineSettingsPage } from "~/features/ai-engine/components/ai-engine-settings";
import { settingsAction, settingsLoader } from "~/features/ai-engine/requests.server";

export function meta({ matches }: Route.MetaArgs) {
  const siteName = matches[0].loaderData?.env.SITE_NAME ?? "Toolnest";
  return [{ title: `AI Engine | ${siteName} Admin` }, { name: "robots", content: "noindex" }];
}

export function loader({ request, context }: Route.LoaderArgs) {
  return settingsLoader(request, context);
}

export function action({ request, context }: Route.ActionArgs) {
  return settingsAction(request, context);
}

export default function AiEngine({ loaderData, actionData }: Route.ComponentProps) {
  return <AiEngineSettingsPage settings={loaderData.settings} loadError={loaderData.loadError} answer={actionData} />;
}
