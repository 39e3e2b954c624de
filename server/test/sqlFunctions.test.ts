import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentSqlSources, featureSqlFiles, fileSource, functionDrift } from './sqlFunctions';
import { createTestDb, type TestDb } from './testDb';

// Migrations are frozen (migrations/sql holds the SQL each one installed); the features' SQL files are what the
// code calls. A fresh migrate must install exactly those files: a file changed without a new migration fails here.
let db: TestDb;
beforeAll(async () => {
  db = await createTestDb();
});
afterAll(async () => {
  await db?.drop();
});

const MIGRATIONS = resolve(import.meta.dirname, '../../migrations');

describe(`SQL functions after a fresh migrate (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('equal the current SQL files of the features (and the search normaliser)', async () => {
    const sources = currentSqlSources();
    expect(sources.map((s) => s.name)).toEqual(
      expect.arrayContaining([
        'server/features/stock/sql/add_cart_line.sql',
        'server/features/stock/sql/add_cart_lines.sql',
        'server/db/searchNormalizeSql.ts',
      ]),
    );
    expect(await functionDrift(db.knex, sources)).toEqual([]);
  });

  it('a changed file (a temp copy, one line of its body edited) is reported, naming file and function', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sql-drift-'));
    try {
      const original = featureSqlFiles().find((f) => f.endsWith('/add_cart_line.sql')) as string;
      const text = readFileSync(original, 'utf8');
      const changed = text.replace("RAISE EXCEPTION 'soldOut'", "RAISE EXCEPTION 'soldOutNow'");
      expect(changed).not.toBe(text);
      const copy = join(dir, 'add_cart_line.sql');
      writeFileSync(copy, changed);
      const drift = await functionDrift(db.knex, [fileSource(copy)]);
      expect(drift).toHaveLength(1);
      expect(drift[0]).toMatchObject({ fn: 'zoo_add_cart_line', source: expect.stringContaining('add_cart_line.sql') });
      expect(drift[0]?.expected).toContain('soldOutNow');
      expect(drift[0]?.installed).not.toContain('soldOutNow');
      // A comment outside the body is no change to the function.
      writeFileSync(copy, `-- a note\n${text}`);
      expect(await functionDrift(db.knex, [fileSource(copy)])).toEqual([]);
      // The check left nothing behind (its scratch schema is rolled back).
      const { rows } = await db.knex.raw("SELECT 1 FROM pg_namespace WHERE nspname = 'zoo_sql_check'");
      expect(rows).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a database that ran only an earlier frozen copy is reported (the deployed-database case)', async () => {
    const frozen = join(MIGRATIONS, 'sql/20261127000200_add_cart_lines.sql');
    const drift = await functionDrift(db.knex, [fileSource(frozen)]);
    expect(drift.map((d) => d.fn)).toEqual(['zoo_add_cart_lines']);
  });
});

describe('migrations are frozen', () => {
  it('no migration reads the current SQL; each frozen copy belongs to a migration that runs it', () => {
    const migrations = readdirSync(MIGRATIONS).filter((f) => /^\d+_.+\.ts$/.test(f));
    for (const m of migrations) {
      const text = readFileSync(join(MIGRATIONS, m), 'utf8');
      expect(text, m).not.toMatch(/readFileSync|features\/[a-z]+\/sql\/[a-z_]+\.sql'/);
      // Nor today's code: a generator or a table list imported from server/ changes under a deployed database.
      expect(text, m).not.toMatch(/searchNormalizeFunctionSql|from '\.\.\/server\//);
    }
    const stamps = new Set(migrations.map((m) => m.split('_')[0]));
    // One timestamp per migration: two branches each adding one on the same day ran in name order, and a frozen
    // copy named by its timestamp would belong to either.
    expect(stamps.size, 'migrations sharing a timestamp').toBe(migrations.length);
    const copies = readdirSync(join(MIGRATIONS, 'sql'));
    expect(copies.length).toBeGreaterThan(0);
    for (const c of copies) {
      expect(stamps.has(c.split('_')[0] as string), c).toBe(true);
      const migration = migrations.find((m) => m.startsWith(`${c.split('_')[0]}_`)) as string;
      expect(readFileSync(join(MIGRATIONS, migration), 'utf8'), c).toContain(`'${c}'`);
    }
  });
});
