/** `npm run db:migrate`: applies pending migrations to the configured database, then exits. */
import { openDatabase } from "../app/db/client.server";
import { parseEnv } from "../app/lib/env.server";
import { exitWithError } from "../server/cli";

try {
  const env = parseEnv();
  const handle = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR, purpose: "db:migrate" });
  try {
    await handle.migrate();
    console.log(`Migrations applied (${handle.kind}: ${handle.where}).`);
  } finally {
    await handle.close();
  }
} catch (error) {
  exitWithError(error);
}
