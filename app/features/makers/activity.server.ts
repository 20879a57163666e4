import type { Database } from "~/db/client.server";
import { dailyActivity } from "~/domain/product-activity.server";
import { ACTIVITY_METRICS, type ActivityWindow, type ProductActivity } from "./activity";

/**
 * The last 30 days of the user's listed products (suggestions have no public page, so no numbers),
 * in one query for all of them; the query itself keeps to the user's own products.
 */
export async function myProductsActivity(db: Pick<Database, "execute">, userId: string, products: readonly { id: number; type: string }[]): Promise<ActivityWindow> {
  const ids = products.filter((product) => product.type === "product").map((product) => product.id);
  const byProduct = await dailyActivity(db, userId, ids);
  const window: ActivityWindow = { days: [], products: {} };
  for (const [id, series] of byProduct) {
    window.days = series.map((point) => point.day);
    window.products[id] = Object.fromEntries(
      ACTIVITY_METRICS.map(({ key }) => [key, series.map((point) => point[key])]),
    ) as ProductActivity;
  }
  return window;
}
