// What becomes of an order in the features built on orders: a lottery entry is an order (lottery), a waitlist offer
// is paid by one (waitlist), so is a group's visit (groups), a paid order's places become tickets (wallet). Those features import orders; orders
// calls them back through these hooks, which server.ts (the composition root) registers at start, so orders imports
// none of them and no cycle forms. Each hook runs in the transaction of the order's change.
import type { Knex } from 'knex';
import type { PassLineDetails } from '../../../common/dto/pass';
import type { DrawChoice } from '../../../common/rules/lotteryDraw';
import type { OrderState } from '../../../common/rules/orderState';

export interface LotteryEntryInput {
  userId: number;
  orderId: number;
  itemId: number;
  /** People in the party (the line's places). */
  party: number;
  /** The cart line's date and slot: the first choice. */
  first: DrawChoice;
  /** The second and third choices, most wanted first. */
  more: DrawChoice[];
  waitlist: boolean;
  now: Date;
}

/** The order as far as issuing its tickets needs it. */
export interface IssuingOrder {
  id: number;
  userId: number;
  parkId: number;
  applicationNumber: string;
}

/** An order line as far as issuing needs it: its priced units (order_lines.units) and where it is used. */
export interface IssuingLine {
  id: number;
  itemId: number | null;
  ticketPackId: number | null;
  date: string;
  timeSlotId: number | null;
  seats: string[];
  units: { kind: string; planId?: number | null; ageGroupId: number | null; quantity: number; unitPrice: number }[];
  /** A pass line (issue 29): its holders; the ledger issues passes and term tickets instead of day tickets. */
  passDetails?: PassLineDetails | null;
}

export interface OrderHooks {
  /** A lottery line's order was inserted: its entry (refusals are domain errors). Answers the entry's id. */
  enterLottery(trx: Knex.Transaction, input: LotteryEntryInput): Promise<number>;
  /** A lottery order's authorisation went through: whether its entry takes part (false: it is given back). */
  lotteryAuthorised(trx: Knex.Transaction, orderId: number, now: Date): Promise<boolean>;
  /** A pending order failed: its lottery entry, if it has one, is void. */
  lotteryOrderFailed(trx: Knex.Transaction, orderId: number, now: Date): Promise<void>;
  /** The order of a waitlist offer was paid. */
  offerTaken(trx: Knex.Transaction, orderId: number, now: Date): Promise<void>;
  /**
   * A group's card payment succeeded: whether its request still waits for this order (locked; false when the
   * group was paid otherwise or given up meanwhile: the payment is then given back, nothing is bought).
   */
  groupOrderAwaited(trx: Knex.Transaction, orderId: number): Promise<boolean>;
  /** The order of a group's visit was paid by card (its tickets issued): the request is paid (groups). */
  groupOrderPaid(trx: Knex.Transaction, orderId: number, now: Date): Promise<void>;
  /** Issues the order's tickets (the ticket ledger); answers how many. */
  issueTickets(
    trx: Knex.Transaction,
    order: IssuingOrder,
    lines: readonly IssuingLine[],
    state: 'available' | 'won_lottery',
    options?: { wonViaWaitlist?: boolean; now?: Date },
  ): Promise<number>;
  /** The order's tickets were issued: the annual passes it bought take the face photos chosen at purchase (passes). */
  passesIssued(trx: Knex.Transaction, orderId: number): Promise<unknown>;
  /** placeOrder: hold the guest vouchers its admission lines use, under the passes' locks (refusals are domain errors). */
  holdGuestVouchers(
    trx: Knex.Transaction,
    orderId: number,
    userId: number,
    uses: readonly GuestVoucherUse[],
  ): Promise<void>;
  /** The order changed state: its guest vouchers are spent (paid) or given back (failed, cancelled) (passes). */
  guestVouchersFollowOrder(trx: Knex.Transaction, orderId: number, state: OrderState): Promise<void>;
}

/** Guest vouchers of a pass used on an admission line (carts' VoucherLine). */
export interface GuestVoucherUse {
  lineId: number;
  itemId: number;
  parkId: number;
  category: number;
  date: string;
  passId: number;
  quantity: number;
}

let registered: OrderHooks | null = null;

export function registerOrderHooks(hooks: OrderHooks): void {
  registered = hooks;
}

export function orderHooks(): OrderHooks {
  if (!registered) throw new Error('order hooks not registered (server.ts registers them)');
  return registered;
}
