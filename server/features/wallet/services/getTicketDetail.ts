import type { Knex } from 'knex';
import type { TicketDetail } from '../../../../common/dto/wallet';
import type { AdvanceField } from '../../../../common/rules/advanceInfo';
import { localize } from '../../../lib/localize';
import { ownTicket, type PresentOptions, presentTickets } from '../tickets';
import { quoteCancellation } from './quoteCancellation';

/**
 * The order a ticket came from (SPEC "Order/application") and the holder's advance information. A ticket
 * received through a share shows only its own price: the sharer's payment and answers are not the receiver's.
 */
export async function getTicketDetail(
  knex: Knex,
  userId: number,
  ticketId: string,
  o: PresentOptions,
): Promise<TicketDetail> {
  const row = await ownTicket(knex, userId, ticketId);
  const [ticket] = await presentTickets(knex, [row], o);
  if (!ticket) throw new Error('ticket vanished');
  const order = await knex('orders').where({ id: row.orderId }).first();
  const ticketSubtotal = Number(
    (await knex('tickets').where({ order_id: row.orderId }).sum({ n: 'price' }).first())?.n ?? 0,
  );
  const cancellation = ticket.cancellable
    ? await quoteCancellation(knex, userId, [row.id], o.now).catch(() => null)
    : null;
  const base = {
    ticket,
    applicationNumber: order.applicationNumber as string,
    orderedAt: new Date(order.orderedAt).toISOString(),
    paymentMethod: order.paymentMethod as number,
    orderState: order.state as string,
    cancellation,
  };
  if (row.receivedFromShare) {
    return {
      ...base,
      subtotal: row.price,
      coinDiscount: 0,
      couponDiscount: 0,
      total: row.price,
      amountPaid: 0,
      ticketSubtotal: row.price,
      advanceInformation: [],
    };
  }
  // The holder's answers: the line keeps one entry per person, in ticket-number order.
  const line = await knex('order_lines').where({ id: row.orderLineId }).first('advance_info');
  const item = await knex('items').where({ id: row.itemId }).first('advance_info_fields');
  const siblings = (await knex('tickets')
    .where({ order_line_id: row.orderLineId })
    .orderBy('ticket_number')
    .select('id')) as { id: string }[];
  const index = siblings.findIndex((s) => s.id === row.id);
  const answers = ((line?.advanceInfo as { tickets?: Record<string, string | null>[] } | null)?.tickets ?? [])[index];
  const fields = (item?.advanceInfoFields ?? []) as AdvanceField[];
  const advanceInformation = fields.map((f) => {
    const value = answers?.[f.key] ?? null;
    const photo = f.kind !== 'text';
    return {
      key: f.key,
      label: localize({ labelJa: f.labelJa, labelEn: f.labelEn }, 'label', o.locale),
      value: photo ? null : value,
      photoUrl: photo && value ? `/api/v1/uploads/${value}` : null,
    };
  });
  return {
    ...base,
    subtotal: order.subtotal,
    coinDiscount: order.coinDiscount,
    couponDiscount: order.couponDiscount,
    total: order.total,
    amountPaid: order.amountPaid,
    ticketSubtotal,
    advanceInformation,
  };
}
