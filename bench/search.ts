// Search benchmark: 100,000 items and 10,000 living things in a throwaway PostgreSQL, then p50/p95 latency of
// typical Japanese and English searches (kana, half-width, full-width, partial, two words): items through the
// real HTTP API (server.inject, read cache off), living things too.
// Prints JSON; target: p95 under 50 ms for every query.
//   npm run bench:search
//   BENCH_ITEMS=20000 BENCH_RUNS=20 npm run bench:search
//   BENCH_DATABASE_URL=postgres://… npm run bench:search   (reuse a database: loads it only once, for iterating)
import { randomBytes, randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { LIST_TOTAL_CAP } from '../common/dto/api';
import { seed } from '../seeds/index';
import { rng } from '../seeds/util';
import { loadConfig } from '../server/config';
import { createKnex, toCount } from '../server/db/knex';
import { migrateLatest } from '../server/db/migrate';
import { createServer } from '../server/server';
import { startPostgres } from './lib/postgres';

const ITEMS = Number(process.env.BENCH_ITEMS ?? 100_000);
const LIVING_THINGS = Number(process.env.BENCH_LIVING_THINGS ?? 10_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 40);
const WARMUP = 5;
const BATCH = 1000;
const TARGET_P95_MS = 50;

// ---------------------------------------------------------------------------------------------
// Synthetic catalogue text: names mix hiragana, katakana, kanji and latin like the real one.

/** [katakana, hiragana, English] */
const ANIMALS: [string, string, string][] = [
  ['ペンギン', 'ぺんぎん', 'penguin'],
  ['カピバラ', 'かぴばら', 'capybara'],
  ['パンダ', 'ぱんだ', 'giant panda'],
  ['レッサーパンダ', 'れっさーぱんだ', 'red panda'],
  ['ゾウ', 'ぞう', 'elephant'],
  ['キリン', 'きりん', 'giraffe'],
  ['ライオン', 'らいおん', 'lion'],
  ['トラ', 'とら', 'tiger'],
  ['シャチ', 'しゃち', 'orca'],
  ['イルカ', 'いるか', 'dolphin'],
  ['アシカ', 'あしか', 'sea lion'],
  ['ラッコ', 'らっこ', 'sea otter'],
  ['コアラ', 'こあら', 'koala'],
  ['ホッキョクグマ', 'ほっきょくぐま', 'polar bear'],
  ['ジンベエザメ', 'じんべえざめ', 'whale shark'],
  ['クラゲ', 'くらげ', 'jellyfish'],
  ['カワウソ', 'かわうそ', 'otter'],
  ['フラミンゴ', 'ふらみんご', 'flamingo'],
  ['ゴリラ', 'ごりら', 'gorilla'],
  ['オランウータン', 'おらんうーたん', 'orangutan'],
  ['ミーアキャット', 'みーあきゃっと', 'meerkat'],
  ['カバ', 'かば', 'hippo'],
  ['サイ', 'さい', 'rhino'],
  ['シマウマ', 'しまうま', 'zebra'],
  ['ペリカン', 'ぺりかん', 'pelican'],
  ['アザラシ', 'あざらし', 'seal'],
  ['ベルーガ', 'べるーが', 'beluga'],
  ['ウミガメ', 'うみがめ', 'sea turtle'],
  ['オオサンショウウオ', 'おおさんしょううお', 'giant salamander'],
  ['ハシビロコウ', 'はしびろこう', 'shoebill'],
];

/** [ja, en, category] */
const ACTIVITIES: [string, string, number][] = [
  ['餌やり体験', 'feeding experience', 1],
  ['ふれあいタイム', 'encounter time', 1],
  ['バックヤードツアー', 'backyard tour', 1],
  ['ナイトツアー', 'night tour', 1],
  ['ガイドツアー', 'guided tour', 1],
  ['写真撮影会', 'photo session', 1],
  ['観察会', 'watching session', 1],
  ['早朝見学', 'early-morning visit', 1],
  ['お食事券', 'meal voucher', 4],
  ['ぬいぐるみ引換券', 'plush voucher', 4],
  ['入園券', 'admission ticket', 0],
  ['年間パスポート', 'annual pass', 0],
  ['謎解きクエスト', 'puzzle quest', 2],
  ['スタンプラリー', 'stamp rally', 2],
  ['駐車場利用券', 'car park ticket', 3],
  ['レンタルベビーカー', 'pushchair rental', 5],
];

const PREFIXES: [string, string][] = [
  ['', ''],
  ['', ''],
  ['春の', 'Spring '],
  ['夏休み', 'Summer holiday '],
  ['冬季限定 ', 'Winter-only '],
  ['週末限定 ', 'Weekend '],
  ['こども向け ', 'Kids’ '],
  ['親子で楽しむ ', 'Family '],
  ['プレミアム ', 'Premium '],
  ['ＺＯＯ ', 'ZOO '],
  ['Night ZOO ', 'Night ZOO '],
  ['AQUA ', 'AQUA '],
];

const PLACES = [
  '森のゾーン',
  '海のエリア',
  '北園',
  '本館2階',
  'サバンナ広場',
  '水辺の広場',
  'ふれあい牧場',
  '大水槽前',
];
const PLACES_EN = ['forest zone', 'ocean area', 'north garden', 'main building 2F', 'savanna plaza', 'waterside'];

const pick = <T>(r: () => number, list: readonly T[]): T => list[Math.floor(r() * list.length)] as T;

function itemText(i: number) {
  const r = rng(`bench-item-${i}`);
  const [kata, hira, en] = pick(r, ANIMALS);
  const [actJa, actEn, category] = pick(r, ACTIVITIES);
  const [preJa, preEn] = pick(r, PREFIXES);
  const [kata2, , en2] = pick(r, ANIMALS);
  const animalJa = r() < 0.2 ? hira : kata;
  const nameJa = r() < 0.5 ? `${preJa}${animalJa}の${actJa}` : `${preJa}${actJa}「${animalJa}と${kata2}」`;
  const nameEn = `${preEn}${en} ${actEn}`.replace(/^./, (c) => c.toUpperCase());
  const place = pick(r, PLACES);
  const descriptionJa = `${place}で${kata}や${kata2}の暮らしを間近で観察できます。飼育員が${hira}の食事や健康管理について解説します。所要時間は約${20 + Math.floor(r() * 60)}分、定員${10 + Math.floor(r() * 40)}名です。`;
  const descriptionEn = `Watch the ${en} and the ${en2} up close in the ${pick(r, PLACES_EN)}. A keeper explains how they are fed and cared for. About ${20 + Math.floor(r() * 60)} minutes.`;
  return { nameJa, nameEn, descriptionJa, descriptionEn, category, r };
}

function livingThingText(i: number) {
  const r = rng(`bench-lt-${i}`);
  const [kata, hira, en] = pick(r, ANIMALS);
  const variety = pick(r, [
    '',
    'ニホン',
    'アフリカ',
    'アメリカ',
    'ミナミ',
    'キタ',
    'オオ',
    'コ',
    'ヒメ',
    'シロ',
    'クロ',
  ]);
  const varietyEn = pick(r, ['', 'Japanese ', 'African ', 'American ', 'southern ', 'northern ', 'great ', 'lesser ']);
  return {
    nameJa: `${variety}${kata}${i % 7 === 0 ? `（${i}）` : ''}`,
    nameEn: `${varietyEn}${en}`,
    nameKana: `${variety}${hira}`,
    classificationJa: pick(r, [
      '哺乳綱 食肉目',
      '鳥綱 ペンギン目',
      '哺乳綱 偶蹄目',
      '軟骨魚綱 テンジクザメ目',
      '両生綱 有尾目',
    ]),
    habitatJa: pick(r, [
      '南極周辺の海',
      'アフリカのサバンナ',
      '南米の水辺',
      '日本の河川',
      '熱帯の森林',
      '北極圏の氷上',
    ]),
    descriptionJa: `${kata}の仲間です。${hira}は群れで暮らし、一日の多くを食事に使います。`,
    descriptionEn: `A relative of the ${en}. They live in groups and spend much of the day feeding.`,
  };
}

// ---------------------------------------------------------------------------------------------
// Loading

async function loadItems(knex: Knex, count: number) {
  const parks = (await knex('parks').select('id').orderBy('id')) as { id: number }[];
  const labels = [4, 4, 4, 4, 4, 4, 3, 2, 5, 99];
  for (let start = 0; start < count; start += BATCH) {
    const rows = [];
    for (let i = start; i < Math.min(count, start + BATCH); i++) {
      const t = itemText(i);
      rows.push({
        code: `bench-item-${i}`,
        park_id: pick(t.r, parks).id,
        category: t.category,
        name_ja: t.nameJa,
        name_en: t.nameEn,
        description_ja: t.descriptionJa,
        description_en: t.descriptionEn,
        sale_label: pick(t.r, labels),
        combination_label: 99,
        usage_trigger: 1,
        available_from: '2026-01-01',
        available_until: '2030-12-31',
        image_url: '/media/items/bench.svg',
        is_private: t.r() < 0.02,
        link_id: randomUUID(),
      });
    }
    await knex('items').insert(rows);
  }
  // A basic plan with two prices and a tag for every synthetic item, as the real ones have.
  await knex.raw(`INSERT INTO item_plans (item_id, kind, name_ja, name_en, sort)
    SELECT id, 'basic', '基本プラン', 'Standard', 0 FROM items WHERE code LIKE 'bench-item-%'`);
  await knex.raw(`INSERT INTO item_plan_prices (item_plan_id, age_group_id, price)
    SELECT p.id, g.id, 500 + (p.id % 20) * 100 * g.id FROM item_plans p
    JOIN items i ON i.id = p.item_id AND i.code LIKE 'bench-item-%'
    CROSS JOIN (VALUES (2), (5)) AS g(id)`);
  await knex.raw(`INSERT INTO item_tags (item_id, tag_id)
    SELECT i.id, t.id FROM items i JOIN tags t ON t.id = (SELECT min(id) FROM tags) + i.id % (SELECT count(*) FROM tags)
    WHERE i.code LIKE 'bench-item-%'`);
}

async function loadLivingThings(knex: Knex, count: number) {
  for (let start = 0; start < count; start += BATCH) {
    const rows = [];
    for (let i = start; i < Math.min(count, start + BATCH); i++) {
      const t = livingThingText(i);
      rows.push({
        code: `bench-lt-${i}`,
        name_ja: t.nameJa,
        name_en: t.nameEn,
        name_kana: t.nameKana,
        classification_ja: t.classificationJa,
        habitat_ja: t.habitatJa,
        diet_ja: '魚類、甲殻類',
        description_ja: t.descriptionJa,
        description_en: t.descriptionEn,
        image_url: '/media/species/bench.svg',
      });
    }
    await knex('living_things').insert(rows);
  }
}

// ---------------------------------------------------------------------------------------------
// Measuring

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

async function measure(run: () => Promise<number>) {
  for (let i = 0; i < WARMUP; i++) await run();
  const times: number[] = [];
  let hits = 0;
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    hits = await run();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  const round = (n: number) => Math.round(n * 10) / 10;
  return { p50: round(percentile(times, 50)), p95: round(percentile(times, 95)), hits };
}

const ITEM_QUERIES = [
  'ぺんぎん',
  'ペンギン',
  'ｶﾋﾟﾊﾞﾗ',
  'ＰＡＮＤＡ',
  'ナイト',
  '餌やり',
  'backyard tour',
  'ペンギン 餌やり',
  'ゾウ',
  'ぬいぐるみ',
];
const LIVING_THING_QUERIES = ['ぺんぎん', 'ペンギン', 'ｶﾋﾟﾊﾞﾗ', 'ＰＡＮＤＡ', 'ホッキョク', 'polar bear', 'サメ'];

const reused = process.env.BENCH_DATABASE_URL;
const pg = reused ? { url: reused, stop() {} } : startPostgres();
const knex = createKnex({ databaseUrl: pg.url, poolMax: 10 });
try {
  const t0 = performance.now();
  await migrateLatest(knex);
  const loaded = await knex('items').where('code', 'like', 'bench-item-%').count({ n: '*' }).first();
  if (toCount((loaded as { n: unknown } | undefined)?.n) < ITEMS) {
    await seed(knex);
    await loadItems(knex, ITEMS);
    await loadLivingThings(knex, LIVING_THINGS);
  }
  await knex.raw('VACUUM ANALYZE');
  const loadSeconds = Math.round((performance.now() - t0) / 100) / 10;

  const config = loadConfig({
    NODE_ENV: 'test',
    APP_SECRET: randomBytes(32).toString('hex'),
    LOG_LEVEL: 'silent',
    PORT: '0',
    CATALOGUE_CACHE_MS: '0',
    DATABASE_URL: pg.url,
  });
  const server = await createServer(config, { knex, closeDbOnStop: false });
  await server.initialize();

  const queries: { query: string; via: string; p50: number; p95: number; hits: number }[] = [];
  const viaApi = async (label: string, url: string) => {
    const figures = await measure(async () => {
      const res = await server.inject({ method: 'GET', url, headers: { 'accept-language': 'ja' } });
      if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.payload}`);
      return (JSON.parse(res.payload) as { meta: { total: number } }).meta.total;
    });
    queries.push({ query: label, via: `GET ${url.split('?')[0]}`, ...figures });
  };
  for (const keyword of ITEM_QUERIES) {
    await viaApi(keyword, `/api/v1/items?keyword=${encodeURIComponent(keyword)}&per_page=20`);
  }
  // The heaviest item searches the PWA sends: the date tab with a keyword, and the default tab with none.
  await viaApi(
    'ペンギン (date tab, 3 dates)',
    `/api/v1/items?tab=date&dates[]=2027-05-03&dates[]=2027-05-04&dates[]=2027-05-05&keyword=${encodeURIComponent('ペンギン')}`,
  );
  await viaApi('(available tab, no keyword)', '/api/v1/items?tab=available&per_page=20');
  await viaApi('ペンギン (page 3)', `/api/v1/items?keyword=${encodeURIComponent('ペンギン')}&per_page=20&page=3`);

  for (const keyword of LIVING_THING_QUERIES) {
    await viaApi(keyword, `/api/v1/living-things?keyword=${encodeURIComponent(keyword)}&per_page=20`);
  }
  await server.stop();

  const [itemCount, livingCount] = await Promise.all([
    knex('items').count({ n: '*' }).first(),
    knex('living_things').count({ n: '*' }).first(),
  ]);
  const ok = queries.every((q) => q.p95 < TARGET_P95_MS);
  console.log(
    JSON.stringify(
      {
        benchmark: 'search',
        database: 'postgresql 15 (throwaway)',
        rows: {
          items: toCount((itemCount as { n: unknown }).n),
          livingThings: toCount((livingCount as { n: unknown }).n),
        },
        loadSeconds,
        runsPerQuery: RUNS,
        // `hits` is the API's meta.total: lists count at most this many matches (server/lib/search.ts).
        listTotalCap: LIST_TOTAL_CAP,
        queries,
        target: { p95Ms: TARGET_P95_MS },
        ok,
      },
      null,
      2,
    ),
  );
  process.exitCode = ok ? 0 : 1;
} finally {
  await knex.destroy();
  pg.stop();
}
