import { defineConfig } from "drizzle-kit";

export default defineConfig({
  dialect: "postgresql",
  // One file per domain under app/db/schema/, all re-exported by its index.
  schema: "./app/db/schema/index.ts",
  out: "./app/db/migrations",
});
