/**
 * Fixture data for crash-durability.test.ts, run (like tests/e2e/seed-fixtures.ts) on the embedded
 * database after `scripts/db-seed.ts` and before the server starts. A maker, signed in once through
 * the real development sign-in, is given two demo products: one turned back into a draft for the
 * submission wizard, one live to promote. Prints the products the test uses as one JSON line.
 * Usage: tsx tests/integration/crash-durability-fixtures.ts <maker e-mail>
 */
import { sql } from "drizzle-orm";
import { queryRows } from "../support/raw-rows";
import { devSignIn } from "../../app/features/auth/requests.server";
import { parseEnv } from "../../app/lib/env.server";
import { exitWithError } from "../../server/cli";
import { openAppDatabase } from "../../server/database";

export interface CrashFixtureProduct {
  id: number;
  slug: string;
  product_name: string;
}

/** What the test reads from this script's output: demo products, each for one kind of write. */
export interface CrashFixtures {
  engagement: CrashFixtureProduct;
  burst: CrashFixtureProduct;
  reviewed: CrashFixtureProduct;
  claimed: CrashFixtureProduct;
  drafted: CrashFixtureProduct[];
  wizard: CrashFixtureProduct;
  promoted: CrashFixtureProduct;
}

try {
  const maker = process.argv[2];
  if (!maker) throw new Error("Usage: crash-durability-fixtures.ts <maker e-mail>");
  const handle = await openAppDatabase(parseEnv(), { purpose: "crash-durability fixtures" });
  try {
    const signedIn = await devSignIn(maker);
    if (!signedIn.ok) throw new Error(`Fixture sign-in failed: ${signedIn.error}`);
    const products = await queryRows<CrashFixtureProduct>(
      handle.db,
      sql`select id, slug, product_name from products
           where status = 'live' and type = 'product' and submitter_id is null and slug ~ '^[a-z0-9-]+$'
           order by id limit 8`,
    );
    if (products.length < 8) throw new Error("The demo catalogue has too few live products for the crash fixtures.");
    const pick = (index: number) => products[index]!;
    const fixtures: CrashFixtures = {
      engagement: pick(0),
      burst: pick(1),
      reviewed: pick(2),
      claimed: pick(3),
      drafted: [pick(4), pick(5)],
      wizard: pick(6),
      promoted: pick(7),
    };
    const owner = sql`(select id from "user" where email = ${maker})`;
    await handle.db.execute(sql`update products set submitter_id = ${owner}, status = 'draft' where id = ${fixtures.wizard.id}`);
    await handle.db.execute(sql`update products set submitter_id = ${owner} where id = ${fixtures.promoted.id}`);
    console.log(JSON.stringify(fixtures));
  } finally {
    await handle.close();
  }
} catch (error) {
  exitWithError(error);
}
