// What the cart asks of the features built on it: an annual pass's member discount (passes). Passes import carts
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
}

let registered: CartHooks | null = null;

export function registerCartHooks(hooks: CartHooks): void {
  registered = hooks;
}

export function cartHooks(): CartHooks {
  if (!registered) throw new Error('cart hooks not registered (server.ts registers them)');
  return registered;
}
