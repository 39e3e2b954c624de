import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Knex } from 'knex';

// Migrations are frozen: each runs the SQL it installed, kept in migrations/sql/<migration>_<name>.sql and never
// edited after. The current text lives with its feature (server/features/stock/sql); a change there comes with a
// new migration and a frozen copy of its own (server/test/sqlFunctions.test.ts compares a fresh migrate with it).
// `?` is escaped: knex.raw would take it for a binding.
export const runFrozenSql = (knex: Knex, file: string) =>
  knex.raw(
    readFileSync(resolve(import.meta.dirname, 'sql', file), 'utf8')
      .trim()
      .replace(/;\s*$/, '')
      .replace(/\?/g, '\\?'),
  );
