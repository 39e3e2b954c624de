// POST api/v1/me/tickets/cancellations: cancel tickets of one order by its policy.
//  1. One transaction under the order's row lock: plan (fee, refund in money and coins), write the
//     cancellation, tickets -> cancel_waiting (a refund is due at a provider) or cancelled, their tokens revoked,
//     their stock given back (sold - 1, seat freed) so it can be sold again, the order -> (partially_)cancelled.
//  2. The provider's refund (partial), outside any transaction, with the cancellation id as its idempotency key
//     (refundPayment: a retry never refunds twice).
//  3. Success: cancellation done, tickets cancelled, coins returned (coin_entries kind 'return').
//     Provider refused: cancellation refund_failed, tickets stay cancel_waiting; posting the same tickets again
//     retries the same refund.
// The park's finance staff cancel on a visitor's behalf through this same function (`byPark`, from
// server/features/finance): the tickets must be of that park, tickets won via the waitlist may be cancelled
// (priced as of the reservation), the staff member is the actor of the audit rows, and the park's staff audit
// trail gets the change (before and after) in the same transaction.
// An annual pass (issue 29, passes/README.md 2.4) is cancelled whole before its first entry: its term tickets of that
// order, under the pass's lock (the one a gate's scan takes first) and then the order's, planned after both.
import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import type { CancellationAnswer, CancellationQuote } from '../../../../common/dto/wallet';
import type { Config } from '../../../config';
import { audit } from '../../../lib/audit';
import { DomainError, notFound } from '../../../lib/errors';
import { recordStaffChange } from '../../../lib/staffAudit';
import { returnCoins, setOrderState, takeBackRewardCoins } from '../../orders';
import { oweBankTransfer, refundPayment } from '../../payments';
import { returnSold } from '../../stock';
import { lockPassesOf, moveTickets, withPassmates, withTheirVouchers } from '../ticketLedger';
import { PASS_UNIT_KINDS, type PresentOptions, presentTickets, type TicketRow, ticketQuery } from '../tickets';
import { revokeTokens } from '../tokens';
import { planCancellation } from './quoteCancellation';

export interface CancellationRow {
  id: string;
  userId: number;
  orderId: number;
  paymentId: string | null;
  ticketIds: string[];
  daysBefore: number;
  chargeRate: number;
  fee: number;
  refundAmount: number;
  refundCoins: number;
  rewardCoinsBack: number;
  refundReducedBy: number;
  state: 'refunding' | 'refund_failed' | 'done';
}

/** Gives the tickets' places back to stock through the ledger: sold - 1 per ticket on its unit, seats freed. */
async function releaseStock(trx: Knex.Transaction, tickets: readonly TicketRow[]): Promise<void> {
  const units: { stockUnitId: number; quantity: number; seatIds: number[] }[] = [];
  // Vouchers of additional plans hold no place, nor do annual passes (no stock is taken for them).
  const passKinds: readonly string[] = PASS_UNIT_KINDS;
  const placing = tickets.filter((x) => x.unitKind !== 'additional' && !passKinds.includes(x.unitKind));
  // The rows the places were sold from (general or pass-holder pool): the order lines' places, read once. A line
  // with none kept (placed before places were) sold from the general pool.
  const lines = (await trx('order_lines')
    .whereIn('id', [...new Set(placing.map((t) => t.orderLineId))])
    .select('id', 'places')) as { id: number; places: unknown }[];
  const unitsOfLine = new Map(
    lines.map((l) => [
      Number(l.id),
      ((typeof l.places === 'string' ? JSON.parse(l.places) : (l.places ?? [])) as { stockUnitId: number }[]).map(
        (p) => p.stockUnitId,
      ),
    ]),
  );
  for (const t of placing) {
    const placed = unitsOfLine.get(Number(t.orderLineId)) ?? [];
    const unit = await trx('stock_units')
      .where({ item_id: t.itemId, date: t.useDate })
      .whereRaw('COALESCE(time_slot_id, 0) = ?', [t.timeSlotId ?? 0])
      .modify((q) => {
        if (placed.length) q.whereIn('id', placed);
        else q.where('pool', 0);
      })
      .first('id');
    if (!unit) continue;
    const seat = t.seatCode
      ? await trx('item_seats').where({ item_id: t.itemId, seat_code: t.seatCode }).first('id')
      : undefined;
    units.push({ stockUnitId: Number(unit.id), quantity: 1, seatIds: seat ? [Number(seat.id)] : [] });
  }
  await returnSold(trx, units);
}

async function finish(trx: Knex.Transaction, c: CancellationRow, now: Date): Promise<void> {
  await trx('cancellations').where({ id: c.id }).update({ state: 'done', updated_at: now });
  await moveTickets(trx, c.ticketIds, 'cancelled', now);
  await returnCoins(trx, { userId: c.userId, orderId: c.orderId, cancellationId: c.id, amount: c.refundCoins }, now);
  for (const id of c.ticketIds) {
    await audit(trx, {
      entity: 'ticket',
      entityId: id,
      action: 'cancelled',
      actorUserId: c.userId,
      data: { cancellationId: c.id },
    });
  }
}

const quoteOf = (
  c: CancellationRow,
  needsProviderConfirmation: boolean,
  refundByBankTransfer: boolean,
): CancellationQuote => ({
  ticketIds: [...c.ticketIds].sort(),
  daysBefore: c.daysBefore,
  chargeRate: c.chargeRate,
  fee: c.fee,
  refundAmount: c.refundAmount,
  refundCoins: c.refundCoins,
  rewardCoinsBack: c.rewardCoinsBack,
  refundReducedBy: c.refundReducedBy,
  needsProviderConfirmation,
  refundByBankTransfer,
});

/**
 * Step 2 and 3: the provider's refund of a cancellation (idempotent by the cancellation id), then the
 * cancellation is finished. A refusal (DomainError) leaves it refund_failed for a later retry.
 */
export async function refundCancellation(
  knex: Knex,
  config: Config,
  cancellation: CancellationRow,
  now: Date = new Date(),
): Promise<CancellationRow['state']> {
  if (!cancellation.paymentId) throw new Error(`cancellation ${cancellation.id} owes money but has no payment`);
  try {
    await refundPayment(knex, config, {
      paymentId: cancellation.paymentId,
      amount: cancellation.refundAmount,
      refundId: cancellation.id,
      reason: 'cancellation',
      actorUserId: cancellation.userId,
    });
  } catch (err) {
    if (!(err instanceof DomainError)) throw err;
    await knex('cancellations')
      .where({ id: cancellation.id })
      .whereIn('state', ['refunding', 'refund_failed'])
      .update({ state: 'refund_failed', updated_at: new Date() });
    return 'refund_failed';
  }
  await knex.transaction(async (trx) => {
    // The order's row before the cancellation's, as cancelTickets takes them: a retry of the same tickets holds the
    // order and waits for the cancellation, and the coins returned here reference the order (a key-share lock on
    // it); the other way round the two deadlocked on PostgreSQL.
    await trx('orders').where({ id: cancellation.orderId }).forUpdate().first('id');
    const c = (await trx('cancellations').where({ id: cancellation.id }).forUpdate().first()) as CancellationRow;
    if (c.state !== 'done') await finish(trx, c, now);
  });
  return 'done';
}

/** A cancellation made by the park's finance staff for the visitor (the holder is `userId`). */
export interface ByPark {
  parkId: number;
  staffUserId: number;
  /** The park gives the money back (a closure): fee 0 whatever the policy or the day, the reason audited. */
  refund?: { reason: string };
}

export async function cancelTickets(
  knex: Knex,
  config: Config,
  input: { userId: number; ticketIds: string[]; byPark?: ByPark },
  o: PresentOptions,
): Promise<CancellationAnswer> {
  const now = o.now ?? new Date();
  const actorUserId = input.byPark?.staffUserId ?? input.userId;
  let needsProvider = false;
  let bankTransfer: CancellationAnswer['bankTransfer'] = null;
  const cancellation = await knex.transaction(async (trx) => {
    // An admission's add-on vouchers leave with it; a pass's term, with every holder's term of that pass.
    const ids = await withPassmates(trx, await withTheirVouchers(trx, input.userId, [...new Set(input.ticketIds)]));
    const mine = trx('tickets').whereIn('id', ids).where({ user_id: input.userId });
    if (input.byPark) mine.where({ park_id: input.byPark.parkId });
    const first = await mine.select('id', 'order_id', 'state', 'cancellation_id');
    if (first.length !== ids.length) throw notFound();
    const orderId = first[0]?.orderId as number;
    // A pass's row before the order's (README 5): a gate's scan locks the pass, then its visit ticket's insert takes
    // a key share on the order; the other way round the two deadlocked on PostgreSQL. The plan below then sees any
    // entry that came first.
    await lockPassesOf(trx, ids);
    const order = await trx('orders').where({ id: orderId }).forUpdate().first('id', 'state');
    // A retry of a cancellation whose refund is still owed: the same tickets, the same cancellation.
    const pending = new Set(first.map((t) => t.cancellationId));
    if (first.every((t) => t.state === 'cancel_waiting') && pending.size === 1) {
      const c = (await trx('cancellations')
        .where({ id: [...pending][0], user_id: input.userId })
        .forUpdate()
        .first()) as CancellationRow | undefined;
      if (!c || c.ticketIds.length !== ids.length) throw new DomainError('notCancellable');
      needsProvider = true;
      if (c.state === 'refund_failed') {
        await trx('cancellations').where({ id: c.id }).update({ state: 'refunding', updated_at: now });
        return { ...c, state: 'refunding' as const };
      }
      return c;
    }
    await trx('tickets').whereIn('id', ids).orderBy('id').forUpdate().select('id');
    const plan = await planCancellation(
      trx,
      input.userId,
      ids,
      now,
      input.byPark?.refund ? 'refund' : Boolean(input.byPark),
    );
    needsProvider = plan.quote.needsProviderConfirmation;
    const c: CancellationRow = {
      id: randomUUID(),
      userId: input.userId,
      orderId: plan.orderId,
      paymentId: plan.paymentId,
      ticketIds: plan.quote.ticketIds,
      daysBefore: plan.quote.daysBefore,
      chargeRate: plan.quote.chargeRate,
      fee: plan.quote.fee,
      refundAmount: plan.quote.refundAmount,
      refundCoins: plan.quote.refundCoins,
      rewardCoinsBack: plan.quote.rewardCoinsBack,
      refundReducedBy: plan.quote.refundReducedBy,
      // Money owed by bank transfer (konbini) leaves no provider to wait for: the cancellation is done at once.
      state: plan.quote.refundAmount > 0 && !plan.quote.refundByBankTransfer ? 'refunding' : 'done',
    };
    await trx('cancellations').insert({
      id: c.id,
      user_id: c.userId,
      order_id: c.orderId,
      payment_id: c.paymentId,
      ticket_ids: c.ticketIds,
      days_before: c.daysBefore,
      charge_rate: c.chargeRate,
      fee: c.fee,
      refund_amount: c.refundAmount,
      refund_coins: c.refundCoins,
      reward_coins_back: c.rewardCoinsBack,
      refund_reduced_by: c.refundReducedBy,
      state: 'refunding',
      created_at: now,
      updated_at: now,
    });
    // The reward coins go at once (before the refund is done), so they cannot be spent meanwhile.
    await takeBackRewardCoins(
      trx,
      { userId: c.userId, orderId: c.orderId, cancellationId: c.id, amount: c.rewardCoinsBack },
      now,
    );
    await moveTickets(trx, c.ticketIds, 'cancel_waiting', now, { cancelled_at: now, cancellation_id: c.id });
    await revokeTokens(trx, c.ticketIds, 'cancelled', now);
    await releaseStock(trx, plan.tickets);
    const left = await trx('tickets')
      .where({ order_id: c.orderId })
      .whereNotIn('state', ['cancelled', 'cancel_waiting'])
      .first('id');
    const next = await setOrderState(trx, order, left ? 'partially_cancelled' : 'cancelled', now);
    await audit(trx, {
      entity: 'order',
      entityId: c.orderId,
      action: next,
      actorUserId,
      data: {
        cancellationId: c.id,
        tickets: c.ticketIds,
        fee: c.fee,
        refund: c.refundAmount,
        coins: c.refundCoins,
        ...(input.byPark ? { byPark: input.byPark.parkId } : {}),
        ...(input.byPark?.refund ? { reason: input.byPark.refund.reason } : {}),
      },
    });
    if (input.byPark) {
      await recordStaffChange(trx, {
        parkId: input.byPark.parkId,
        actorUserId,
        entity: 'order',
        entityId: c.orderId,
        action: input.byPark.refund ? 'refund' : 'cancel',
        before: {
          orderState: order.state,
          tickets: Object.fromEntries(first.map((t) => [t.id, t.state])),
        },
        after: {
          orderState: next,
          tickets: Object.fromEntries(
            c.ticketIds.map((id) => [id, c.state === 'done' ? 'cancelled' : 'cancel_waiting']),
          ),
          cancellationId: c.id,
          chargeRate: c.chargeRate,
          fee: c.fee,
          refundAmount: c.refundAmount,
          refundCoins: c.refundCoins,
          ...(input.byPark.refund ? { reason: input.byPark.refund.reason } : {}),
        },
      });
    }
    if (plan.quote.refundByBankTransfer) {
      // GMO cannot refund a konbini payment: the refund is owed by bank transfer (id: the cancellation's), the
      // buyer told to enter an account; the payment is refunded when finance records the transfer.
      const owed = await oweBankTransfer(trx, {
        id: c.id,
        paymentId: c.paymentId as string,
        amount: c.refundAmount,
        reason: input.byPark?.refund ? 'park_refund' : 'cancellation',
        cancellationId: c.id,
        actorUserId,
      });
      if (owed) bankTransfer = { id: owed.id, amount: owed.amount, state: owed.state };
    }
    if (c.state === 'done') await finish(trx, c, now);
    return c;
  });

  const state =
    cancellation.state === 'refunding' ? await refundCancellation(knex, config, cancellation) : cancellation.state;
  const rows = (await ticketQuery(knex)
    .whereIn('t.id', cancellation.ticketIds)
    .orderBy('t.ticket_number')) as TicketRow[];
  return {
    cancellationId: cancellation.id,
    state,
    quote: quoteOf(cancellation, needsProvider, bankTransfer !== null),
    tickets: await presentTickets(knex, rows, { ...o, now, tokens: false }),
    bankTransfer,
  };
}
