import type { Route } from "./+types/profile";
import { requireUser } from "~/features/auth/session.server";
import { ProfileCard } from "~/features/profile/profile-card";

export function meta({ matches }: Route.MetaArgs) {
  const siteName = matches[0].loaderData?.env.SITE_NAME ?? "Toolnest";
  return [{ title: `Profile | ${siteName}` }, { name: "robots", content: "noindex" }];
}

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const { username, avatar_url, career, last_active_at, created_at } = user.profile;
  return { profile: { username, avatar_url, career, last_active_at, created_at }, now: Date.now() };
}

export default function ProfilePage({ loaderData }: Route.ComponentProps) {
  return (
    <div className="grid gap-6 md:grid-cols-[18rem_1fr]">
      <ProfileCard profile={loaderData.profile} now={loaderData.now} />
      <section aria-labelledby="profile-tabs-heading" className="rounded-lg border p-6">
        <h2 id="profile-tabs-heading" className="text-lg font-semibold">
          Saved
        </h2>
        <p className="mt-2 text-muted-foreground">Your saved products, activities and listings will appear here soon.</p>
      </section>
    </div>
  );
}
