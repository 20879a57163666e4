import type { ListCard } from "~/domain/product-card";
import { SaveButton } from "./save-button";
import { UpvoteButton } from "./upvote-button";

/** Upvote and save on a product card: pages pass this to catalog's lists as `cardActions`. */
export function cardEngagement(product: ListCard) {
  return (
    <>
      <UpvoteButton productId={product.id} productName={product.product_name} upvotes={product.upvotes} />
      <SaveButton productId={product.id} productName={product.product_name} compact />
    </>
  );
}
