// Lottery draw benchmark: 50,000 entries (parties of 1 to 4, up to 3 choices over 10 dates) for 2,000 places
// (200 a date) on PostgreSQL: closing the entries (commitments) and the draw itself (ranking, allocation, holds
// for the winners through the ledger, every entry's rank and result written). Prints JSON; target: draw < 10 s.
//   npm run bench:lottery          (a throwaway PostgreSQL 15, or DATABASE_URL; BENCH_ENTRIES to change the size)
import { randomUUID } from 'node:crypto';
import knexFactory from 'knex';
import { addDays, tokyoDate } from '../common/time';
import { seed } from '../seeds/index';
import { createKnex } from '../server/db/knex';
import { migrateLatest } from '../server/db/migrate';
import { closeEntries } from '../server/features/lottery/services/closeEntries';
import { drawLottery } from '../server/features/lottery/services/drawLottery';
import { startPostgres } from './lib/postgres';

const ENTRIES = Number(process.env.BENCH_ENTRIES ?? 50_000);
const DATES = 10;
const PER_DATE = 200;
const TARGET_MS = 10_000;

const pg = process.env.DATABASE_URL ? null : startPostgres();
const dbName = `zoo_lottery_${randomUUID().slice(0, 8)}`;
const rootUrl = process.env.DATABASE_URL ?? pg?.url ?? '';
const u = new URL(rootUrl);
u.pathname = `/${dbName}`;
const admin = knexFactory({ client: 'pg', connection: rootUrl, pool: { min: 0, max: 1 } });
await admin.raw(`CREATE DATABASE ${dbName}`);
const knex = createKnex({ databaseUrl: u.toString(), poolMax: 2 });

try {
  await migrateLatest(knex);
  await seed(knex);
  const today = tokyoDate();
  const park = (await knex('parks').where('is_private', false).orderBy('id').first('id')).id as number;
  const [item] = await knex('items')
    .insert({
      code: `bench-lottery-${randomUUID()}`,
      park_id: park,
      category: 1,
      name_ja: '抽選ベンチ',
      name_en: 'Lottery bench',
      description_ja: 'ベンチ用',
      sale_label: 4,
      combination_label: 99,
      usage_trigger: 1,
      lottery: true,
      available_from: today,
      available_until: addDays(today, 60),
      daily_capacity: PER_DATE,
      image_url: '/media/test.svg',
      link_id: randomUUID(),
    })
    .returning('id');
  const now = new Date();
  const [lottery] = await knex('lotteries')
    .insert({
      item_id: item.id,
      use_from: addDays(today, 10),
      use_to: addDays(today, 10 + DATES - 1),
      entry_opens_at: new Date(now.getTime() - 86_400_000),
      entry_closes_at: new Date(now.getTime() - 2000),
      draw_at: new Date(now.getTime() - 1000),
      announce_at: new Date(now.getTime() - 1000),
      purchase_deadline: new Date(now.getTime() + 86_400_000),
    })
    .returning('id');
  // Entrants, their authorised orders and entries, made in bulk by SQL.
  await knex.raw(
    `INSERT INTO users (email, name, email_verified_at)
     SELECT 'bench-' || g || '-' || ? || '@example.jp', 'bench', now() FROM generate_series(1, ?) g`,
    [dbName, ENTRIES],
  );
  await knex.raw(
    `INSERT INTO orders (user_id, park_id, kind, order_type, state, subtotal, total, payment_method, payment_mode,
       ordered_at, source, application_number)
     SELECT u.id, ?, 1, 0, 'authorized', 0, 0, 4, 2, now(), 'lottery', 'BENCH-' || u.id
     FROM users u WHERE u.email LIKE ?`,
    [park, `bench-%-${dbName}@example.jp`],
  );
  await knex.raw(
    `INSERT INTO lottery_entries (lottery_id, user_id, order_id, party, choices, state)
     SELECT ?, o.user_id, o.id, 1 + (o.id % 4),
       (SELECT jsonb_agg(jsonb_build_object('date', (?::date + ((o.id * 7 + k * 3) % ?))::text, 'slotId', NULL))
        FROM generate_series(0, (o.id % 3)) k), 'entered'
     FROM orders o WHERE o.application_number LIKE 'BENCH-%'`,
    [lottery.id, addDays(today, 10), DATES],
  );

  const t0 = performance.now();
  await closeEntries(knex, lottery.id, new Date());
  const t1 = performance.now();
  const summary = await drawLottery(knex, lottery.id, new Date());
  const t2 = performance.now();
  const units = await knex('stock_units').where({ item_id: item.id }).select('capacity', 'held', 'sold');
  const over = units.filter((x) => x.held + x.sold > x.capacity).length;
  const drawMs = Math.round(t2 - t1);
  console.log(
    JSON.stringify(
      {
        bench: 'lottery-draw',
        database: 'postgresql',
        entries: summary?.entries,
        places: DATES * PER_DATE,
        winners: summary?.winners,
        losers: summary?.losers,
        placesHeld: units.reduce((n, x) => n + x.held, 0),
        overCapacity: over,
        closeMs: Math.round(t1 - t0),
        drawMs,
        targetMs: TARGET_MS,
        met: drawMs < TARGET_MS && over === 0,
      },
      null,
      2,
    ),
  );
} finally {
  await knex.destroy();
  await admin.raw(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => undefined);
  await admin.destroy();
  pg?.stop();
}
