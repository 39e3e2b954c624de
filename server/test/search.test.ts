import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { normalizeForSearch } from '../../common/search/normalize';
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
    ];
    for (const text of corpus) {
      const { rows } = await db.knex.raw<{ rows: { n: string }[] }>('select zoo_search_normalize(?) as n', [text]);
      expect(rows[0]?.n, text).toBe(normalizeForSearch(text));
    }
  });

  it('keeps search_text up to date on every write', async () => {
    const [row] = await db.knex('parks').select('id').orderBy('id').limit(1);
    await db.knex('parks').update({ name_en: 'Ｓｐｅｃｉａｌ Test Park' }).where({ id: row.id });
    const updated = await db.knex('parks').where({ id: row.id }).first('search_text');
    expect(updated.searchText).toContain('special test park');
  });
});
