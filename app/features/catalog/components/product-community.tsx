import { Link } from "react-router";
import { Avatar } from "~/components/ui/avatar";
import { Button } from "~/components/ui/button";
import type { ProductDetail } from "../product.server";

/** Creator and makers (or Unclaimed) with Claim this product. */
export function ProductMakers({ product }: { product: ProductDetail }) {
  const claimPath = `/claim-product?product=${product.id}`;
  return (
    <section aria-labelledby="makers-heading" className="rounded-xl border p-4">
      <h2 id="makers-heading" className="mb-2 font-semibold">
        Creator
      </h2>
      {product.makers.length === 0 ? (
        <p className="text-sm text-muted-foreground">Unclaimed</p>
      ) : (
        <ul className="flex flex-col gap-2">
          {product.makers.map((maker) => (
            <li key={maker.id} className="flex items-center gap-2 text-sm">
              <Avatar name={maker.username} src={maker.avatar_url} />
              <span>
                <span className="font-medium">{maker.username ?? "Anonymous"}</span>
                {maker.career ? <span className="block text-xs text-muted-foreground">{maker.career}</span> : null}
              </span>
            </li>
          ))}
        </ul>
      )}
      <Button asChild variant="link" className="mt-2 h-auto px-0">
        <Link to={`/auth?redirectTo=${encodeURIComponent(claimPath)}`}>Claim this product</Link>
      </Button>
    </section>
  );
}

export function Upvoters({ users }: { users: { id: string; username: string | null; avatar_url: string | null }[] }) {
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

/** Reviews and replies: see app/features/feedback. */
export { FeedbackSection } from "~/features/feedback/components/feedback-section";
