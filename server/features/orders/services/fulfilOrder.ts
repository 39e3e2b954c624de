// The order side of a payment's outcome (server/features/payments/outcome.ts), run inside the transaction that
// moves the payment, exactly once per payment. Every outcome ends in one of two states:
//   fulfilled: the order's frozen lines are bought (their holds sold through the ledger), one ticket per place,
//     the coins settled, the reward coins given, the receipt queued (a durable job in this same transaction);
//   unfulfillable: the places are gone (a payment that arrived after we had given up on it, and someone else took
//     them meanwhile): the order is failed with reason places_gone and the payment side gives the money back.
// A failure gives the coins back (coupons count only for orders that did not fail) and opens the lines again:
// their holds stay in the cart until their deadline, so the visitor can try again.
import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { settlesAtDraw } from '../../../../common/enums';
import { moveOrder, type OrderState } from '../../../../common/rules/orderState';
import { audit } from '../../../lib/audit';
import type { Clock } from '../../../lib/clock';
import { lockOrderLines, openLines } from '../../carts/cartPath';
import { JOB_NAMES } from '../../jobs/names';
import type { JobQueue } from '../../jobs/queue';
import { entryAuthorised, entryVoided } from '../../lottery/services/enterLottery';
import { notify } from '../../notifications/services/notify';
import type { Fulfilment, PaymentOutcomeHandler } from '../../payments/outcome';
import type { Payment } from '../../payments/store';
import { type FreeSale, lockHolds, releaseLockedHolds, sellFromFree, sellHolds } from '../../stock/ledger';
import { offerTaken } from '../../waitlist/services/answerOffer';
import { coinBalance, coinExpiry } from '../coins';

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
  source: 'cart' | 'lottery' | 'waitlist';
}

interface LineRow {
  id: number;
  itemId: number | null;
  ticketPackId: number | null;
  date: string;
  timeSlotId: number | null;
  seats: string[];
  units: { kind: string; ageGroupId: number | null; quantity: number; unitPrice: number }[];
  holdIds: (number | string)[];
  cartLineId: number | null;
  places: FreeSale[];
}

async function lockOrder(trx: Knex.Transaction, orderId: number): Promise<OrderRow | undefined> {
  return (await trx('orders').where({ id: orderId }).forUpdate().first()) as OrderRow | undefined;
}

/** One ticket per person (basic, disability, companion) and, for packs, per item of each pack. */
async function issueTickets(
  trx: Knex.Transaction,
  order: OrderRow,
  lines: LineRow[],
  state: 'available' | 'won_lottery' = 'available',
): Promise<number> {
  const itemIds = lines.flatMap((l) => (l.itemId === null ? [] : [l.itemId]));
  const reward = new Map(
    (
      (await trx('items').whereIn('id', itemIds).select('id', 'reward_coins')) as { id: number; rewardCoins: number }[]
    ).map((i) => [i.id, i.rewardCoins]),
  );
  let n = 0;
  const rows: Record<string, unknown>[] = [];
  for (const line of lines) {
    if (line.ticketPackId !== null) {
      const contents = (await trx('ticket_pack_items')
        .where({ ticket_pack_id: line.ticketPackId })
        .orderBy('item_id')
        .select('item_id', 'quantity')) as { itemId: number; quantity: number }[];
      const packs = line.units.reduce((k, u) => k + u.quantity, 0);
      const packPrice = line.units[0]?.unitPrice ?? 0;
      for (let p = 1; p <= packs; p++) {
        const packNumber = `${order.applicationNumber}-P${p}`;
        let first = true;
        for (const c of contents) {
          for (let q = 0; q < c.quantity; q++) {
            n++;
            rows.push(
              ticketRow(order, line, c.itemId, 'pack', null, first ? packPrice : 0, n, packNumber, null, 0, state),
            );
            first = false;
          }
        }
      }
      continue;
    }
    let seat = 0;
    for (const unit of line.units) {
      if (unit.kind === 'additional') continue;
      for (let q = 0; q < unit.quantity; q++) {
        n++;
        const seatCode = line.seats[seat++] ?? null;
        const coins = reward.get(line.itemId as number) ?? 0;
        rows.push(
          ticketRow(
            order,
            line,
            line.itemId as number,
            unit.kind,
            unit.ageGroupId,
            unit.unitPrice,
            n,
            null,
            seatCode,
            coins,
            state,
          ),
        );
      }
    }
  }
  for (let i = 0; i < rows.length; i += 200) await trx('tickets').insert(rows.slice(i, i + 200));
  return n;
}

function ticketRow(
  order: OrderRow,
  line: LineRow,
  itemId: number,
  unitKind: string,
  ageGroupId: number | null,
  price: number,
  n: number,
  packNumber: string | null,
  seatCode: string | null,
  rewardCoins: number,
  state: 'available' | 'won_lottery',
) {
  return {
    id: randomUUID(),
    order_id: order.id,
    order_line_id: line.id,
    user_id: order.userId,
    park_id: order.parkId,
    item_id: itemId,
    ticket_pack_id: line.ticketPackId,
    ticket_number: `${order.applicationNumber}-${String(n).padStart(2, '0')}`,
    pack_number: packNumber,
    use_date: line.date,
    time_slot_id: line.timeSlotId,
    seat_code: seatCode,
    unit_kind: unitKind,
    age_group_id: ageGroupId,
    price,
    reward_coins: rewardCoins,
    state,
  };
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
  const issued = authorisedOnly ? 0 : await issueTickets(trx, order, lines);
  if (order.source === 'waitlist') {
    // Won via the waitlist: these tickets cannot be cancelled (spec section 4).
    await trx('tickets').where({ order_id: order.id }).update({ won_via_waitlist: true });
    await offerTaken(trx, order.id, now);
  }
  await trx('orders')
    .where({ id: order.id })
    .update({
      state: next,
      amount_paid: payment.amount,
      payment_id: payment.id,
      paid_at: authorisedOnly ? null : now,
      failure_reason: null,
      updated_at: now,
    });
  await trx('coin_entries')
    .where({ order_id: order.id, kind: 'minus' })
    .whereIn('state', ['pending', 'cancelled'])
    .update({ state: 'settled' });
  if (!authorisedOnly && order.rewardCoins > 0) {
    await trx('coin_entries').insert({
      user_id: order.userId,
      kind: 'plus',
      reason: 'reward',
      amount: order.rewardCoins,
      order_id: order.id,
      expires_at: coinExpiry(now),
      created_at: now,
    });
  }
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
    await trx('orders')
      .where({ id: order.id })
      .update({
        state: moveOrder(order.state, 'failed'),
        payment_id: payment.id,
        failure_reason: reason,
        updated_at: now,
      });
    await trx('coin_entries')
      .where({ order_id: order.id, kind: 'minus', state: 'pending' })
      .update({ state: 'cancelled' });
    await openLines(trx, order.id);
    await entryVoided(trx, order.id, now);
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
    if (late || !(await entryAuthorised(trx, order.id, now))) {
      await failOrder(trx, order, payment, 'lottery_closed', now);
      return 'unfulfillable';
    }
    await fulfil(trx, order, payment, now);
    return 'fulfilled';
  }
  const lines = (await trx('order_lines').where({ order_id: order.id }).orderBy('id')) as LineRow[];
  const ok = (!late || (await lateMoneyStillThere(trx, order))) && (await takePlaces(trx, order, lines, now));
  if (!ok) {
    await failOrder(trx, order, payment, 'places_gone', now);
    return 'unfulfillable';
  }
  await fulfil(trx, order, payment, now);
  return 'fulfilled';
}

export async function orderFailed(trx: Knex.Transaction, payment: Payment, now: Date): Promise<void> {
  const order = await lockOrder(trx, payment.orderId);
  if (order?.state !== 'pending_payment') return;
  await failOrder(trx, order, payment, payment.failureReason ?? 'provider_error', now);
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
    failed: (trx, payment) => orderFailed(trx, payment, clock.now()),
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
  const issued = await issueTickets(trx, order, lines, 'won_lottery');
  await trx('orders')
    .where({ id: orderId })
    .update({ state: moveOrder(order.state, 'paid'), paid_at: now, updated_at: now });
  if (order.rewardCoins > 0) {
    await trx('coin_entries').insert({
      user_id: order.userId,
      kind: 'plus',
      reason: 'reward',
      amount: order.rewardCoins,
      order_id: order.id,
      expires_at: coinExpiry(now),
      created_at: now,
    });
  }
  await audit(trx, { entity: 'order', entityId: orderId, action: 'lottery_won', data: { tickets: issued, ...win } });
  return true;
}

/** A lottery entry that lost, was withdrawn or whose capture failed: its authorised order ends voided. */
export async function voidAuthorisedOrder(trx: Knex.Transaction, orderId: number, now: Date): Promise<boolean> {
  const order = await lockOrder(trx, orderId);
  if (order?.state !== 'authorized') return false;
  await trx('orders')
    .where({ id: orderId })
    .update({ state: moveOrder(order.state, 'voided'), updated_at: now });
  await trx('coin_entries')
    .where({ order_id: orderId, kind: 'minus' })
    .whereIn('state', ['pending', 'settled'])
    .update({ state: 'cancelled' });
  await audit(trx, { entity: 'order', entityId: orderId, action: 'voided', data: {} });
  return true;
}
