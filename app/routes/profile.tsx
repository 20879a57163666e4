import type { Route } from "./+types/profile";
import { SavedProducts } from "~/features/engagement/components/saved-products";
import { EditProfileForm } from "~/features/profile/components/edit-profile-form";
import { OwnProductsList } from "~/features/profile/components/own-products-list";
import { ProfileCard } from "~/features/profile/components/profile-card";
import { ProfileTabs } from "~/features/profile/components/profile-tabs";
import { MyActivities } from "~/features/stats/components/my-activities";
import { profileAction, profileLoader } from "./profile.server";

export function meta({ matches }: Route.MetaArgs) {
  const siteName = matches[0].loaderData?.env.SITE_NAME ?? "Toolnest";
  return [{ title: `Profile | ${siteName}` }, { name: "robots", content: "noindex" }];
}

export function loader({ request, context }: Route.LoaderArgs) {
  return profileLoader(request, context);
}

export function action({ request }: Route.ActionArgs) {
  return profileAction(request);
}

export default function ProfilePage({ loaderData, actionData }: Route.ComponentProps) {
  const { profile, now, tab, edit, products, saved, activities } = loaderData;
  return (
    <div className="grid grid-cols-1 gap-6 md:grid-cols-[18rem_minmax(0,1fr)] md:items-start">
      <ProfileCard profile={profile} now={now} />
      <div className="flex min-w-0 flex-col gap-4">
        <ProfileTabs current={tab} />
        <section aria-labelledby="profile-panel-heading" className="rounded-lg border bg-card p-6">
          {tab === "bookmarks" ? (
            <>
              <h2 id="profile-panel-heading" className="mb-4 text-lg font-semibold">
                Saved
              </h2>
              <SavedProducts products={saved ?? []} />
            </>
          ) : null}
          {tab === "activities" ? (
            <>
              <h2 id="profile-panel-heading" className="mb-4 text-lg font-semibold">
                My Activities
              </h2>
              <MyActivities items={activities ?? []} now={now} />
            </>
          ) : null}
          {tab === "products" ? (
            <>
              <h2 id="profile-panel-heading" className="mb-4 text-lg font-semibold">
                Your Listed Products
              </h2>
              <OwnProductsList products={products ?? []} />
            </>
          ) : null}
          {tab === "edit" && edit ? (
            <>
              <h2 id="profile-panel-heading" className="mb-4 text-lg font-semibold">
                Edit Profile
              </h2>
              <EditProfileForm key={edit.version} profile={edit} errors={actionData?.errors} />
            </>
          ) : null}
        </section>
      </div>
    </div>
  );
}
