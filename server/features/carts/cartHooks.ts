// What the cart asks of the features built on it: an annual pass's member discount, guest vouchers and the places
// set aside for holders (passes). Passes import carts
// (pass lines, renewals), so carts call passes back through this hook, which server.ts registers at start: no cycle.
import type { Knex } from 'knex';

/** A priced line as the member discount needs it. */
export interface MemberPricingLine {
  lineId: number;
  itemId: number;
  parkId: number;
  category: number;
  /** The use date (YYYY-MM-DD). */
  date: string;
}

/** One unit of a line a holder's pass discounts: the pass and its percentage. */
export interface MemberUnit {
  passId: number;
  percent: number;
}

export interface CartHooks {
  /** Per line, one entry per active holder (the buyer and the buyer's kids accounts) whose pass discounts it, largest first. */
  memberPricing(
    db: Knex | Knex.Transaction,
    userId: number,
    lines: readonly MemberPricingLine[],
  ): Promise<Map<number, MemberUnit[]>>;
  /** Per admission line with guest vouchers chosen: how many of its units they make free (0: the pass cannot). */
  guestVoucherPricing(
    db: Knex | Knex.Transaction,
    userId: number,
    lines: readonly VoucherLine[],
  ): Promise<Map<number, { passId: number; quantity: number }>>;
  /** Per admission line, the buyer's passes whose guest vouchers could be used on it, with how many are left. */
  voucherOffers(
    db: Knex | Knex.Transaction,
    userId: number,
    lines: readonly MemberPricingLine[],
  ): Promise<Map<number, { passId: number; passNumber: string; left: number }[]>>;
  /** How many holders (the buyer and the buyer's kids accounts) may use pass-holder places at the park on `date`. */
  passPoolHolders(db: Knex | Knex.Transaction, userId: number, parkId: number, date: string): Promise<number>;
}

/** A line and the guest vouchers chosen on it. */
export interface VoucherLine extends MemberPricingLine {
  passId: number;
  quantity: number;
}

let registered: CartHooks | null = null;

export function registerCartHooks(hooks: CartHooks): void {
  registered = hooks;
}

export function cartHooks(): CartHooks {
  if (!registered) throw new Error('cart hooks not registered (server.ts registers them)');
  return registered;
}
