import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { normalizeForSearch } from '../../common/search/normalize';
import { up as mendSearchNormalize } from '../../migrations/20261127000300_search_normalize_question_mark';
import { searchNormalizeFunctionSql } from '../db/searchNormalizeSql';
import { createTestDb, type TestDb } from './testDb';

let db: TestDb;
beforeAll(async () => {
  db = await createTestDb();
});
afterAll(async () => {
  await db?.drop();
});

describe('search normalisation in SQL', () => {
  it('gives exactly what common/search/normalize.ts gives', async () => {
    const corpus = [
      'ぺんぎん',
      'フンボルトペンギン',
      'ｶﾋﾟﾊﾞﾗ',
      'ＰＡＮＤＡ　Red Panda',
      'コアラー',
      'ナイト・ZOO！　2026',
      '「ふれあい」体験（小学生以上）',
      'Ueno Zoo / 上野動物園',
      'ゔぁいおりん ～ ヴァイオリン',
      '  spaces   everywhere  ',
      // Every printable ASCII character and every digit: the SQL function once took `?` for a query binding
      // (knex wrote `$1` in its place), so it dropped `1` and `$` and kept `?`.
      ` !"#$%&'()*+,-./0123456789:;<=>?@ABCXYZ[\\]^_\`abcxyz{|}~`,
      '夜の探検ツアー mwylu1cm',
      '第1駐車場？ $100?',
    ];
    for (const text of corpus) {
      const { rows } = await db.knex.raw<{ rows: { n: string }[] }>('select zoo_search_normalize(?) as n', [text]);
      expect(rows[0]?.n, text).toBe(normalizeForSearch(text));
    }
  });

  it('the mending migration writes again the search text the old function stored without its 1s', async () => {
    const [row] = await db.knex('items').select('id').orderBy('id').limit(1);
    // The old function: its `?` sent bare, so knex wrote `$1` in its place.
    await db.knex.raw(searchNormalizeFunctionSql().replace(/\\\?/g, '?'));
    await db.knex('items').update({ name_en: 'Gate 1 pass?' }).where({ id: row.id });
    const broken = await db.knex('items').where({ id: row.id }).first('search_text');
    expect(broken.searchText).toContain('gate pass?');
    await mendSearchNormalize(db.knex);
    const mended = await db.knex('items').where({ id: row.id }).first('search_text');
    expect(mended.searchText).toContain('gate 1 pass');
    expect(mended.searchText).toContain(normalizeForSearch('Gate 1 pass?'));
  });

  it('keeps search_text up to date on every write', async () => {
    const [row] = await db.knex('parks').select('id').orderBy('id').limit(1);
    await db.knex('parks').update({ name_en: 'Ｓｐｅｃｉａｌ Test Park' }).where({ id: row.id });
    const updated = await db.knex('parks').where({ id: row.id }).first('search_text');
    expect(updated.searchText).toContain('special test park');
  });
});
