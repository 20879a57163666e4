/**
 * The whole product's schema, one file per domain: the spec's entities with its field names as
 * column names (`product_directory` is `products`), Better Auth's tables, and what new features need.
 * Custom SQL that Drizzle cannot express (extensions, the IMMUTABLE helper used by the search
 * vector, triggers keeping counts) lives in hand-written migrations under ../migrations.
 * drizzle.config.ts reads this file: a new domain file is re-exported here or drizzle-kit misses it.
 */
export * from "./auth";
export * from "./catalog";
export * from "./engagement";
export * from "./people";
export * from "./ops";
export * from "./moderation";
export * from "./imports";
export * from "./promotion";
export * from "./logos";
export * from "./reports";
