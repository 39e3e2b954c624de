import type { Knex } from 'knex';
import { notFound } from '../../../lib/errors';

export interface OrderDetailRow {
  id: number;
  applicationNumber: string;
  userId: number;
  parkId: number;
  parkNameJa: string;
  parkNameEn: string | null;
  kind: string;
  orderType: number;
  state: string;
  subtotal: number;
  coinDiscount: number;
  couponDiscount: number;
  total: number;
  paymentMethod: number;
  paymentMode: string;
  amountPaid: number;
  rewardCoins: number;
  paymentId: string | null;
  failureReason: string | null;
  orderedAt: Date;
  paidAt: Date | null;
}

export interface OrderLineDetail {
  id: number;
  itemId: number | null;
  ticketPackId: number | null;
  nameJa: string;
  nameEn: string | null;
  date: string;
  time: string | null;
  startTime: string | null;
  seats: string[];
  units: {
    kind: string;
    ageGroupId: number | null;
    planId: number | null;
    quantity: number;
    unitPrice: number;
    amount: number;
  }[];
  subtotal: number;
}

/** One of the caller's own orders (anyone else's is not found) with its lines and ticket numbers. */
export async function getOrder(knex: Knex | Knex.Transaction, userId: number, orderId: number) {
  const order = (await knex('orders as o')
    .join('parks as p', 'p.id', 'o.park_id')
    .where({ 'o.id': orderId, 'o.user_id': userId })
    .first('o.*', 'p.name_ja as park_name_ja', 'p.name_en as park_name_en')) as OrderDetailRow | undefined;
  if (!order) throw notFound();
  const [lines, tickets] = await Promise.all([
    knex('order_lines as l')
      .leftJoin('items as i', 'i.id', 'l.item_id')
      .leftJoin('ticket_packs as t', 't.id', 'l.ticket_pack_id')
      .leftJoin('item_time_slots as s', 's.id', 'l.time_slot_id')
      .where('l.order_id', orderId)
      .orderBy('l.id')
      .select(
        'l.id',
        'l.item_id',
        'l.ticket_pack_id',
        knex.raw('coalesce(i.name_ja, t.name_ja) as name_ja'),
        knex.raw('coalesce(i.name_en, t.name_en) as name_en'),
        'l.date',
        'l.time',
        's.start_time',
        'l.seats',
        'l.units',
        'l.subtotal',
      ) as Promise<OrderLineDetail[]>,
    knex('tickets')
      .where({ order_id: orderId })
      .orderBy('ticket_number')
      .select('id', 'ticket_number', 'order_line_id'),
  ]);
  return { order, lines, tickets: tickets as { id: string; ticketNumber: string; orderLineId: number }[] };
}
