// The coin ledger: the only writer of coin_entries (coinLedger.unit.test.ts fails when another file writes it).
// Entries: 'plus' (welcome gift, reward), 'minus' (spent on an order; reward coins taken back by a cancellation),
// 'return' (coins given back by a cancellation), 'expired'. Spent coins are 'pending' while their order awaits
// payment (they count as spent) and become 'settled' with its payment or 'cancelled' when it fails or is voided. The
// balance never goes below zero: a spend or take-back larger than it is refused. Callers hold the user's row lock
// (users FOR UPDATE) when they spend, as the checkout does.
import type { Knex } from 'knex';
import { DomainError } from '../../lib/errors';

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

/** Spends coins on an order awaiting payment (pending until its payment settles). */
export async function spendCoins(trx: Knex.Transaction, userId: number, orderId: number, amount: number) {
  if (amount <= 0) return;
  const owned = await coinBalance(trx, userId);
  if (owned < amount) throw new DomainError('coinsExceedOwned', { owned });
  await trx('coin_entries').insert({
    user_id: userId,
    kind: 'minus',
    reason: 'order',
    amount: -amount,
    state: 'pending',
    order_id: orderId,
  });
}

/** The order's payment settled (also late, after its coins had been given back): its spent coins are spent. */
export async function settleSpentCoins(trx: Knex.Transaction, orderId: number): Promise<void> {
  await trx('coin_entries')
    .where({ order_id: orderId, kind: 'minus', reason: 'order' })
    .whereIn('state', ['pending', 'cancelled'])
    .update({ state: 'settled' });
}

/**
 * The order failed or was voided: the coins spent on it come back (entries cancelled). `settled` too for an
 * authorised order whose win never came (its coins had been settled with the authorisation).
 */
export async function giveBackSpentCoins(trx: Knex.Transaction, orderId: number, includeSettled = false) {
  await trx('coin_entries')
    .where({ order_id: orderId, kind: 'minus', reason: 'order' })
    .whereIn('state', includeSettled ? ['pending', 'settled'] : ['pending'])
    .update({ state: 'cancelled' });
}

/** Reward coins for a paid order, valid for COIN_LIFETIME_DAYS. */
export async function grantRewardCoins(
  trx: Knex.Transaction,
  userId: number,
  orderId: number,
  amount: number,
  now: Date,
) {
  if (amount <= 0) return;
  await trx('coin_entries').insert({
    user_id: userId,
    kind: 'plus',
    reason: 'reward',
    amount,
    order_id: orderId,
    expires_at: coinExpiry(now),
    created_at: now,
  });
}

/** A cancellation takes back the reward coins its tickets earned (never more than the balance). */
export async function takeBackRewardCoins(
  trx: Knex.Transaction,
  c: { userId: number; orderId: number; cancellationId: string; amount: number },
  now: Date,
) {
  if (c.amount <= 0) return;
  if ((await coinBalance(trx, c.userId)) < c.amount) throw new DomainError('ticketStateConflict');
  await trx('coin_entries').insert({
    user_id: c.userId,
    kind: 'minus',
    reason: 'reward_back',
    amount: -c.amount,
    order_id: c.orderId,
    cancellation_id: c.cancellationId,
    created_at: now,
  });
}

/** A cancellation gives back the coins paid for what it cancels. */
export async function returnCoins(
  trx: Knex.Transaction,
  c: { userId: number; orderId: number; cancellationId: string; amount: number },
  now: Date,
) {
  if (c.amount <= 0) return;
  await trx('coin_entries').insert({
    user_id: c.userId,
    kind: 'return',
    reason: 'cancel',
    amount: c.amount,
    order_id: c.orderId,
    cancellation_id: c.cancellationId,
    created_at: now,
  });
}

/** A gift (welcome, reward, return) whose lifetime ended: `lapsing` coins of it go (at most the balance). */
export async function expireGift(trx: Knex.Transaction, gift: { id: number; userId: number }, lapsing: number) {
  if (lapsing > 0) {
    await trx('coin_entries').insert({ user_id: gift.userId, kind: 'expired', reason: 'expiry', amount: -lapsing });
  }
  await trx('coin_entries').where({ id: gift.id }).update({ expiry_processed: true });
}
