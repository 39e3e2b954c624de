// When an annual pass may be cancelled by its owner (passes/README.md 2.4, 7.3, 7.4): only before its first entry,
// on the term its first order paid for, until start_by. Read by the cancellation plan (under the pass's row lock, so a
// gate's first entry and a cancellation never both win) and by the member card's `cancellable`.
import type { Knex } from 'knex';
import type { ErrorCode } from '../../../common/errorCodes';

type Db = Knex | Knex.Transaction;

export interface PassCancelFacts {
  passId: number;
  /** Why it cannot be cancelled today; null: it can. */
  refusal: Extract<ErrorCode, 'passUsed' | 'passRenewalNotCancellable' | 'notCancellable'> | null;
  /** pass_products.cancel_rate_percent: the fee before the first entry. */
  rate: number;
}

/**
 * The cancellation facts of these passes on `today` (Tokyo): refused once any holder has a visit ticket (an entry,
 * counted or flagged, uploaded late or not) or a guest voucher of the pass was used (passUsed), once a renewal was
 * bought (passRenewalNotCancellable: the pass has been used), after start_by (notCancellable).
 */
export async function passCancelFacts(
  db: Db,
  passIds: readonly number[],
  today: string,
): Promise<Map<number, PassCancelFacts>> {
  const out = new Map<number, PassCancelFacts>();
  if (passIds.length === 0) return out;
  const passes = (await db('passes as p')
    .join('pass_products as pp', 'pp.item_id', 'p.item_id')
    .whereIn('p.id', passIds)
    .select('p.id', 'p.first_order_id', 'p.start_by', 'pp.cancel_rate_percent')) as {
    id: number;
    firstOrderId: number;
    startBy: string;
    cancelRatePercent: number;
  }[];
  const entered = new Set(
    (await db('tickets').whereIn('pass_id', passIds).where('unit_kind', 'pass_visit').distinct().pluck('pass_id')).map(
      Number,
    ),
  );
  const vouchers = new Set(
    (await db('pass_voucher_uses').whereIn('pass_id', passIds).where('state', 'used').distinct().pluck('pass_id')).map(
      Number,
    ),
  );
  const renewed = new Set(
    (
      (await db('tickets as t')
        .join('passes as p', 'p.id', 't.pass_id')
        .whereIn('t.pass_id', passIds)
        .where('t.unit_kind', 'pass')
        .whereRaw('t.order_id <> p.first_order_id')
        .whereNotIn('t.state', ['cancelled', 'cancel_waiting'])
        .distinct()
        .pluck('t.pass_id')) as unknown[]
    ).map(Number),
  );
  for (const p of passes) {
    const refusal =
      entered.has(p.id) || vouchers.has(p.id)
        ? 'passUsed'
        : renewed.has(p.id)
          ? 'passRenewalNotCancellable'
          : today > p.startBy
            ? 'notCancellable'
            : null;
    out.set(p.id, { passId: p.id, refusal, rate: p.cancelRatePercent });
  }
  return out;
}
