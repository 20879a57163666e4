import { afterAll, beforeAll, expect } from "vitest";
import type { DatabaseHandle } from "../../app/db/client.server";
import { setDatabase } from "../../app/db/registry.server";
import { loadSharedAuthSecret } from "../../app/domain/auth/config.server";
import { parseEnv } from "../../app/lib/env.server";
import { reachesDatabase } from "./reaches-database";
import { createTestDatabase } from "./test-database";

/** Every test file whose imports reach the database gets its own, reachable through getDb() like the app's. */
let handle: DatabaseHandle | undefined;

beforeAll(async () => {
  const testFile = expect.getState().testPath;
  if (testFile && !reachesDatabase(testFile)) return;
  handle = await createTestDatabase();
  setDatabase(handle);
  // parseEnv, not env(): a test file may still set variables before env() first caches them.
  await loadSharedAuthSecret(handle.db, parseEnv());
});

afterAll(async () => {
  setDatabase(undefined);
  await handle?.close();
});
