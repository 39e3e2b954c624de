// The order side of a payment's outcome (server/features/payments/outcome.ts), run inside the transaction that
// moves the payment, exactly once per payment: a success sells the holds, issues the tickets, settles the coins
// and gives the reward coins; a failure gives the coins back (coupons count only for orders that did not fail).
// The holds of a failed order stay in the cart until their deadline, so the visitor can try again.
import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { PaymentMode } from '../../../../common/enums';
import { moveOrder, type OrderState } from '../../../../common/rules/orderState';
import { audit } from '../../../lib/audit';
import type { PaymentOutcomeHandler } from '../../payments/outcome';
import type { Payment } from '../../payments/store';
import { sellHolds } from '../../stock/services/sellHolds';
import { coinExpiry } from '../coins';

interface OrderRow {
  id: number;
  userId: number;
  parkId: number;
  state: OrderState;
  total: number;
  applicationNumber: string;
  rewardCoins: number;
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
}

async function lockOrder(trx: Knex.Transaction, orderId: number): Promise<OrderRow | undefined> {
  return (await trx('orders').where({ id: orderId }).forUpdate().first()) as OrderRow | undefined;
}

/** One ticket per person (basic, disability, companion) and, for packs, per item of each pack. */
async function issueTickets(trx: Knex.Transaction, order: OrderRow, lines: LineRow[]): Promise<number> {
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
            rows.push(ticketRow(order, line, c.itemId, 'pack', null, first ? packPrice : 0, n, packNumber, null));
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
        rows.push(
          ticketRow(order, line, line.itemId as number, unit.kind, unit.ageGroupId, unit.unitPrice, n, null, seatCode),
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
    state: 'available',
  };
}

export async function orderPaid(trx: Knex.Transaction, payment: Payment): Promise<void> {
  const order = await lockOrder(trx, payment.orderId);
  if (order?.state !== 'pending_payment') {
    // Already settled (a second attempt for the same order cannot happen: one payment per order).
    await audit(trx, { entity: 'order', entityId: payment.orderId, action: 'payment_ignored', data: payment.id });
    return;
  }
  if (payment.amount !== order.total || payment.userId !== order.userId) {
    throw new Error(`payment ${payment.id} does not match order ${order.id}`);
  }
  const lines = (await trx('order_lines').where({ order_id: order.id }).orderBy('id')) as LineRow[];
  const authorisedOnly = payment.mode === PaymentMode.Auth;
  const next = moveOrder(order.state, authorisedOnly ? 'authorized' : 'paid');
  const holdIds = lines.flatMap((l) => l.holdIds.map(Number));
  // The cart's lock order (lines, then holds, then stock) so a cart change at the same moment cannot deadlock.
  const cartLineIds = lines.flatMap((l) => (l.cartLineId === null ? [] : [Number(l.cartLineId)]));
  if (cartLineIds.length) await trx('cart_lines').whereIn('id', cartLineIds).orderBy('id').forUpdate().select('id');
  if (!authorisedOnly) await sellHolds(trx, holdIds);
  const issued = authorisedOnly ? 0 : await issueTickets(trx, order, lines);
  const now = new Date();
  await trx('orders')
    .where({ id: order.id })
    .update({
      state: next,
      amount_paid: payment.amount,
      payment_id: payment.id,
      paid_at: authorisedOnly ? null : now,
      updated_at: now,
    });
  await trx('coin_entries').where({ order_id: order.id, kind: 'minus', state: 'pending' }).update({ state: 'settled' });
  if (!authorisedOnly && order.rewardCoins > 0) {
    await trx('coin_entries').insert({
      user_id: order.userId,
      kind: 'plus',
      reason: 'reward',
      amount: order.rewardCoins,
      order_id: order.id,
      expires_at: coinExpiry(now),
    });
  }
  // The bought lines leave the cart (their holds are sold: the line reference is cleared by the foreign key).
  if (cartLineIds.length) await trx('cart_lines').whereIn('id', cartLineIds).delete();
  await audit(trx, {
    entity: 'order',
    entityId: order.id,
    action: next,
    actorUserId: order.userId,
    data: { paymentId: payment.id, tickets: issued, rewardCoins: order.rewardCoins },
  });
}

export async function orderFailed(trx: Knex.Transaction, payment: Payment): Promise<void> {
  const order = await lockOrder(trx, payment.orderId);
  if (order?.state !== 'pending_payment') return;
  await trx('orders')
    .where({ id: order.id })
    .update({
      state: moveOrder(order.state, 'failed'),
      payment_id: payment.id,
      failure_reason: payment.failureReason,
      updated_at: new Date(),
    });
  await trx('coin_entries')
    .where({ order_id: order.id, kind: 'minus', state: 'pending' })
    .update({ state: 'cancelled' });
  await audit(trx, {
    entity: 'order',
    entityId: order.id,
    action: 'failed',
    actorUserId: order.userId,
    data: { paymentId: payment.id, reason: payment.failureReason },
  });
}

/** Installed on `server.app.paymentOutcome`. Receipts are mailed after the transaction commits. */
export function orderPaymentOutcome(afterPaid: (orderId: number) => void): PaymentOutcomeHandler {
  return {
    async succeeded(trx, payment) {
      await orderPaid(trx, payment);
      trx.executionPromise.then(() => afterPaid(payment.orderId)).catch(() => undefined);
    },
    failed: orderFailed,
  };
}
