// What cancelling some tickets costs now (common/rules/cancellationFee.ts), for tickets of one order.
import type { Knex } from 'knex';
import type { CancellationQuote } from '../../../../common/dto/wallet';
import { parkRefundBlock } from '../../../../common/rules/cancelBlock';
import { type FeeQuote, type OrderMoney, quoteCancellationFee } from '../../../../common/rules/cancellationFee';
import { OPEN_STATES } from '../../../../common/rules/ticketState';
import { tokyoDate } from '../../../../common/time';
import { DomainError, notFound } from '../../../lib/errors';
import { coinBalance } from '../../orders';
import { passCancelFacts } from '../passCancellation';
import { withPassmates, withTheirVouchers } from '../ticketLedger';
import { isCancellable, policiesFor, type TicketRow, ticketDaysBefore, ticketQuery } from '../tickets';

type Db = Knex | Knex.Transaction;

/** A park's refund charges nothing on any day. */
const FREE = [{ daysBefore: 0, chargeRate: 0 }];

export interface CancellationPlan {
  quote: CancellationQuote;
  orderId: number;
  paymentId: string | null;
  tickets: TicketRow[];
}

/** Money and coins already given back for the order by earlier cancellations. */
async function orderMoney(db: Db, orderId: number): Promise<OrderMoney> {
  const order = await db('orders').where({ id: orderId }).first();
  const back = (await db('cancellations')
    .where({ order_id: orderId })
    .sum({ money: 'refund_amount', coins: 'refund_coins' })
    .first()) as { money: unknown; coins: unknown } | undefined;
  return {
    subtotal: order.subtotal,
    couponDiscount: order.couponDiscount,
    coinDiscount: order.coinDiscount,
    amountPaid: order.amountPaid,
    refundedAmount: Number(back?.money ?? 0),
    returnedCoins: Number(back?.coins ?? 0),
  };
}

/**
 * Plans the cancellation: every ticket the caller's (else 404), of one order, cancellable by its item's policy
 * today (else 409). Tickets of several days or items are priced per (item, day) and summed.
 * `byPark`: the park's finance staff cancel for the holder (`userId` is the holder): tickets won via the waitlist
 * may be cancelled too, priced as of the reservation (common/rules/cancellationFee.ts pricingDaysBefore).
 * `'refund'`: the park gives the money back (a closure): fee 0, whatever the item's policy or the day
 * (common/rules/cancelBlock.ts parkRefundBlock).
 * An annual pass's term ticket brings every holder's term of that pass and order (a pass is cancelled whole), priced
 * at the pass product's flat rate before the first entry and refused after it (passCancellation.ts).
 */
export async function planCancellation(
  db: Db,
  userId: number,
  ticketIds: readonly string[],
  now = new Date(),
  byPark: boolean | 'refund' = false,
): Promise<CancellationPlan> {
  const refund = byPark === 'refund';
  // An admission's add-on vouchers are cancelled with it: the quote covers every yen of what leaves.
  const ids = await withPassmates(db, await withTheirVouchers(db, userId, [...new Set(ticketIds)]));
  // A pass's day visits are no tickets of their own to cancel (not found, as before).
  const rows = (await ticketQuery(db, { passes: true })
    .whereIn('t.id', ids)
    .where('t.user_id', userId)
    .whereNot('t.unit_kind', 'pass_visit')) as TicketRow[];
  if (rows.length !== ids.length || rows.length === 0) throw notFound();
  const orderIds = new Set(rows.map((r) => r.orderId));
  if (orderIds.size > 1) throw new DomainError('cancelOneOrder');
  const today = tokyoDate(now);
  const policies = await policiesFor(
    db,
    rows.map((r) => r.itemId),
  );
  const passes = await passCancelFacts(db, [...new Set(rows.flatMap((r) => (r.passId ? [r.passId] : [])))], today);
  /** A pass term's policy: its product's flat rate, priced at 0 days (no day of use); none when refused. */
  const passPolicy = (r: TicketRow) => {
    const facts = passes.get(r.passId as number);
    return refund ? FREE : [{ daysBefore: 0, chargeRate: facts?.rate ?? 100 }];
  };
  for (const r of rows) {
    if (r.passId) {
      const facts = passes.get(r.passId);
      if (facts?.refusal) throw new DomainError(facts.refusal);
      if (
        !OPEN_STATES.includes(r.state) ||
        r.shareId !== null ||
        (r.orderState !== 'paid' && r.orderState !== 'partially_cancelled')
      )
        throw new DomainError('notCancellable');
      continue;
    }
    if (refund) {
      if (parkRefundBlock({ ...r, daysBefore: null })) throw new DomainError('notCancellable');
      continue;
    }
    if (r.wonViaWaitlist && !byPark) throw new DomainError('waitlistNotCancellable');
    if (!isCancellable(r, today, policies.get(r.itemId) ?? [], Boolean(byPark)))
      throw new DomainError('notCancellable');
  }
  const orderId = rows[0]?.orderId as number;
  const money = await orderMoney(db, orderId);
  const groups = new Map<string, TicketRow[]>();
  for (const r of rows) {
    const key = `${r.itemId}|${r.useDate}|${r.wonViaWaitlist}`;
    groups.set(key, [...(groups.get(key) ?? []), r]);
  }
  const parts: FeeQuote[] = [];
  for (const group of groups.values()) {
    const first = group[0] as TicketRow;
    const part = first.passId
      ? quoteCancellationFee(
          group.map((g) => g.price),
          0,
          passPolicy(first),
          money,
        )
      : quoteCancellationFee(
          group.map((g) => g.price),
          refund ? Math.max(0, ticketDaysBefore(first, today) ?? 0) : (ticketDaysBefore(first, today) as number),
          refund ? FREE : (policies.get(first.itemId) ?? []),
          money,
        );
    if (!part) throw new DomainError('notCancellable');
    money.refundedAmount += part.refundAmount;
    money.returnedCoins += part.refundCoins;
    parts.push(part);
  }
  const order = await db('orders as o')
    .leftJoin('payments as p', 'p.id', 'o.payment_id')
    .where('o.id', orderId)
    .first('o.payment_id', 'p.provider');
  const feeRefund = parts.reduce((s, p) => s + p.refundAmount, 0);
  const refundCoins = parts.reduce((s, p) => s + p.refundCoins, 0);
  // The reward coins the tickets earned go back too. What the balance (with the coins this cancellation returns)
  // cannot cover comes off the money refund, so buying and cancelling never earns coins.
  const earned = (await db('tickets').whereIn('id', ids).sum({ n: 'reward_coins' }).first()) as { n: unknown };
  const rewardBack = Number(earned?.n ?? 0);
  const available = (await coinBalance(db, userId)) + refundCoins;
  const rewardCoinsBack = Math.max(0, Math.min(rewardBack, available));
  const refundReducedBy = Math.min(rewardBack - rewardCoinsBack, feeRefund);
  const refundAmount = feeRefund - refundReducedBy;
  // Money paid at a convenience store cannot go back through the provider (GMO has no konbini refund): it is owed
  // to the buyer as a bank transfer the park makes (payments' bankTransfers.ts), and the quote says so.
  const byBankTransfer = refundAmount > 0 && order?.provider === 'konbini';
  const quote: CancellationQuote = {
    ticketIds: rows.map((r) => r.id).sort(),
    daysBefore: Math.min(...parts.map((p) => p.daysBefore)),
    chargeRate: Math.max(...parts.map((p) => p.chargeRate)),
    fee: parts.reduce((s, p) => s + p.fee, 0),
    refundAmount,
    refundCoins,
    rewardCoinsBack,
    refundReducedBy,
    needsProviderConfirmation:
      refundAmount > 0 && Boolean(order?.provider) && order?.provider !== 'internal' && !byBankTransfer,
    refundByBankTransfer: byBankTransfer,
  };
  return { quote, orderId, paymentId: order?.paymentId ?? null, tickets: rows };
}

export async function quoteCancellation(
  db: Db,
  userId: number,
  ticketIds: readonly string[],
  now = new Date(),
  byPark = false,
): Promise<CancellationQuote> {
  return (await planCancellation(db, userId, ticketIds, now, byPark)).quote;
}
