import type { OrderDetail } from '../../../common/dto/order';
import type { Locale } from '../../../common/enums';
import { localize } from '../../lib/localize';
import type { getOrder } from './services/getOrder';

export function presentOrder(detail: Awaited<ReturnType<typeof getOrder>>, locale: Locale): OrderDetail {
  const { order, lines, tickets } = detail;
  return {
    id: order.id,
    applicationNumber: order.applicationNumber,
    state: order.state as OrderDetail['state'],
    park: { id: order.parkId, name: localize({ nameJa: order.parkNameJa, nameEn: order.parkNameEn }, 'name', locale) },
    kind: order.kind as OrderDetail['kind'],
    orderType: order.orderType,
    orderedAt: new Date(order.orderedAt).toISOString(),
    paidAt: order.paidAt ? new Date(order.paidAt).toISOString() : null,
    subtotal: order.subtotal,
    coinDiscount: order.coinDiscount,
    couponDiscount: order.couponDiscount,
    total: order.total,
    paymentMethod: order.paymentMethod,
    paymentMode: order.paymentMode as OrderDetail['paymentMode'],
    amountPaid: order.amountPaid,
    rewardCoins: order.rewardCoins,
    paymentId: order.paymentId,
    failureReason: order.failureReason,
    lines: lines.map((l) => ({
      id: l.id,
      itemId: l.itemId,
      ticketPackId: l.ticketPackId,
      name: localize(l, 'name', locale),
      date: l.date,
      time: l.time ?? l.startTime ?? null,
      seats: l.seats,
      units: l.units.map((u) => ({
        kind: u.kind,
        ageGroupId: u.ageGroupId,
        quantity: u.quantity,
        unitPrice: u.unitPrice,
        amount: u.amount,
      })),
      subtotal: l.subtotal,
      ticketNumbers: tickets.filter((t) => t.orderLineId === l.id).map((t) => t.ticketNumber),
    })),
  };
}
