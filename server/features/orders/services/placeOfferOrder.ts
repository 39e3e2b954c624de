// The order of a waitlist offer taken: one line for the offered date and slot, the party priced when it joined,
// the offer's held places as the line's holds (sold by the payment's outcome like any checkout), paid by card.
// Tickets of such an order are won via the waitlist (they cannot be cancelled).
import type { Knex } from 'knex';
import { OrderKind, PaymentMethod, PaymentMode } from '../../../../common/enums';
import { tokyoDate } from '../../../../common/time';
import { audit } from '../../../lib/audit';
import { requirePaymentProfile } from '../paymentProfile';

export interface OfferOrderSpec {
  userId: number;
  itemId: number;
  date: string;
  timeSlotId: number | null;
  units: { kind: string; quantity: number; unitPrice: number }[];
  amount: number;
  holdIds: number[];
  stockUnitId: number;
  party: number;
}

/** Inserts the order and its line in the caller's transaction (the offer's row is locked there). */
export async function insertOfferOrder(trx: Knex.Transaction, spec: OfferOrderSpec, now: Date): Promise<number> {
  await requirePaymentProfile(trx, spec.userId);
  const park = await trx('items').where({ id: spec.itemId }).first('park_id');
  const method = spec.amount === 0 ? PaymentMethod.FullCoin : PaymentMethod.Visa;
  const [order] = (await trx('orders')
    .insert({
      user_id: spec.userId,
      park_id: park?.parkId,
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
      source: 'waitlist',
    })
    .returning(['id'])) as { id: number }[];
  if (!order) throw new Error('order not inserted');
  const applicationNumber = `ZP${tokyoDate(now).slice(2).replaceAll('-', '')}-${String(order.id).padStart(6, '0')}`;
  await trx('orders').where({ id: order.id }).update({ application_number: applicationNumber });
  await trx('order_lines').insert({
    order_id: order.id,
    item_id: spec.itemId,
    ticket_pack_id: null,
    date: spec.date,
    time_slot_id: spec.timeSlotId,
    time: null,
    seats: JSON.stringify([]),
    units: JSON.stringify(spec.units),
    subtotal: spec.amount,
    hold_ids: spec.holdIds,
    places: JSON.stringify([{ stockUnitId: spec.stockUnitId, quantity: spec.party, seatIds: [] }]),
    advance_info: null,
    cart_line_id: null,
  });
  await audit(trx, {
    entity: 'order',
    entityId: order.id,
    action: 'placed',
    actorUserId: spec.userId,
    data: { applicationNumber, total: spec.amount, source: 'waitlist' },
  });
  return order.id;
}
