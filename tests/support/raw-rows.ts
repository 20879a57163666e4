import type { SQL } from "drizzle-orm";
import type { Database } from "../../app/db/client.server";

/**
 * Raw rows as the test or benchmark says they are, unchecked: for setting up and reading back
 * fixtures only. The application parses every raw row (`selectRows` in app/db/rows.server.ts,
 * decision 074); `npm run check:shape` keeps this out of its source.
 */
export async function queryRows<T>(db: Pick<Database, "execute">, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
