/** `npm run db:seed`: loads the demo catalogue into an empty database (a no-op otherwise). */
import { seedDemoCatalog } from "../app/features/catalog/mutations/seed.server";
import { parseEnv } from "../app/lib/env.server";
import { exitWithError } from "../server/cli";
import { openAppDatabase } from "../server/database";

try {
  const env = parseEnv();
  const handle = await openAppDatabase(env, { purpose: "db:seed" });
  try {
    const result = await seedDemoCatalog(handle.db);
    console.log(
      result.seeded
        ? `Loaded the demo catalogue: ${result.products} products, ${result.niches} niches, ${result.subcategories} subcategories.`
        : "The database already has a catalogue; nothing was changed.",
    );
  } finally {
    await handle.close();
  }
} catch (error) {
  exitWithError(error);
}
