import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import knexFactory, { type Knex } from 'knex';
import { createKnex, createPglite } from '../db/knex';

// TEST_TEMPLATE_TAG keeps the templates of test processes run at once apart (bench:ledger's shards): each run's
// global setup drops and makes its template again, under the feet of another process cloning the same one.
const TAG = (process.env.TEST_TEMPLATE_TAG ?? '').replace(/[^a-z0-9_]/g, '');
export const PGLITE_TEMPLATE_FILE = resolve(import.meta.dirname, `../../.data-test/pglite-template${TAG}.tgz`);
export const PG_TEMPLATE_DB = `zoo_test_template${TAG}`;

export function adminUrl(url: string): string {
  const u = new URL(url);
  u.pathname = '/postgres';
  return u.toString();
}

export interface TestDb {
  knex: Knex;
  kind: 'pglite' | 'postgres';
  /** The database's URL (PostgreSQL): for a second process or thread on it. */
  url?: string;
  drop(): Promise<void>;
}

/** A fresh database cloned from the migrated + seeded template: PostgreSQL when DATABASE_URL is set, else PGlite. */
export async function createTestDb(): Promise<TestDb> {
  const url = process.env.DATABASE_URL;
  if (url) {
    const name = `zoo_test_${randomBytes(6).toString('hex')}`;
    const admin = knexFactory({ client: 'pg', connection: adminUrl(url), pool: { min: 0, max: 1 } });
    await admin.raw(`CREATE DATABASE ${name} TEMPLATE ${PG_TEMPLATE_DB}`);
    const u = new URL(url);
    u.pathname = `/${name}`;
    const knex = createKnex({ databaseUrl: u.toString(), poolMax: 20 });
    return {
      knex,
      kind: 'postgres',
      url: u.toString(),
      async drop() {
        await knex.destroy();
        await admin.raw(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await admin.destroy();
      },
    };
  }
  const blob = new Blob([readFileSync(PGLITE_TEMPLATE_FILE)]);
  const pglite = createPglite(undefined, blob);
  const knex = createKnex({ pglite });
  return {
    knex,
    kind: 'pglite',
    async drop() {
      await knex.destroy();
    },
  };
}
