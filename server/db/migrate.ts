import { readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Knex } from 'knex';

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
    return (await import(pathToFileURL(join(this.dir, migration)).href)) as Migration;
  }
}

export const migrationConfig = (dir = MIGRATIONS_DIR): Knex.MigratorConfig => ({
  migrationSource: new TsMigrationSource(dir),
  tableName: 'knex_migrations',
});

export async function migrateLatest(knex: Knex): Promise<string[]> {
  const [, applied] = (await knex.migrate.latest(migrationConfig())) as [number, string[]];
  return applied;
}

export async function migrateRollbackAll(knex: Knex): Promise<void> {
  await knex.migrate.rollback(migrationConfig(), true);
}
