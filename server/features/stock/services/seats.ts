// Seats of items with seat selection: the map (item_seats) and who holds which seat on a unit (seat_holds, one
// row per unit and seat: the unique key makes a double booking impossible).
import type { Knex } from 'knex';
import type { SeatState } from '../../../../common/dto/cart';
import { DomainError } from '../../../lib/errors';

type Db = Knex | Knex.Transaction;

/** Seat ids of the codes (same order); an unknown code is a 400. */
export async function seatIdsOf(db: Db, itemId: number, codes: readonly string[]): Promise<number[]> {
  if (codes.length === 0) return [];
  const rows = (await db('item_seats')
    .where('item_id', itemId)
    .whereIn('seat_code', codes)
    .select('id', 'seat_code')) as { id: number; seatCode: string }[];
  const byCode = new Map(rows.map((r) => [r.seatCode, r.id]));
  return codes.map((c) => {
    const id = byCode.get(c);
    if (id === undefined) throw new DomainError('seatUnknown');
    return id;
  });
}

/**
 * Takes seats of a unit for a hold: one INSERT ... ON CONFLICT DO NOTHING. If any seat is already held or sold
 * (by someone else, or by a hold whose deadline passed and is not yet swept), nothing is kept: a 409 "the seat
 * reservation deadline has passed, select again" and the caller's transaction rolls back.
 */
export async function holdSeats(
  trx: Knex.Transaction,
  stockUnitId: number,
  stockHoldId: number,
  seatIds: readonly number[],
): Promise<void> {
  if (seatIds.length === 0) return;
  const ids = [...seatIds].sort((a, b) => a - b);
  const { rows } = (await trx.raw(
    `INSERT INTO seat_holds (stock_unit_id, seat_id, stock_hold_id)
     VALUES ${ids.map(() => '(?, ?, ?)').join(', ')}
     ON CONFLICT (stock_unit_id, seat_id) DO NOTHING RETURNING seat_id`,
    ids.flatMap((id) => [stockUnitId, id, stockHoldId]),
  )) as { rows: unknown[] };
  if (rows.length !== ids.length) throw new DomainError('seatDeadlinePassed');
}

/** Frees some seats of a hold. */
export async function freeSeats(trx: Knex.Transaction, stockHoldId: number, seatIds: readonly number[]): Promise<void> {
  if (seatIds.length === 0) return;
  await trx('seat_holds').where('stock_hold_id', stockHoldId).whereIn('seat_id', seatIds).del();
}

/** The seat map of an item with each seat's state on one unit (null: nothing taken yet). */
export async function seatStates(db: Db, itemId: number, stockUnitId: number | null): Promise<SeatState[]> {
  const rows = (await db('item_seats as s')
    .where('s.item_id', itemId)
    .modify((q) => {
      if (stockUnitId === null) q.select(db.raw('false as taken'));
      else {
        q.select(
          db.raw('EXISTS (SELECT 1 FROM seat_holds sh WHERE sh.seat_id = s.id AND sh.stock_unit_id = ?) as taken', [
            stockUnitId,
          ]),
        );
      }
    })
    .orderBy('s.sort')
    .select({ code: 's.seat_code', row: 's.row_label', number: 's.number' })) as SeatState[];
  return rows.map((r) => ({ code: r.code, row: r.row, number: r.number, taken: Boolean(r.taken) }));
}
