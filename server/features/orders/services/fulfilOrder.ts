// The order side of a payment's outcome (server/features/payments/outcome.ts), run inside the transaction that
// moves the payment, exactly once per payment. Every outcome ends in one of two states:
//   fulfilled: the order's frozen lines are bought (their holds sold through the ledger), one ticket per place,
//     the coins settled, the reward coins given, the receipt queued (a durable job in this same transaction);
//   unfulfillable: the places are gone (a payment that arrived after we had given up on it, and someone else took
//     them meanwhile): the order is failed with reason places_gone and the payment side gives the money back.
// A failure gives the coins back (coupons count only for orders that did not fail) and opens the lines again:
// their holds stay in the cart until their deadline, so the visitor can try again.
import type { Knex } from 'knex';
import type { PassLineDetails } from '../../../../common/dto/pass';
import { settlesAtDraw } from '../../../../common/enums';
import { moveOrder, type OrderState } from '../../../../common/rules/orderState';
import { audit } from '../../../lib/audit';
import type { Clock } from '../../../lib/clock';
import { lockOrderLines, openLines } from '../../carts';
import { JOB_NAMES, type JobQueue } from '../../jobs';
import { notify } from '../../notifications';
import type { Fulfilment, Payment, PaymentOutcomeHandler } from '../../payments';
import { type FreeSale, lockHolds, releaseLockedHolds, sellFromFree, sellHolds } from '../../stock';
import { coinBalance, giveBackSpentCoins, grantRewardCoins, settleSpentCoins } from '../coins';
import { orderHooks } from '../orderHooks';
import { setOrderState } from '../orderStore';

interface OrderRow {
  id: number;
  userId: number;
  parkId: number;
  state: OrderState;
  total: number;
  applicationNumber: string;
  rewardCoins: number;
  coinDiscount: number;
  failureReason: string | null;
  source: 'cart' | 'lottery' | 'waitlist' | 'group';
}

interface LineRow {
  id: number;
  itemId: number | null;
  ticketPackId: number | null;
  date: string;
  timeSlotId: number | null;
  seats: string[];
  units: { kind: string; planId?: number | null; ageGroupId: number | null; quantity: number; unitPrice: number }[];
  holdIds: (number | string)[];
  cartLineId: number | null;
  places: FreeSale[];
  passDetails: PassLineDetails | null;
}

async function lockOrder(trx: Knex.Transaction, orderId: number): Promise<OrderRow | undefined> {
  return (await trx('orders').where({ id: orderId }).forUpdate().first()) as OrderRow | undefined;
}

type Settled = Fulfilment | 'settled before';

/** Whether a late payment can still have what its order had: coins not spent meanwhile, coupons not used up. */
async function lateMoneyStillThere(trx: Knex.Transaction, order: OrderRow): Promise<boolean> {
  if (order.coinDiscount > 0 && (await coinBalance(trx, order.userId)) < order.coinDiscount) return false;
  const { rows } = (await trx.raw(
    `SELECT 1 FROM order_coupons oc JOIN user_coupons uc ON uc.id = oc.user_coupon_id JOIN coupons c ON c.id = uc.coupon_id
     WHERE oc.order_id = ? AND c.usage_limit <= (
       SELECT count(*) FROM order_coupons x JOIN orders o ON o.id = x.order_id
       WHERE x.user_coupon_id = oc.user_coupon_id AND o.id <> oc.order_id
         AND o.state NOT IN ('failed', 'cancelled', 'voided'))`,
    [order.id],
  )) as { rows: unknown[] };
  return rows.length === 0;
}

/**
 * Takes the order's places: its frozen holds when they are all still held (the usual case: a frozen line cannot
 * lose them), else the places its lines took, again from what is free. False when they are gone.
 */
async function takePlaces(trx: Knex.Transaction, order: OrderRow, lines: LineRow[], now: Date): Promise<boolean> {
  const holdIds = lines.flatMap((l) => l.holdIds.map(Number));
  const locked = await lockOrderLines(trx, order.id);
  // Holds of no cart line (a waitlist offer's places) are the order's own: locked by their ids.
  const lineHoldIds = new Set(locked.holds.map((h) => h.id));
  const ownHolds = (
    await lockHolds(
      trx,
      holdIds.filter((id) => !lineHoldIds.has(id)),
    )
  ).filter((h) => h.cartLineId === null && h.state === 'held');
  const live = [...locked.holds, ...ownHolds];
  const held = new Set(live.map((h) => h.id));
  if (order.state === 'pending_payment' && holdIds.every((id) => held.has(id))) {
    await sellHolds(trx, holdIds, { actorUserId: order.userId });
    return true;
  }
  // Late: whatever the order's lines still hold goes back first, then the places are bought from what is free.
  await releaseLockedHolds(
    trx,
    live.filter((h) => holdIds.includes(h.id)),
    'released',
    order.userId,
  );
  const sold = await sellFromFree(
    trx,
    lines.flatMap((l) => l.places),
    order.userId,
  );
  if (sold === null) return false;
  await audit(trx, {
    entity: 'order',
    entityId: order.id,
    action: 'late_places_taken',
    data: { holdIds: sold, at: now },
  });
  return true;
}

async function fulfil(trx: Knex.Transaction, order: OrderRow, payment: Payment, now: Date): Promise<void> {
  const lines = (await trx('order_lines').where({ order_id: order.id }).orderBy('id')) as LineRow[];
  const authorisedOnly = settlesAtDraw(payment.mode);
  const next = moveOrder(order.state, authorisedOnly ? 'authorized' : 'paid');
  // Won via the waitlist: these tickets cannot be cancelled by their holder (spec section 4).
  const wonViaWaitlist = order.source === 'waitlist';
  const issued = authorisedOnly
    ? 0
    : await orderHooks().issueTickets(trx, order, lines, 'available', { wonViaWaitlist, now });
  if (issued > 0 && lines.some((l) => l.passDetails)) await orderHooks().passesIssued(trx, order.id);
  if (wonViaWaitlist) await orderHooks().offerTaken(trx, order.id, now);
  if (order.source === 'group' && !authorisedOnly) await orderHooks().groupOrderPaid(trx, order.id, now);
  await setOrderState(trx, order, next, now, {
    amount_paid: payment.amount,
    payment_id: payment.id,
    paid_at: authorisedOnly ? null : now,
    failure_reason: null,
  });
  await settleSpentCoins(trx, order.id);
  if (!authorisedOnly) await grantRewardCoins(trx, order.userId, order.id, order.rewardCoins, now);
  // The bought lines leave the cart (their holds are sold: the line reference is cleared by the foreign key).
  await trx('cart_lines').where('order_id', order.id).delete();
  await audit(trx, {
    entity: 'order',
    entityId: order.id,
    action: next,
    actorUserId: order.userId,
    data: { paymentId: payment.id, tickets: issued, rewardCoins: order.rewardCoins },
  });
}

async function failOrder(trx: Knex.Transaction, order: OrderRow, payment: Payment, reason: string, now: Date) {
  if (order.state === 'pending_payment') {
    await setOrderState(trx, order, 'failed', now, { payment_id: payment.id, failure_reason: reason });
    await giveBackSpentCoins(trx, order.id);
    await openLines(trx, order.id);
    await orderHooks().lotteryOrderFailed(trx, order.id, now);
  } else {
    await trx('orders').where({ id: order.id }).update({ failure_reason: reason, updated_at: now });
  }
  await audit(trx, {
    entity: 'order',
    entityId: order.id,
    action: 'failed',
    actorUserId: order.userId,
    data: { paymentId: payment.id, reason },
  });
}

/** A payment succeeded (on time or late): fulfil its order, or say it cannot be. */
export async function orderPaid(trx: Knex.Transaction, payment: Payment, now: Date): Promise<Settled> {
  const order = await lockOrder(trx, payment.orderId);
  if (!order) throw new Error(`payment ${payment.id} has no order ${payment.orderId}`);
  if (payment.amount !== order.total || payment.userId !== order.userId) {
    throw new Error(`payment ${payment.id} does not match order ${order.id}`);
  }
  const late = order.state === 'failed';
  if (!late && order.state !== 'pending_payment') {
    await audit(trx, { entity: 'order', entityId: order.id, action: 'payment_ignored', data: payment.id });
    return 'settled before';
  }
  if (settlesAtDraw(payment.mode)) {
    // A lottery entry's authorisation (or card check): nothing is taken now (the draw does); an entry that can no longer take part
    // (entries closed meanwhile, or given up on) gets its authorisation back.
    if (late || !(await orderHooks().lotteryAuthorised(trx, order.id, now))) {
      await failOrder(trx, order, payment, 'lottery_closed', now);
      return 'unfulfillable';
    }
    await fulfil(trx, order, payment, now);
    return 'fulfilled';
  }
  const lines = (await trx('order_lines').where({ order_id: order.id }).orderBy('id')) as LineRow[];
  // A group's card payment buys nothing once the group was paid otherwise (a transfer recorded after this
  // attempt failed) or given up: asked before any place is taken.
  const awaited = order.source !== 'group' || (await orderHooks().groupOrderAwaited(trx, order.id));
  const ok =
    awaited && (!late || (await lateMoneyStillThere(trx, order))) && (await takePlaces(trx, order, lines, now));
  if (!ok) {
    await failOrder(trx, order, payment, 'places_gone', now);
    return 'unfulfillable';
  }
  await fulfil(trx, order, payment, now);
  return 'fulfilled';
}

/** What a cart line keeps its places for once its konbini slip is given up (the payment window of placeOrder). */
const CART_WINDOW_MS = 15 * 60_000;

export async function orderFailed(trx: Knex.Transaction, payment: Payment, now: Date): Promise<boolean> {
  const order = await lockOrder(trx, payment.orderId);
  if (order?.state !== 'pending_payment') return false;
  // A konbini order's places were held for it alone until its deadline. Past the deadline they go back now, with
  // its lines; given up before it (the visitor cancelled the slip, or it was never issued) its lines open again
  // in the cart like a card attempt's, for the cart's own 15 minutes, not the days left to the deadline.
  if (payment.provider === 'konbini') {
    const locked = await lockOrderLines(trx, order.id);
    if (payment.failureReason === 'expired') {
      await releaseLockedHolds(trx, locked.holds, 'expired', order.userId);
      await trx('cart_lines').where('order_id', order.id).delete();
    } else {
      const until = new Date(now.getTime() + CART_WINDOW_MS);
      const holdIds = locked.holds.map((h) => h.id);
      if (holdIds.length) {
        await trx('stock_holds').whereIn('id', holdIds).where('expires_at', '>', until).update({ expires_at: until });
      }
      await trx('cart_lines').where('order_id', order.id).where('expires_at', '>', until).update({ expires_at: until });
    }
  }
  await failOrder(trx, order, payment, payment.failureReason ?? 'provider_error', now);
  return true;
}

/** Installed on `server.app.paymentOutcome`: work that follows (receipt, give-back) is queued in the transaction. */
export function orderPaymentOutcome(jobs: JobQueue, clock: Clock): PaymentOutcomeHandler {
  return {
    async succeeded(trx, payment) {
      const settled = await orderPaid(trx, payment, clock.now());
      if (settled === 'fulfilled' && settlesAtDraw(payment.mode)) {
        const entry = await trx('lottery_entries').where({ order_id: payment.orderId }).first('id');
        if (entry) await jobs.send(trx, JOB_NAMES.lotteryMail, { entryId: Number(entry.id) });
      }
      if (settled === 'fulfilled' && !settlesAtDraw(payment.mode)) {
        await jobs.send(trx, JOB_NAMES.orderReceipt, { orderId: payment.orderId });
        const order = await trx('orders').where({ id: payment.orderId }).first('application_number');
        await notify(trx, {
          userId: payment.userId,
          kind: 'orderPaid',
          params: { number: order?.applicationNumber ?? '' },
          navigate: '/my-tickets',
          about: `order:${payment.orderId}`,
        });
      }
      return settled === 'unfulfillable' ? 'unfulfillable' : 'fulfilled';
    },
    async failed(trx, payment) {
      const failed = await orderFailed(trx, payment, clock.now());
      // A konbini slip that was not paid by its deadline (or was cancelled): the buyer is told, inbox and mail.
      if (failed && payment.provider === 'konbini' && payment.failureReason === 'expired') {
        const order = await trx('orders').where({ id: payment.orderId }).first('application_number');
        await notify(trx, {
          userId: payment.userId,
          kind: 'konbiniExpired',
          params: { number: order?.applicationNumber ?? '' },
          navigate: '/my-tickets/history',
          about: `order:${payment.orderId}`,
        });
        await jobs.send(trx, JOB_NAMES.konbiniExpiredMail, { orderId: payment.orderId }, { singletonKey: payment.id });
      }
    },
    async giveBack(trx, request) {
      await jobs.send(trx, JOB_NAMES.paymentGiveBack, request as unknown as Record<string, unknown>);
    },
  };
}

/**
 * A lottery win whose authorisation was captured: the places held for it at the draw are sold, the order's line
 * moves to the choice won, one ticket per place is issued in state won_lottery, the order is paid and its reward
 * coins given. Runs once: an order no longer authorised answers false and changes nothing.
 */
export async function fulfilLotteryWin(
  trx: Knex.Transaction,
  orderId: number,
  win: { holdIds: number[]; date: string; slotId: number | null; stockUnitId: number; party: number },
  now: Date,
): Promise<boolean> {
  const order = await lockOrder(trx, orderId);
  if (order?.state !== 'authorized') return false;
  await sellHolds(trx, win.holdIds, { actorUserId: order.userId });
  await trx('order_lines')
    .where({ order_id: orderId })
    .update({
      date: win.date,
      time_slot_id: win.slotId,
      hold_ids: win.holdIds,
      places: JSON.stringify([{ stockUnitId: win.stockUnitId, quantity: win.party, seatIds: [] }]),
    });
  const lines = (await trx('order_lines').where({ order_id: orderId }).orderBy('id')) as LineRow[];
  const issued = await orderHooks().issueTickets(trx, order, lines, 'won_lottery');
  await setOrderState(trx, order, 'paid', now, { paid_at: now });
  await grantRewardCoins(trx, order.userId, order.id, order.rewardCoins, now);
  await audit(trx, { entity: 'order', entityId: orderId, action: 'lottery_won', data: { tickets: issued, ...win } });
  return true;
}

/** A lottery entry that lost, was withdrawn or whose capture failed: its authorised order ends voided. */
export async function voidAuthorisedOrder(trx: Knex.Transaction, orderId: number, now: Date): Promise<boolean> {
  const order = await lockOrder(trx, orderId);
  if (order?.state !== 'authorized') return false;
  await setOrderState(trx, order, 'voided', now);
  await giveBackSpentCoins(trx, orderId, true);
  await audit(trx, { entity: 'order', entityId: orderId, action: 'voided', data: {} });
  return true;
}
