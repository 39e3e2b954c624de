// The orders of a park as its finance staff see them: an order belongs to the park when one of its lines is an item
// or a ticket pack of that park (orders of other parks are not found, whatever the caller asks). The presenter gives
// the order with its customer, lines, payment, tickets (with whether the park may cancel each now) and cancellations.
import type { Knex } from 'knex';
import type {
  OfficeCancellation,
  OfficeOrder,
  OfficeOrderSummary,
  OfficePayment,
  OfficeTicket,
} from '../../../common/dto/finance';
import type { Locale } from '../../../common/enums';
import { parkRefundBlock, visitorCancelBlock } from '../../../common/rules/cancelBlock';
import type { OrderState } from '../../../common/rules/orderState';
import { effectiveTicketState } from '../../../common/rules/ticketState';
import { tokyoDate } from '../../../common/time';
import { notFound } from '../../lib/errors';
import { localize } from '../../lib/localize';
import { isCancellable, needsCertificate, policiesFor, type TicketRow, ticketDaysBefore, ticketQuery } from '../wallet';

type Db = Knex | Knex.Transaction;

/** Limits an `orders as o` query to the orders with a line of the park. */
export function ofPark(db: Db, query: Knex.QueryBuilder, parkId: number): Knex.QueryBuilder {
  return query.whereExists(
    db('order_lines as pl')
      .leftJoin('items as pi', 'pi.id', 'pl.item_id')
      .leftJoin('ticket_packs as pp', 'pp.id', 'pl.ticket_pack_id')
      .whereRaw('pl.order_id = o.id')
      .whereRaw('coalesce(pi.park_id, pp.park_id) = ?', [parkId])
      .select(db.raw('1')),
  );
}

export interface OrderSummaryRow {
  id: number;
  applicationNumber: string;
  state: OrderState;
  orderedAt: Date;
  paidAt: Date | null;
  total: number;
  amountPaid: number;
  paymentMethod: number;
  userId: number;
  customerName: string;
  customerEmail: string | null;
  customerTelephone: string | null;
}

/** `orders as o` with its customer, of the park, for the summary columns. */
export function parkOrderQuery(db: Db, parkId: number): Knex.QueryBuilder {
  return ofPark(db, db('orders as o').join('users as u', 'u.id', 'o.user_id'), parkId).select(
    'o.id',
    'o.application_number',
    'o.state',
    'o.ordered_at',
    'o.paid_at',
    'o.total',
    'o.amount_paid',
    'o.payment_method',
    'o.user_id',
    'u.name as customer_name',
    'u.email as customer_email',
    'u.telephone as customer_telephone',
  );
}

const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : null);

export async function presentSummaries(
  db: Db,
  parkId: number,
  rows: readonly OrderSummaryRow[],
): Promise<OfficeOrderSummary[]> {
  const ids = rows.map((r) => r.id);
  const counts = ids.length
    ? ((await db('tickets')
        .whereIn('order_id', ids)
        .where({ park_id: parkId })
        .groupBy('order_id')
        .select('order_id', db.raw('count(*)::int AS n'), db.raw('array_agg(DISTINCT use_date::text) AS dates'))) as {
        orderId: number;
        n: number;
        dates: string[];
      }[])
    : [];
  const byOrder = new Map(counts.map((c) => [c.orderId, c]));
  return rows.map((r) => ({
    id: r.id,
    applicationNumber: r.applicationNumber,
    state: r.state,
    orderedAt: iso(r.orderedAt) as string,
    paidAt: iso(r.paidAt),
    total: r.total,
    amountPaid: r.amountPaid,
    paymentMethod: r.paymentMethod,
    customer: {
      userId: r.userId,
      name: r.customerName,
      email: r.customerEmail,
      telephone: r.customerTelephone,
    },
    tickets: Number(byOrder.get(r.id)?.n ?? 0),
    useDates: [...(byOrder.get(r.id)?.dates ?? [])].sort(),
  }));
}

interface LineRow {
  id: number;
  nameJa: string;
  nameEn: string | null;
  date: string;
  time: string | null;
  startTime: string | null;
  units: { kind: string; ageGroupId: number | null; quantity: number; unitPrice: number }[];
  subtotal: number;
}

/** The order of the park, whole; not found for any other park's order. */
export async function loadParkOrder(
  db: Db,
  parkId: number,
  orderId: number,
  locale: Locale,
  now = new Date(),
): Promise<OfficeOrder> {
  const row = (await parkOrderQuery(db, parkId)
    .where('o.id', orderId)
    .first('o.subtotal', 'o.coupon_discount', 'o.coin_discount', 'o.payment_id')) as
    | (OrderSummaryRow & { subtotal: number; couponDiscount: number; coinDiscount: number; paymentId: string | null })
    | undefined;
  if (!row) throw notFound();
  const [summary] = await presentSummaries(db, parkId, [row]);
  const today = tokyoDate(now);
  const [lines, tickets, payment, refunds, cancellations, ageGroups] = await Promise.all([
    db('order_lines as l')
      .leftJoin('items as i', 'i.id', 'l.item_id')
      .leftJoin('ticket_packs as t', 't.id', 'l.ticket_pack_id')
      .leftJoin('item_time_slots as s', 's.id', 'l.time_slot_id')
      .where('l.order_id', orderId)
      .orderBy('l.id')
      .select(
        'l.id',
        db.raw('coalesce(i.name_ja, t.name_ja) as name_ja'),
        db.raw('coalesce(i.name_en, t.name_en) as name_en'),
        db.raw('l.date::text as date'),
        'l.time',
        's.start_time',
        'l.units',
        'l.subtotal',
      ) as Promise<LineRow[]>,
    ticketQuery(db, { passes: true })
      .where('t.order_id', orderId)
      .where('t.park_id', parkId)
      .orderBy('t.ticket_number') as Promise<TicketRow[]>,
    row.paymentId
      ? (db('payments').where({ id: row.paymentId }).first() as Promise<Record<string, unknown> | undefined>)
      : Promise.resolve(undefined),
    row.paymentId
      ? (db('payment_refunds').where({ payment_id: row.paymentId }).orderBy('created_at') as Promise<
          { id: string; amount: number; state: string; createdAt: Date }[]
        >)
      : Promise.resolve([]),
    db('cancellations').where({ order_id: orderId }).orderBy('created_at') as Promise<
      (Omit<OfficeCancellation, 'at'> & { createdAt: Date })[]
    >,
    db('age_groups').select('id', 'name_ja', 'name_en') as Promise<
      { id: number; nameJa: string; nameEn: string | null }[]
    >,
  ]);
  const policies = await policiesFor(
    db,
    tickets.map((t) => t.itemId),
  );
  const groupName = new Map(ageGroups.map((g) => [g.id, localize(g, 'name', locale)]));
  const ticketList: OfficeTicket[] = tickets.map((t) => ({
    id: t.id,
    ticketNumber: t.ticketNumber,
    itemId: t.itemId,
    itemName: localize({ nameJa: t.itemNameJa, nameEn: t.itemNameEn }, 'name', locale),
    ageGroupName: t.ageGroupNameJa
      ? localize({ nameJa: t.ageGroupNameJa, nameEn: t.ageGroupNameEn }, 'name', locale)
      : null,
    unitKind: t.unitKind,
    useDate: t.useDate,
    time: t.startTime,
    seatCode: t.seatCode,
    price: t.price,
    state: effectiveTicketState({ state: t.state, useDate: t.useDate, needsCertificate: needsCertificate(t) }, today),
    usedAt: iso(t.usedAt),
    wonViaWaitlist: t.wonViaWaitlist,
    cancellable: isCancellable(t, today, policies.get(t.itemId) ?? [], true),
    visitorCancelBlock: visitorCancelBlock(
      { ...t, daysBefore: ticketDaysBefore(t, today) },
      policies.get(t.itemId) ?? [],
    ),
    refundable: parkRefundBlock({ ...t, daysBefore: null }) === null,
  }));
  const officePayment: OfficePayment | null = payment
    ? {
        id: String(payment.id),
        method: Number(payment.method),
        provider: String(payment.provider),
        mode: String(payment.mode),
        state: String(payment.state),
        amount: Number(payment.amount),
        refundedAmount: Number(payment.refundedAmount),
        refunds: refunds.map((r) => ({ id: r.id, amount: r.amount, state: r.state, at: iso(r.createdAt) as string })),
      }
    : null;
  return {
    ...(summary as OfficeOrderSummary),
    subtotal: row.subtotal,
    couponDiscount: row.couponDiscount,
    coinDiscount: row.coinDiscount,
    lines: lines.map((l) => ({
      id: l.id,
      name: localize(l, 'name', locale),
      date: l.date,
      time: l.time ?? l.startTime ?? null,
      units: l.units.map((u) => ({
        name: (u.ageGroupId ? groupName.get(u.ageGroupId) : null) ?? u.kind,
        quantity: u.quantity,
        unitPrice: u.unitPrice,
      })),
      subtotal: l.subtotal,
    })),
    payment: officePayment,
    ticketList,
    cancellations: cancellations.map((c) => ({
      id: c.id,
      at: iso(c.createdAt) as string,
      ticketIds: c.ticketIds,
      daysBefore: c.daysBefore,
      chargeRate: c.chargeRate,
      fee: c.fee,
      refundAmount: c.refundAmount,
      refundCoins: c.refundCoins,
      state: c.state,
    })),
  };
}
