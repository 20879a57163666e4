import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { openDatabase, openMemoryDatabase } from "../../app/db/client.server";
import { seedDemoCatalog } from "../../app/features/catalog/mutations/seed.server";
import { assertLocalDatabaseUrl, withDatabase } from "./local-database";

declare module "vitest" {
  export interface ProvidedContext {
    pgliteTemplate: string;
    pgTemplate: string;
    runId: string;
  }
}

/** Builds the template database once (migrated, demo catalogue loaded); each test file clones it. */
export default async function setup(project: TestProject) {
  const runId = `${process.pid}_${Date.now().toString(36)}`;
  project.provide("runId", runId);
  const url = process.env.DATABASE_URL;
  if (!url) {
    const handle = await openMemoryDatabase();
    await handle.migrate();
    await seedDemoCatalog(handle.db);
    const dump = await handle.client.dumpDataDir("none");
    const file = path.resolve(".tmp", `vitest-template-${runId}.tar`);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    await handle.close();
    project.provide("pgliteTemplate", file);
    project.provide("pgTemplate", "");
    return () => fs.rmSync(file, { force: true });
  }

  assertLocalDatabaseUrl(url);
  const template = `toolnest_tpl_${runId}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database "${template}"`);
  await admin.end();
  const handle = await openDatabase({ databaseUrl: withDatabase(url, template), dataDir: "", purpose: "tests" });
  await handle.migrate();
  await seedDemoCatalog(handle.db);
  await handle.close();
  project.provide("pgliteTemplate", "");
  project.provide("pgTemplate", template);

  return async () => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const { rows } = await client.query<{ datname: string }>(
      `select datname from pg_database where datname like $1`,
      [`toolnest_%${runId}%`],
    );
    for (const row of rows) await client.query(`drop database if exists "${row.datname}" with (force)`);
    await client.end();
  };
}
