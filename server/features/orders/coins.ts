// The coin ledger (table coin_entries): balance and the welcome gift. Spent coins are 'pending' while their
// order awaits payment (they count as spent) and become 'settled' or 'cancelled' with it.
import type { Knex } from 'knex';

type Db = Knex | Knex.Transaction;

export const WELCOME_COINS = 500;
/** Coins (welcome gift, rewards) expire this long after they are given. */
export const COIN_LIFETIME_DAYS = 365;

export const coinExpiry = (from: Date) => new Date(from.getTime() + COIN_LIFETIME_DAYS * 86_400_000);

/** The coins a user can spend now. */
export async function coinBalance(db: Db, userId: number): Promise<number> {
  const row = (await db('coin_entries')
    .where({ user_id: userId })
    .whereNot('state', 'cancelled')
    .sum({ n: 'amount' })
    .first()) as { n: unknown } | undefined;
  return Number(row?.n ?? 0);
}

/** Every parent account gets the welcome coins once (kids accounts cannot pay). */
export async function ensureWelcomeCoins(db: Db, userId: number): Promise<void> {
  await db.raw(
    `INSERT INTO coin_entries (user_id, kind, reason, amount, expires_at)
     SELECT id, 'plus', 'welcome', ?, ? FROM users WHERE id = ? AND child_flag = 0
     ON CONFLICT (user_id) WHERE reason = 'welcome' DO NOTHING`,
    [WELCOME_COINS, coinExpiry(new Date()), userId],
  );
}

/** Coupons for everyone are handed to a user the first time their coupons are looked at. */
export async function ensureUserCoupons(db: Db, userId: number): Promise<void> {
  await db.raw(
    `INSERT INTO user_coupons (user_id, coupon_id)
     SELECT ?, id FROM coupons WHERE for_all_users ON CONFLICT (user_id, coupon_id) DO NOTHING`,
    [userId],
  );
}
