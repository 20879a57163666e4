import { openDatabase, type DatabaseHandle } from "../app/db/client.server";
import { setDatabase } from "../app/db/registry.server";
import { loadSharedAuthSecret } from "../app/domain/auth/config.server";
import { seedDemoCatalog } from "../app/features/catalog/mutations/seed.server";
import { currentShuffleDay } from "../app/features/catalog/mutations/shuffle.server";
import type { Env } from "../app/lib/env.server";

interface PrepareOptions {
  /** Load the demo catalogue into an empty database, and build today's list order. */
  seed?: boolean;
  log?: (line: string) => void;
}

/**
 * Applies migrations and seeds when asked, nothing more: `npm start` does this beside the build,
 * closes the handle, and the server built with the app opens the database again (decision 078).
 */
export async function migrateAndSeed(handle: DatabaseHandle, options: Pick<PrepareOptions, "seed" | "log"> = {}) {
  await handle.migrate();
  await seed(handle, options);
}

async function seed(handle: DatabaseHandle, { seed, log = () => {} }: PrepareOptions) {
  if (!seed) return;
  const result = await seedDemoCatalog(handle.db);
  if (result.seeded) {
    log(`Loaded the demo catalogue: ${result.products} products, ${result.niches} niches, ${result.subcategories} subcategories.`);
  }
}

/** Applies migrations, seeds when asked, and makes the handle the process's database. */
export async function prepareDatabase(handle: DatabaseHandle, options: PrepareOptions = {}) {
  try {
    await handle.migrate();
    await loadSharedAuthSecret(handle.db);
    await seed(handle, options);
    setDatabase(handle);
    if (options.seed !== undefined) await currentShuffleDay(handle.db);
  } catch (error) {
    await handle.close().catch(() => {});
    throw error;
  }
  return handle;
}

/** Opens the configured database and prepares it (migrations, optional seed). */
export async function openAppDatabase(env: Env, options: PrepareOptions & { purpose: string }): Promise<DatabaseHandle> {
  const handle = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR, purpose: options.purpose });
  return prepareDatabase(handle, options);
}
