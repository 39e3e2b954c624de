// Holds becoming sold stock (inside the transaction that confirms a payment) or going back to stock.
// Locks: the holds (FOR UPDATE, id order), then the stock rows (one conditional UPDATE each, id order).
import type { Knex } from 'knex';
import { auditHolds, type HoldAction } from '../audit';
import { addTo } from '../queries';

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

const distinctSorted = (ids: readonly number[]) => [...new Set(ids.map(Number))].sort((a, b) => a - b);

/** The holds with these ids, locked (FOR UPDATE) in id order. */
export async function lockHolds(trx: Knex.Transaction, holdIds: readonly number[]): Promise<LockedHold[]> {
  const ids = distinctSorted(holdIds);
  if (ids.length === 0) return [];
  return (await trx('stock_holds')
    .whereIn('id', ids)
    .orderBy('id')
    .forUpdate()
    .select('id', 'stock_unit_id', 'quantity', 'state', 'cart_line_id')) as LockedHold[];
}

/**
 * Turns holds into sold stock atomically: for each hold `held -= q, sold += q` on its stock row, the hold and its
 * seats become 'sold'. Fails loudly (HoldNotHeldError, nothing changed by this call) if any hold is not held any
 * more. A hold past its deadline that the expiry job has not released yet is still held and can be sold: its
 * places were never given to anyone else. Call it inside the payment-confirmation transaction.
 */
export async function sellHolds(
  trx: Knex.Transaction,
  holdIds: readonly number[],
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
  const perUnit = new Map<number, number>();
  for (const h of holds) addTo(perUnit, Number(h.stockUnitId), h.quantity);
  for (const unitId of [...perUnit.keys()].sort((a, b) => a - b)) {
    const q = perUnit.get(unitId) ?? 0;
    const { rows } = (await trx.raw(
      'UPDATE stock_units SET held = held - ?, sold = sold + ? WHERE id = ? AND held >= ? RETURNING id',
      [q, q, unitId, q],
    )) as { rows: unknown[] };
    if (rows.length === 0) throw new Error(`stock unit ${unitId} holds fewer than ${q}: cannot sell`);
  }
  await auditHolds(
    trx,
    holds.map((h) => ({
      holdId: h.id,
      action: 'sold' as const,
      actorUserId: options.actorUserId ?? null,
      data: { stockUnitId: Number(h.stockUnitId), quantity: h.quantity },
    })),
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
  const perUnit = new Map<number, number>();
  for (const h of live) addTo(perUnit, Number(h.stockUnitId), h.quantity);
  for (const unitId of [...perUnit.keys()].sort((a, b) => a - b)) {
    const q = perUnit.get(unitId) ?? 0;
    const { rows } = (await trx.raw('UPDATE stock_units SET held = held - ? WHERE id = ? AND held >= ? RETURNING id', [
      q,
      unitId,
      q,
    ])) as { rows: unknown[] };
    if (rows.length === 0) throw new Error(`stock unit ${unitId} holds fewer than ${q}: cannot release`);
  }
  const action: HoldAction = state;
  await auditHolds(
    trx,
    live.map((h) => ({
      holdId: h.id,
      action,
      actorUserId,
      data: { stockUnitId: Number(h.stockUnitId), quantity: h.quantity, cartLineId: h.cartLineId },
    })),
  );
  return ids;
}

/**
 * Gives holds back to stock (e.g. a failed or abandoned payment). Idempotent: holds that are no longer held
 * (sold, released, expired, missing) are skipped. Returns the ids that were released.
 */
export async function releaseHolds(
  trx: Knex.Transaction,
  holdIds: readonly number[],
  options: { actorUserId?: number | null } = {},
): Promise<number[]> {
  const holds = await lockHolds(trx, holdIds);
  return releaseLockedHolds(trx, holds, 'released', options.actorUserId ?? null);
}
