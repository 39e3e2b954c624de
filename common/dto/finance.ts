// The back office's finance pages (/staff/office/:parkId/orders, /reports): orders of a park found by number,
// e-mail or phone, their lines, payment, tickets and cancellations, cancellations made for the visitor, and a day's
// sales and admissions per item. Answers of api/v1/staff/parks/{parkId}/orders... and .../reports/daily.

import type { CancelBlock } from '../rules/cancelBlock';
import type { OrderState } from '../rules/orderState';
import type { Occupancy } from './staff';
import type { CancellationQuote, TicketState } from './wallet';

/** GET api/v1/staff/parks/{parkId}/orders?number=|email=|phone=: one order found. */
export interface OfficeOrderSummary {
  id: number;
  applicationNumber: string;
  state: OrderState;
  orderedAt: string;
  paidAt: string | null;
  total: number;
  amountPaid: number;
  /** PaymentMethod (common/enums.ts): 1 card, 2 merpay, 3 PayPay, 4 coins / free. */
  paymentMethod: number;
  customer: { userId: number; name: string; email: string | null; telephone: string | null };
  /** Tickets of the order at this park, and the days they are for. */
  tickets: number;
  useDates: string[];
}

export interface OfficeOrderLine {
  id: number;
  name: string;
  date: string;
  time: string | null;
  units: { name: string; quantity: number; unitPrice: number }[];
  subtotal: number;
}

export interface OfficeTicket {
  id: string;
  ticketNumber: string;
  itemId: number;
  itemName: string;
  ageGroupName: string | null;
  unitKind: string;
  useDate: string;
  time: string | null;
  seatCode: string | null;
  price: number;
  state: TicketState;
  usedAt: string | null;
  wonViaWaitlist: boolean;
  /** The park may cancel it now for the visitor (waitlist wins too, priced as of the reservation). */
  cancellable: boolean;
  /** Why the visitor cannot cancel it themselves today (null: they can); shown in ja and en. */
  visitorCancelBlock: CancelBlock | null;
  /** The park may refund it (a closure): fee 0, whatever the policy or the day. */
  refundable: boolean;
}

export interface OfficePayment {
  id: string;
  method: number;
  provider: string;
  mode: string;
  state: string;
  amount: number;
  refundedAmount: number;
  refunds: { id: string; amount: number; state: string; at: string }[];
}

export interface OfficeCancellation {
  id: string;
  at: string;
  ticketIds: string[];
  daysBefore: number;
  chargeRate: number;
  fee: number;
  refundAmount: number;
  refundCoins: number;
  state: 'refunding' | 'refund_failed' | 'done';
}

/** GET api/v1/staff/parks/{parkId}/orders/{orderId}. */
export interface OfficeOrder extends OfficeOrderSummary {
  subtotal: number;
  couponDiscount: number;
  coinDiscount: number;
  lines: OfficeOrderLine[];
  payment: OfficePayment | null;
  ticketList: OfficeTicket[];
  cancellations: OfficeCancellation[];
}

/** POST api/v1/staff/parks/{parkId}/orders/{orderId}/cancellations: what the visitor's cancellation answers. */
export interface OfficeCancellationAnswer {
  cancellationId: string;
  state: 'done' | 'refunding' | 'refund_failed';
  quote: CancellationQuote;
  order: OfficeOrder;
}

/** One item's day: places sold (orders paid that day), refunds (cancellations made that day), admissions. */
export interface DailyReportRow {
  itemId: number;
  itemName: string;
  /** Tickets of orders paid that day (Asia/Tokyo). */
  soldPlaces: number;
  /** Their prices, yen, tax included (before coupons and coins, which are per order). */
  amount: number;
  /** Tickets cancelled that day. */
  cancelledPlaces: number;
  /** Money refunded for them (yen; coins returned are not money), shared out by ticket price within each cancellation. */
  refundAmount: number;
  /** Tickets used that day (the first act at the gate, or the holder's button or link). */
  admitted: number;
  /** A timed item's split per time slot (in start order); empty for an item without slots. */
  slots: DailyReportSlot[];
}

/** A timed item's figures for one of its time slots (the tickets' slot; the item row is their sum). */
export interface DailyReportSlot extends DailyReportFigures {
  slotId: number;
  /** "09:00–12:00". */
  label: string;
}

export type DailyReportFigures = Omit<DailyReportRow, 'itemId' | 'itemName' | 'slots'>;

/** GET api/v1/staff/parks/{parkId}/reports/daily?date= (one day) or ?from=&to= (a range of days, at most 366). */
export interface DailyReport {
  parkId: number;
  /** The first day (kept for one-day readers: the same as `from`). */
  date: string;
  from: string;
  to: string;
  rows: DailyReportRow[];
  totals: DailyReportFigures;
  /** Entries minus exits at the gates per hour, for a one-day report; null over a range. */
  occupancy: Occupancy | null;
}

/** What the reconciliation sweep found wrong in a park's books (GET api/v1/staff/parks/{id}/reconciliation). */
export type ReconciliationKind =
  | 'captured_without_tickets'
  | 'order_arithmetic'
  | 'refund_mismatch'
  | 'tickets_short'
  | 'ticket_unpaid_order'
  | 'coins_negative';

export interface ReconciliationFinding {
  id: number;
  kind: ReconciliationKind;
  orderId: number | null;
  paymentId: string | null;
  details: Record<string, unknown>;
  /** ISO 8601. */
  foundAt: string;
}
