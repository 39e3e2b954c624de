// Builds one migrated + seeded database template per test run; each test file clones it
// (PGlite: dumpDataDir/loadDataDir; PostgreSQL: CREATE DATABASE ... TEMPLATE).
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import knexFactory from 'knex';
import { seed } from '../../seeds/index';
import { createKnex, createPglite } from '../db/knex';
import { migrateLatest } from '../db/migrate';
import { adminUrl, PG_TEMPLATE_DB, PGLITE_TEMPLATE_FILE } from './testDb';

export default async function setup() {
  const url = process.env.DATABASE_URL;
  if (url) {
    const admin = knexFactory({ client: 'pg', connection: adminUrl(url), pool: { min: 0, max: 1 } });
    await admin.raw(`DROP DATABASE IF EXISTS ${PG_TEMPLATE_DB} WITH (FORCE)`);
    await admin.raw(`CREATE DATABASE ${PG_TEMPLATE_DB}`);
    const knex = createKnex({ databaseUrl: withDb(url, PG_TEMPLATE_DB), poolMax: 2 });
    await migrateLatest(knex);
    await seed(knex);
    await knex.destroy();
    await admin.destroy();
    return;
  }
  const pglite = createPglite();
  const knex = createKnex({ pglite });
  await migrateLatest(knex);
  await seed(knex);
  const dump = await pglite.dumpDataDir('gzip');
  mkdirSync(dirname(PGLITE_TEMPLATE_FILE), { recursive: true });
  writeFileSync(PGLITE_TEMPLATE_FILE, Buffer.from(await dump.arrayBuffer()));
  await knex.destroy();
}

export function withDb(url: string, db: string): string {
  const u = new URL(url);
  u.pathname = `/${db}`;
  return u.toString();
}
