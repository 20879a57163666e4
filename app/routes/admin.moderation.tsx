import type { ShouldRevalidateFunctionArgs } from "react-router";
import type { Route } from "./+types/admin.moderation";
import { adminMeta } from "~/components/admin/meta";
import { adminAction, adminLoader } from "~/domain/auth/admin-route.server";
import { ModerationQueue } from "~/features/moderation/components/moderation-queue";
import { moderationAction, moderationLoader } from "~/features/moderation/requests/moderation-queue.server";

export const meta = adminMeta("Moderation");

export const loader = adminLoader(moderationLoader);

export const action = adminAction(moderationAction);

/** A refused decision (409: someone decided first) still reloads the queue, so the item shows as it now is. */
export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formMethod === "POST" ? true : defaultShouldRevalidate;
}

export default function ModerationPage({ loaderData, actionData }: Route.ComponentProps) {
  return <ModerationQueue {...loaderData} errors={actionData?.errors} />;
}
