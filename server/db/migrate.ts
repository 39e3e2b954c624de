import { readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Knex } from 'knex';
import { withStartupLock } from './startupLock';

export const MIGRATIONS_DIR = resolve(import.meta.dirname, '../../migrations');

interface Migration {
  up(knex: Knex): Promise<void>;
  down(knex: Knex): Promise<void>;
}

/** Loads the TypeScript migrations with a dynamic import, so no knex CLI TS loader is needed. */
class TsMigrationSource implements Knex.MigrationSource<string> {
  constructor(private readonly dir: string) {}
  async getMigrations(): Promise<string[]> {
    return readdirSync(this.dir)
      .filter((f) => /^\d+_.+\.ts$/.test(f))
      .sort();
  }
  getMigrationName(migration: string): string {
    return migration;
  }
  async getMigration(migration: string): Promise<Migration> {
    const m = (await import(pathToFileURL(join(this.dir, migration)).href)) as Migration;
    // A migration may rewrite whole tables: not under the pool's statement and lock timeouts (each runs in a
    // transaction of its own, so SET LOCAL ends with it).
    const unlimited = (knex: Knex) =>
      knex.raw("SELECT set_config('lock_timeout', '0', true), set_config('statement_timeout', '0', true)");
    return {
      up: async (knex) => {
        await unlimited(knex);
        await m.up(knex);
      },
      down: async (knex) => {
        await unlimited(knex);
        await m.down(knex);
      },
    };
  }
}

export const migrationConfig = (dir = MIGRATIONS_DIR): Knex.MigratorConfig => ({
  migrationSource: new TsMigrationSource(dir),
  tableName: 'knex_migrations',
});

/** Any number that is ours: the session lock that lets one instance migrate at a time. */
const MIGRATION_LOCK = 7_020_261_124;

/**
 * Migrates to the latest. On PostgreSQL several instances may start at once on a fresh database: knex's own lock
 * table does not exist yet then (two create it: `type "knex_migrations" already exists`), so the instances first
 * queue on an advisory lock (db/startupLock.ts). PGlite is one process with one connection.
 */
export async function migrateLatest(knex: Knex): Promise<string[]> {
  return withStartupLock(
    knex,
    MIGRATION_LOCK,
    async () => ((await knex.migrate.latest(migrationConfig())) as [number, string[]])[1],
  );
}
