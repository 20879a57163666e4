import { Upvoters } from "~/features/catalog/components/product-community";
import { useSessionUser } from "~/root";
import { useEngagementEntry } from "../store";

type Upvoter = { id: string; username: string | null; avatar_url: string | null };

/**
 * Users Who Love This Product (the first five upvoters), following the viewer's own upvote
 * without reloading the page: they join the list when it has room and leave it when they withdraw.
 */
export function ProductUpvoters({ productId, users }: { productId: number; users: Upvoter[] }) {
  const viewer = useSessionUser();
  const upvoted = useEngagementEntry(productId)?.upvoted;
  let shown = users;
  if (viewer && upvoted === false) shown = users.filter((u) => u.id !== viewer.id);
  if (viewer && upvoted === true && users.length < 5 && !users.some((u) => u.id === viewer.id)) {
    shown = [...users, { id: viewer.id, username: viewer.username, avatar_url: viewer.avatar ?? null }];
  }
  return <Upvoters users={shown} />;
}
