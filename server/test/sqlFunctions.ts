import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import type { Knex } from 'knex';
import { searchNormalizeFunctionSql } from '../db/searchNormalizeSql';

const ROOT = resolve(import.meta.dirname, '../..');
const FEATURES = join(ROOT, 'server/features');

/** The current SQL files of the features (server/features/<feature>/sql/*.sql): what the code calls. */
export function featureSqlFiles(): string[] {
  return readdirSync(FEATURES, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .flatMap((d) => {
      const dir = join(FEATURES, d.name, 'sql');
      try {
        return readdirSync(dir)
          .filter((f) => f.endsWith('.sql'))
          .map((f) => join(dir, f));
      } catch {
        return [];
      }
    });
}

export interface SqlSource {
  name: string;
  /** Plain SQL (a `?` is a question mark, not a binding). */
  sql: string;
}

export const fileSource = (file: string): SqlSource => ({
  name: relative(ROOT, file),
  sql: readFileSync(file, 'utf8'),
});

/** Everything the code installs as SQL functions, as the code has it now. */
export function currentSqlSources(): SqlSource[] {
  return [
    ...featureSqlFiles().map(fileSource),
    { name: 'server/db/searchNormalizeSql.ts', sql: searchNormalizeFunctionSql().replace(/\\\?/g, '?') },
  ];
}

export interface Drift {
  source: string;
  fn: string;
  installed: string | null;
  expected: string;
}

// A scratch schema first on the search path: the file's unqualified CREATE FUNCTION lands there, and PostgreSQL
// prints both definitions the same way (pg_get_functiondef), so formatting cannot hide or fake a difference.
const SCRATCH = 'zoo_sql_check';

/**
 * The functions each source defines that a database does not hold as written: missing, or with another definition
 * (a source edited without a migration that installs it). Runs in a transaction that is rolled back.
 */
export async function functionDrift(knex: Knex, sources = currentSqlSources()): Promise<Drift[]> {
  const drift: Drift[] = [];
  for (const source of sources) {
    const trx = await knex.transaction();
    try {
      await trx.raw(`CREATE SCHEMA ${SCRATCH}`);
      await trx.raw(`SET LOCAL search_path = ${SCRATCH}, public`);
      await trx.raw(source.sql.trim().replace(/;\s*$/, '').replace(/\?/g, '\\?'));
      const { rows } = (await trx.raw(
        `SELECT p.proname AS fn, pg_get_functiondef(p.oid) AS def,
           (SELECT pg_get_functiondef(q.oid) FROM pg_proc q JOIN pg_namespace qn ON qn.oid = q.pronamespace
             WHERE qn.nspname = 'public' AND q.proname = p.proname
               AND pg_get_function_identity_arguments(q.oid) = pg_get_function_identity_arguments(p.oid)) AS installed
         FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
         WHERE n.nspname = '${SCRATCH}' ORDER BY p.proname`,
      )) as { rows: { fn: string; def: string; installed: string | null }[] };
      if (rows.length === 0) throw new Error(`${source.name} defines no function`);
      for (const r of rows) {
        const expected = r.def.replaceAll(`${SCRATCH}.`, 'public.');
        if (r.installed !== expected) drift.push({ source: source.name, fn: r.fn, installed: r.installed, expected });
      }
    } finally {
      await trx.rollback();
    }
  }
  return drift;
}
