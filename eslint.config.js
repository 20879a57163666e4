import js from "@eslint/js";
import { readdirSync } from "node:fs";
import { resolve } from "node:path";
import importX, { createNodeResolver } from "eslint-plugin-import-x";
import tseslint from "typescript-eslint";

// One-way layers (docs/architecture.md, decision 029): routes -> features -> shared layers.
const features = readdirSync("app/features", { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name);
const sharedLayers = ["app/lib", "app/db", "app/domain", "app/components"];
const boundaryZones = [
  // A feature folder imports no other feature: what two features need moves down to app/domain.
  ...features.map((feature) => ({
    target: `app/features/${feature}`,
    from: "app/features",
    except: [`./${feature}`],
    message: "Features never import each other: compose them in the route module, or move what both need to app/domain.",
  })),
  { target: "app/features", from: ["app/routes", "app/root.tsx"], message: "Features do not import routes or root." },
  {
    target: sharedLayers,
    from: ["app/features", "app/routes", "app/root.tsx"],
    message: "Shared layers (lib, db, domain, components) import no features, routes or root.",
  },
  { target: "app/lib", from: ["app/db", "app/domain", "app/components"], message: "app/lib holds pure helpers and imports no other app layer." },
  { target: "app/db", from: ["app/domain", "app/components"], message: "app/db imports only app/lib." },
  { target: "app/components/ui", from: ["app/domain", "app/db"], message: "UI primitives import only app/lib." },
];

const databaseModules = ["drizzle-orm", "drizzle-orm/*", "pg", "@electric-sql/*", "~/db/*", "*/db/schema", "*/db/client.server"];

export default tseslint.config(
  { ignores: ["build-*/", "build/", ".react-router/", "node_modules/", "data/", ".tmp/", "test-results/", "playwright-report/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { "import-x": importX },
    settings: {
      // Resolves the ~/ alias through tsconfig.json so that the boundary zones see the real file.
      "import-x/resolver-next": [createNodeResolver({ extensions: [".ts", ".tsx", ".js", ".mjs", ".json"], tsconfig: { configFile: resolve("tsconfig.json") } })],
    },
    rules: {
      "import-x/no-restricted-paths": ["error", { zones: boundaryZones }],
      "import-x/no-duplicates": "error",
      "import-x/first": "error",
      "import-x/newline-after-import": "error",
      "import-x/no-absolute-path": "error",
      "import-x/no-mutable-exports": "error",
      "@typescript-eslint/no-explicit-any": "error",
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
