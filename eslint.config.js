import js from "@eslint/js";
import importX from "eslint-plugin-import-x";
import tseslint from "typescript-eslint";

const databaseModules = ["drizzle-orm", "drizzle-orm/*", "pg", "@electric-sql/*", "~/db/*", "*/db/schema", "*/db/client.server"];

export default tseslint.config(
  { ignores: ["build-*/", "build/", ".react-router/", "node_modules/", "data/", ".tmp/", "test-results/", "playwright-report/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { "import-x": importX },
    rules: {
      "import-x/no-duplicates": "error",
      "import-x/first": "error",
      "import-x/newline-after-import": "error",
      "import-x/no-absolute-path": "error",
      "import-x/no-mutable-exports": "error",
      "@typescript-eslint/no-explicit-any": "off",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "no-console": ["error", { allow: ["warn", "error"] }],
    },
  },
  {
    // Only *.server.ts modules (and the tooling around the app) touch the database.
    files: ["app/**/*.{ts,tsx}"],
    ignores: ["app/**/*.server.ts", "app/db/**", "app/**/*.test.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: [{ group: databaseModules, message: "Import the database only from *.server.ts modules." }] },
      ],
    },
  },
  {
    files: ["scripts/**", "bench/**", "server/**", "tests/**", "**/*.test.ts", "*.config.ts"],
    rules: { "no-console": "off" },
  },
);
