// Stock units: made lazily (a row per item, date and slot). Their held and sold counts are written by the
// ledger (ledger.ts) only.
import type { Knex } from 'knex';

type Db = Knex | Knex.Transaction;

export interface UnitSpec {
  itemId: number;
  date: string;
  timeSlotId: number | null;
  /** 0 general (the default), 1 places set aside for pass holders (migration 20261204000100). */
  pool?: StockPool;
}

export type StockPool = 0 | 1;

export const unitKey = (u: { itemId: number; date: string; timeSlotId: number | null; pool?: StockPool }) =>
  `${u.itemId}|${u.date}|${u.timeSlotId ?? 0}|${u.pool ?? 0}`;

export interface UnitState {
  id: number;
  /** Places left when it was read (a hint: only the conditional UPDATE decides). */
  remaining: number;
}

async function findUnits(db: Db, units: readonly UnitSpec[]): Promise<Map<string, UnitState>> {
  const tuples = units.map(() => '(?::int, ?::date, ?::int, ?::smallint)').join(', ');
  const bindings = units.flatMap((u) => [u.itemId, u.date, u.timeSlotId ?? 0, u.pool ?? 0]);
  const { rows } = (await db.raw(
    `SELECT id, item_id, date::text AS date, COALESCE(time_slot_id, 0) AS slot, pool,
       capacity - sold - held AS remaining
     FROM stock_units WHERE (item_id, date, COALESCE(time_slot_id, 0), pool) IN (${tuples})`,
    bindings,
  )) as { rows: { id: number; item_id: number; date: string; slot: number; pool: number; remaining: number }[] };
  return new Map(
    rows.map((r) => [
      `${r.item_id}|${r.date}|${r.slot}|${r.pool}`,
      { id: Number(r.id), remaining: Number(r.remaining) },
    ]),
  );
}

/**
 * A new stock row's places, from the catalogue as it is now (never from a caller's cached read, whose slot may have
 * changed meanwhile): the item's daily capacity, or the slot's places less those set aside for pass holders (pool
 * 0) or only those (pool 1). The same rule as zoo_add_cart_line (sql/add_cart_line.sql).
 */
const NEW_ROW = `SELECT i.id, v.date, s.id, v.pool,
    CASE WHEN s.id IS NULL THEN CASE WHEN v.pool = 0 THEN i.daily_capacity ELSE 0 END
         WHEN v.pool = 1 THEN s.pass_capacity
         ELSE s.capacity - s.pass_capacity END
  FROM (VALUES %ROWS%) AS v(item_id, date, slot_id, pool)
  JOIN items i ON i.id = v.item_id
  LEFT JOIN item_time_slots s ON s.id = v.slot_id AND s.item_id = i.id
  WHERE v.slot_id IS NULL OR s.id IS NOT NULL`;

/**
 * The stock rows of `units` (same order) with the places they had left when read, creating missing rows with
 * INSERT ... ON CONFLICT DO NOTHING. Needs no transaction: creating a row is idempotent and takes nothing.
 */
export async function ensureStockUnits(db: Db, units: readonly UnitSpec[]): Promise<UnitState[]> {
  if (units.length === 0) return [];
  let found = await findUnits(db, units);
  const missing = units.filter((u) => !found.has(unitKey(u)));
  if (missing.length > 0) {
    await db.raw(
      `INSERT INTO stock_units (item_id, date, time_slot_id, pool, capacity)
       ${NEW_ROW.replace('%ROWS%', missing.map(() => '(?::int, ?::date, ?::int, ?::smallint)').join(', '))}
       ON CONFLICT (item_id, date, (COALESCE(time_slot_id, 0)), pool) DO NOTHING`,
      missing.flatMap((u) => [u.itemId, u.date, u.timeSlotId, u.pool ?? 0]),
    );
    found = await findUnits(db, units);
  }
  return units.map((u) => {
    const state = found.get(unitKey(u));
    if (state === undefined) throw new Error(`stock unit ${unitKey(u)} could not be created`);
    return state;
  });
}
