import { afterAll, beforeAll } from "vitest";
import type { DatabaseHandle } from "../../app/db/client.server";
import { setDatabase } from "../../app/db/registry.server";
import { createTestDatabase } from "./test-database";

/** Every test file gets its own database, reachable through getDb() like the app's. */
let handle: DatabaseHandle | undefined;

beforeAll(async () => {
  handle = await createTestDatabase();
  setDatabase(handle);
});

afterAll(async () => {
  setDatabase(undefined);
  await handle?.close();
});
