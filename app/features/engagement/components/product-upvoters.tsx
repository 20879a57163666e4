import { Avatar } from "~/components/ui/avatar";
import { useSessionUser } from "~/domain/root-data";
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

function Upvoters({ users }: { users: Upvoter[] }) {
  return (
    <section aria-labelledby="upvoters-heading" className="rounded-xl border p-4">
      <h2 id="upvoters-heading" className="mb-2 font-semibold">
        Users Who Love This Product
      </h2>
      {users.length === 0 ? (
        <p className="text-sm text-muted-foreground">No upvotes yet. Be the first!</p>
      ) : (
        <ul className="flex flex-wrap gap-2">
          {users.map((user) => (
            <li key={user.id} className="flex items-center gap-2 text-sm">
              <Avatar name={user.username} src={user.avatar_url} />
              {user.username ?? "Anonymous"}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
