import type { ShouldRevalidateFunctionArgs } from "react-router";
import type { Route } from "./+types/admin.moderation";
import { ModerationQueue } from "~/features/moderation/components/moderation-queue";
import { moderationAction, moderationLoader } from "~/features/moderation/requests/moderation-queue.server";

export function meta({ matches }: Route.MetaArgs) {
  const siteName = matches[0].loaderData?.env.SITE_NAME ?? "Toolnest";
  return [{ title: `Moderation | ${siteName} Admin` }, { name: "robots", content: "noindex" }];
}

export function loader({ request, context }: Route.LoaderArgs) {
  return moderationLoader(request, context);
}

export function action({ request, context }: Route.ActionArgs) {
  return moderationAction(request, context);
}

/** A refused decision (409: someone decided first) still reloads the queue, so the item shows as it now is. */
export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formMethod === "POST" ? true : defaultShouldRevalidate;
}

export default function ModerationPage({ loaderData, actionData }: Route.ComponentProps) {
  return <ModerationQueue {...loaderData} errors={actionData?.errors} />;
}
