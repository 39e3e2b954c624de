// The stock ledger: the ONLY writer of stock_units.held and stock_units.sold (its SQL half is the add-to-cart
// function in sql/add_cart_line.sql). Every way stock is taken or given back comes through here: hold (the add
// function), resize, release and expire (cart), sell (payment confirmed), sell again from free places (a late
// payment), give back sold places (cancellation). A structural test fails if any other file writes those columns.
//
// Lock order, the same for every caller (server/features/carts/cartPath.ts takes the first ones):
//   payments -> orders -> carts -> cart_lines -> stock_holds -> seat_holds -> stock_units.
// stock_units are touched last, one conditional UPDATE per row in id order, so their locks (the hot ones in a
// flash sale) are held only until the commit right after. `sold + held <= capacity` is also a CHECK on the table.
import type { Knex } from 'knex';
import { DomainError } from '../../lib/errors';
import { auditHolds, type HoldAction, type HoldAuditEntry } from './audit';

/** A hold that is not (or no longer) held: it expired, was released, was already sold, or does not exist. */
export class HoldNotHeldError extends Error {
  constructor(
    readonly holdIds: number[],
    readonly states: Record<number, string>,
  ) {
    super(`holds not held: ${holdIds.map((id) => `${id} (${states[id] ?? 'missing'})`).join(', ')}; nothing was sold`);
    this.name = 'HoldNotHeldError';
  }
}

export interface LockedHold {
  id: number;
  stockUnitId: number;
  quantity: number;
  state: string;
  cartLineId: number | null;
}

const HOLD_COLUMNS = ['id', 'stock_unit_id', 'quantity', 'state', 'cart_line_id'];
const distinctSorted = (ids: readonly (number | string)[]) => [...new Set(ids.map(Number))].sort((a, b) => a - b);

/** Quantities per stock unit, summed. */
export function addTo(map: Map<number, number>, unitId: number, quantity: number): Map<number, number> {
  map.set(unitId, (map.get(unitId) ?? 0) + quantity);
  return map;
}

function perUnitOf(holds: readonly { stockUnitId: number | string; quantity: number }[]): Map<number, number> {
  const perUnit = new Map<number, number>();
  for (const h of holds) addTo(perUnit, Number(h.stockUnitId), h.quantity);
  return perUnit;
}

// The five statements that write stock; each answers a row only when it applied. Bound with :q and :id.
const TAKE = 'UPDATE stock_units SET held = held + :q WHERE id = :id AND sold + held + :q <= capacity RETURNING id';
const GIVE_BACK = 'UPDATE stock_units SET held = held - :q WHERE id = :id AND held >= :q RETURNING id';
const SELL = 'UPDATE stock_units SET held = held - :q, sold = sold + :q WHERE id = :id AND held >= :q RETURNING id';
const SELL_FREE =
  'UPDATE stock_units SET sold = sold + :q WHERE id = :id AND sold + held + :q <= capacity RETURNING id';
const UNSELL = 'UPDATE stock_units SET sold = sold - :q WHERE id = :id AND sold >= :q RETURNING id';

/** One statement per unit, in id order; a unit the statement refuses throws `onRefused`. */
async function eachUnit(
  trx: Knex.Transaction,
  perUnit: Map<number, number>,
  sql: string,
  onRefused: (unitId: number, q: number) => Error,
): Promise<void> {
  for (const id of [...perUnit.keys()].sort((a, b) => a - b)) {
    const q = perUnit.get(id) ?? 0;
    if (q === 0) continue;
    const { rows } = (await trx.raw(sql, { q, id })) as { rows: unknown[] };
    if (rows.length === 0) throw onRefused(id, q);
  }
}

/**
 * Take (positive) or give back (negative) held stock, one atomic statement per unit, in id order. Taking is
 * conditional (`sold + held + q <= capacity`): when any unit has too few places left, a 409 "sold out" is thrown
 * and the caller's transaction rolls back. Call it last in the transaction.
 */
export async function changeHeld(trx: Knex.Transaction, deltas: Map<number, number>): Promise<void> {
  const ids = [...deltas.keys()].sort((a, b) => a - b);
  for (const id of ids) {
    const q = deltas.get(id) ?? 0;
    const one = new Map([[id, Math.abs(q)]]);
    if (q > 0) await eachUnit(trx, one, TAKE, () => new DomainError('soldOut'));
    else if (q < 0) {
      await eachUnit(trx, one, GIVE_BACK, (u, n) => new Error(`stock unit ${u} holds fewer than ${n}`));
    }
  }
}

/** The holds with these ids, locked (FOR UPDATE) in id order. */
export async function lockHolds(trx: Knex.Transaction, holdIds: readonly (number | string)[]): Promise<LockedHold[]> {
  const ids = distinctSorted(holdIds);
  if (ids.length === 0) return [];
  const rows = (await trx('stock_holds')
    .whereIn('id', ids)
    .orderBy('id')
    .forUpdate()
    .select(HOLD_COLUMNS)) as LockedHold[];
  return rows.map((h) => ({ ...h, id: Number(h.id), stockUnitId: Number(h.stockUnitId) }));
}

/**
 * The live holds of cart lines, locked in id order. With `skipLocked`, holds someone else is busy with are left
 * out (the expiry sweep: it takes them on its next run).
 */
export async function lockLineHolds(
  trx: Knex.Transaction,
  lineIds: readonly number[],
  options: { skipLocked?: boolean } = {},
): Promise<LockedHold[]> {
  if (lineIds.length === 0) return [];
  const rows = (await trx('stock_holds')
    .whereIn('cart_line_id', lineIds)
    .where('state', 'held')
    .orderBy('id')
    .forUpdate()
    .modify((q) => {
      if (options.skipLocked) q.skipLocked();
    })
    .select(HOLD_COLUMNS)) as LockedHold[];
  return rows.map((h) => ({ ...h, id: Number(h.id), stockUnitId: Number(h.stockUnitId) }));
}

/**
 * Locked holds get new quantities (a cart line grew or shrank): the hold rows and their audit, then the stock rows
 * by the difference, last. Growing is conditional: too few places left is a 409 sold out.
 */
export async function resizeHolds(
  trx: Knex.Transaction,
  changes: readonly { hold: LockedHold; to: number; cartLineId: number }[],
  actorUserId: number | null,
): Promise<void> {
  const deltas = new Map<number, number>();
  const audits: HoldAuditEntry[] = [];
  for (const { hold, to, cartLineId } of changes) {
    if (to === hold.quantity) continue;
    if (to <= 0) throw new Error(`hold ${hold.id} cannot be resized to ${to}`);
    await trx('stock_holds').where('id', hold.id).update({ quantity: to, updated_at: trx.fn.now() });
    addTo(deltas, hold.stockUnitId, to - hold.quantity);
    audits.push({
      holdId: hold.id,
      action: to > hold.quantity ? 'increased' : 'decreased',
      actorUserId,
      data: { stockUnitId: hold.stockUnitId, from: hold.quantity, to, cartLineId },
    });
  }
  await auditHolds(trx, audits);
  await changeHeld(trx, deltas);
}

/**
 * Turns holds into sold stock atomically: for each hold `held -= q, sold += q` on its stock row, the hold and its
 * seats become 'sold'. Throws HoldNotHeldError (nothing changed by this call) if any hold is not held any more.
 * A hold past its deadline that the expiry job has not released yet is still held and can be sold: its places
 * were never given to anyone else. Call it inside the payment-confirmation transaction.
 */
export async function sellHolds(
  trx: Knex.Transaction,
  holdIds: readonly (number | string)[],
  options: { actorUserId?: number | null } = {},
): Promise<LockedHold[]> {
  const ids = distinctSorted(holdIds);
  if (ids.length === 0) return [];
  const holds = await lockHolds(trx, ids);
  const states: Record<number, string> = Object.fromEntries(holds.map((h) => [h.id, h.state]));
  const bad = ids.filter((id) => states[id] !== 'held');
  if (bad.length > 0) throw new HoldNotHeldError(bad, states);

  await trx('stock_holds').whereIn('id', ids).update({ state: 'sold', updated_at: trx.fn.now() });
  await trx('seat_holds').whereIn('stock_hold_id', ids).update({ state: 'sold' });
  await auditHolds(
    trx,
    holds.map((h) => ({
      holdId: h.id,
      action: 'sold' as const,
      actorUserId: options.actorUserId ?? null,
      data: { stockUnitId: h.stockUnitId, quantity: h.quantity },
    })),
  );
  await eachUnit(
    trx,
    perUnitOf(holds),
    SELL,
    (u, q) => new Error(`stock unit ${u} holds fewer than ${q}: cannot sell`),
  );
  return holds.map((h) => ({ ...h, state: 'sold' }));
}

/**
 * Gives locked, still-held holds back to stock: their seats are freed, the hold gets `state`, the stock rows
 * `held -= q` (id order). Holds in other states are left alone. Returns the ids that were released.
 */
export async function releaseLockedHolds(
  trx: Knex.Transaction,
  holds: readonly LockedHold[],
  state: 'released' | 'expired',
  actorUserId: number | null = null,
): Promise<number[]> {
  const live = holds.filter((h) => h.state === 'held');
  if (live.length === 0) return [];
  const ids = live.map((h) => h.id);
  await trx('seat_holds').whereIn('stock_hold_id', ids).del();
  await trx('stock_holds').whereIn('id', ids).update({ state, updated_at: trx.fn.now() });
  const action: HoldAction = state;
  await auditHolds(
    trx,
    live.map((h) => ({
      holdId: h.id,
      action,
      actorUserId,
      data: { stockUnitId: h.stockUnitId, quantity: h.quantity, cartLineId: h.cartLineId },
    })),
  );
  await eachUnit(trx, perUnitOf(live), GIVE_BACK, (u, q) => new Error(`stock unit ${u} holds fewer than ${q}`));
  return ids;
}

/**
 * Gives holds back to stock (e.g. a failed or abandoned payment). Idempotent: holds that are no longer held
 * (sold, released, expired, missing) are skipped. Returns the ids that were released.
 */
export async function releaseHolds(
  trx: Knex.Transaction,
  holdIds: readonly (number | string)[],
  options: { actorUserId?: number | null } = {},
): Promise<number[]> {
  const holds = await lockHolds(trx, holdIds);
  return releaseLockedHolds(trx, holds, 'released', options.actorUserId ?? null);
}

export interface FreeSale {
  stockUnitId: number;
  quantity: number;
  /** Seat ids (item_seats.id) the sale needs, if the item has seat selection. */
  seatIds: number[];
}

/**
 * Sells places straight from what is free (a payment that arrived after its holds were given back): per unit a
 * new hold row in state 'sold' (so seats and the audit have something to point at), its seats, then `sold += q`
 * only where `sold + held + q <= capacity`. Answers the new hold ids, or null when the places or seats are gone;
 * then nothing was written that the caller's transaction keeps: it must roll back to its savepoint (the function
 * runs in one of its own).
 */
export async function sellFromFree(
  trx: Knex.Transaction,
  sales: readonly FreeSale[],
  actorUserId: number | null,
): Promise<number[] | null> {
  const sorted = [...sales].filter((s) => s.quantity > 0).sort((a, b) => a.stockUnitId - b.stockUnitId);
  try {
    return await trx.transaction(async (sp) => {
      const holdIds: number[] = [];
      for (const s of sorted) {
        const [hold] = (await sp('stock_holds')
          .insert({ stock_unit_id: s.stockUnitId, quantity: s.quantity, state: 'sold', expires_at: sp.fn.now() })
          .returning('id')) as { id: number }[];
        const holdId = Number(hold?.id);
        holdIds.push(holdId);
        if (s.seatIds.length) {
          const { rows } = (await sp.raw(
            `INSERT INTO seat_holds (stock_unit_id, seat_id, stock_hold_id, state)
             SELECT ?, s::int, ?, 'sold' FROM unnest(string_to_array(?, ',')) AS s
             ON CONFLICT (stock_unit_id, seat_id) DO NOTHING RETURNING seat_id`,
            [s.stockUnitId, holdId, s.seatIds.join(',')],
          )) as { rows: unknown[] };
          if (rows.length !== s.seatIds.length) throw new DomainError('soldOut');
        }
        await auditHolds(sp, [
          {
            holdId,
            action: 'sold',
            actorUserId,
            data: { stockUnitId: s.stockUnitId, quantity: s.quantity, late: true },
          },
        ]);
      }
      const perUnit = perUnitOf(sorted);
      await eachUnit(sp, perUnit, SELL_FREE, () => new DomainError('soldOut'));
      return holdIds;
    });
  } catch (err) {
    if (err instanceof DomainError && err.key === 'soldOut') return null;
    throw err;
  }
}

/**
 * Holds places from what is free for a party that has no cart line (a lottery win waiting for its capture, a
 * waitlist offer): per unit a hold row in state 'held' with the deadline, then `held += q` where the places are
 * there. Answers the hold ids, or null when the places are gone (nothing kept: it runs in its own savepoint).
 * The caller gives them back with releaseHolds or sells them with sellHolds.
 */
export async function holdFree(
  trx: Knex.Transaction,
  units: readonly { stockUnitId: number; quantity: number }[],
  expiresAt: Date,
  actorUserId: number | null,
): Promise<number[] | null> {
  const sorted = [...units].filter((u) => u.quantity > 0).sort((a, b) => a.stockUnitId - b.stockUnitId);
  try {
    return await trx.transaction(async (sp) => {
      const holdIds: number[] = [];
      for (const u of sorted) {
        const [hold] = (await sp('stock_holds')
          .insert({ stock_unit_id: u.stockUnitId, quantity: u.quantity, state: 'held', expires_at: expiresAt })
          .returning('id')) as { id: number }[];
        holdIds.push(Number(hold?.id));
      }
      await auditHolds(
        sp,
        sorted.map((u, i) => ({
          holdId: holdIds[i] as number,
          action: 'created' as const,
          actorUserId,
          data: { stockUnitId: u.stockUnitId, quantity: u.quantity, until: expiresAt.toISOString() },
        })),
      );
      await eachUnit(sp, perUnitOf(sorted), TAKE, () => new DomainError('soldOut'));
      return holdIds;
    });
  } catch (err) {
    if (err instanceof DomainError && err.key === 'soldOut') return null;
    throw err;
  }
}

/** Cancelled tickets give their places back: `sold -= n` per unit (id order) and their seats are freed. */
export async function returnSold(
  trx: Knex.Transaction,
  units: readonly { stockUnitId: number; quantity: number; seatIds: number[] }[],
): Promise<void> {
  const perUnit = new Map<number, number>();
  for (const u of units) {
    addTo(perUnit, u.stockUnitId, u.quantity);
    if (u.seatIds.length) {
      await trx('seat_holds').where({ stock_unit_id: u.stockUnitId }).whereIn('seat_id', u.seatIds).del();
    }
  }
  await eachUnit(trx, perUnit, UNSELL, (u, q) => new Error(`stock unit ${u} has fewer than ${q} sold`));
}

/** A stock row's counts after a capacity change. */
export interface UnitCounts {
  capacity: number;
  sold: number;
  held: number;
}

/**
 * Staff set a stock row's capacity (the back office). One conditional UPDATE: it never goes below the places
 * sold and held at that moment (a concurrent hold either lands before and is counted, or after and sees the new
 * capacity). Refused with 409 capacityBelowTaken naming how many places are taken.
 */
export async function setCapacity(trx: Knex.Transaction, unitId: number, capacity: number): Promise<UnitCounts> {
  const { rows } = (await trx.raw(
    'UPDATE stock_units SET capacity = ? WHERE id = ? AND sold + held <= ? RETURNING capacity, sold, held',
    [capacity, unitId, capacity],
  )) as { rows: UnitCounts[] };
  const row = rows[0];
  if (row) return { capacity: Number(row.capacity), sold: Number(row.sold), held: Number(row.held) };
  const now = (await trx('stock_units').where({ id: unitId }).first('sold', 'held')) as
    | { sold: number; held: number }
    | undefined;
  if (!now) throw new DomainError('notFound');
  throw new DomainError('capacityBelowTaken', { taken: Number(now.sold) + Number(now.held) });
}
