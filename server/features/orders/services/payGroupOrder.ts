// The order of a group visit (issue 31). Paid by bank transfer: staff recorded the transfer, so in the caller's
// transaction (the group request locked there) the order is placed and paid at once: its line is the group's
// item, date and slot, the places are the request's own holds (sold through the stock ledger), the order moves
// pending_payment -> paid through the order store (which numbers its qualified invoice), and the ticket ledger
// issues one ticket per person of the group, which the gate counts. The receipt mail is queued like any order's.
// Paid by card: insertGroupOrder places the same order unpaid, and the payment's outcome fulfils it (fulfilOrder).
import type { Knex } from 'knex';
import { OrderKind, PaymentMode } from '../../../../common/enums';
import { splitGroupPrice } from '../../../../common/rules/groupRequestState';
import { tokyoDate } from '../../../../common/time';
import { audit } from '../../../lib/audit';
import { JOB_NAMES, jobQueueOf } from '../../jobs';
import { sellHolds } from '../../stock';
import { type IssuingLine, orderHooks } from '../orderHooks';
import { setOrderState } from '../orderStore';

/**
 * orders.payment_method of a bank transfer recorded by staff: outside PaymentMethod (the card, wallet and coin
 * providers the checkout pays through; 5 is konbini), since no provider takes it and no payment row exists for it.
 */
export const BANK_TRANSFER_METHOD = 6;

export interface GroupOrderSpec {
  userId: number;
  parkId: number;
  itemId: number;
  date: string;
  timeSlotId: number | null;
  partySize: number;
  amount: number;
  holdIds: number[];
  stockUnitId: number;
  actorUserId: number;
}

/** The group's order and its one line, unpaid (pending_payment), in the caller's transaction. */
export async function insertGroupOrder(
  trx: Knex.Transaction,
  spec: GroupOrderSpec,
  method: number,
  now: Date,
): Promise<{ orderId: number; applicationNumber: string; line: IssuingLine }> {
  const [order] = (await trx('orders')
    .insert({
      user_id: spec.userId,
      park_id: spec.parkId,
      kind: OrderKind.Items,
      order_type: 0,
      state: 'pending_payment',
      subtotal: spec.amount,
      coin_discount: 0,
      coupon_discount: 0,
      total: spec.amount,
      payment_method: method,
      payment_mode: PaymentMode.Capture,
      reward_coins: 0,
      ordered_at: now,
      source: 'group',
    })
    .returning(['id'])) as { id: number }[];
  if (!order) throw new Error('order not inserted');
  const applicationNumber = `ZP${tokyoDate(now).slice(2).replaceAll('-', '')}-${String(order.id).padStart(6, '0')}`;
  await trx('orders').where({ id: order.id }).update({ application_number: applicationNumber });
  const units = splitGroupPrice(spec.amount, spec.partySize).map((u) => ({ kind: 'basic', ageGroupId: null, ...u }));
  const [line] = (await trx('order_lines')
    .insert({
      order_id: order.id,
      item_id: spec.itemId,
      ticket_pack_id: null,
      date: spec.date,
      time_slot_id: spec.timeSlotId,
      time: null,
      seats: JSON.stringify([]),
      units: JSON.stringify(units),
      subtotal: spec.amount,
      hold_ids: spec.holdIds,
      places: JSON.stringify([{ stockUnitId: spec.stockUnitId, quantity: spec.partySize, seatIds: [] }]),
      advance_info: null,
      cart_line_id: null,
    })
    .returning(['id'])) as { id: number }[];
  await audit(trx, {
    entity: 'order',
    entityId: order.id,
    action: 'placed',
    actorUserId: spec.actorUserId,
    data: { applicationNumber, total: spec.amount, source: 'group' },
  });
  return {
    orderId: order.id,
    applicationNumber,
    line: {
      id: Number(line?.id),
      itemId: spec.itemId,
      ticketPackId: null,
      date: spec.date,
      timeSlotId: spec.timeSlotId,
      seats: [],
      units,
    },
  };
}

/** Answers the paid order's id and how many tickets were issued. */
export async function payGroupOrder(
  trx: Knex.Transaction,
  spec: GroupOrderSpec,
  now: Date,
): Promise<{ orderId: number; tickets: number }> {
  const { orderId, applicationNumber, line } = await insertGroupOrder(trx, spec, BANK_TRANSFER_METHOD, now);
  await sellHolds(trx, spec.holdIds, { actorUserId: spec.actorUserId });
  const issuing = { id: orderId, userId: spec.userId, parkId: spec.parkId, applicationNumber };
  const tickets = await orderHooks().issueTickets(trx, issuing, [line], 'available', { now });
  await setOrderState(trx, { id: orderId, state: 'pending_payment' }, 'paid', now, {
    amount_paid: spec.amount,
    paid_at: now,
  });
  await audit(trx, {
    entity: 'order',
    entityId: orderId,
    action: 'paid',
    actorUserId: spec.actorUserId,
    data: { method: 'bank_transfer', tickets },
  });
  await jobQueueOf(trx).send(trx, JOB_NAMES.orderReceipt, { orderId: orderId });
  return { orderId: orderId, tickets };
}
