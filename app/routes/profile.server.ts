/**
 * /profile's loader and action (app/routes/profile.tsx renders them). The page composes features
 * here, in the route layer: the profile's card, own products and edit form, engagement's saved
 * products and stats' activities.
 */
import { getDb } from "~/db/registry.server";
import { requireUser } from "~/domain/auth/session.server";
import { savedProducts } from "~/features/engagement/queries.server";
import { parseProfileTab } from "~/features/profile/profile";
import { listOwnProducts, loadEditProfile } from "~/features/profile/queries.server";
import { saveEditProfile } from "~/features/profile/requests.server";
import { userActivities } from "~/features/stats/queries.server";
import { assertSameOrigin } from "~/lib/http/origin.server";

/** /profile: the card, and the data of the tab the `tab` query names. */
export async function profileLoader(request: Request, context?: unknown) {
  const user = await requireUser(request, context);
  const tab = parseProfileTab(new URL(request.url).searchParams.get("tab"));
  const db = getDb();
  const { username, avatar_url, career, last_active_at, created_at } = user.profile;
  const [edit, products, saved, activities] = await Promise.all([
    tab === "edit" ? loadEditProfile(db, user.id) : null,
    tab === "products" ? listOwnProducts(db, user.id) : null,
    tab === "bookmarks" ? savedProducts(user.id, 200, db) : null,
    tab === "activities" ? userActivities(user.id, 50) : null,
  ]);
  return { profile: { username, avatar_url, career, last_active_at, created_at }, now: Date.now(), tab, edit, products, saved, activities };
}

/** /profile's action: the Edit Profile form (multipart, with the avatar). */
export async function profileAction(request: Request) {
  assertSameOrigin(request);
  const user = await requireUser(request);
  return saveEditProfile(getDb(), request, user.id);
}
