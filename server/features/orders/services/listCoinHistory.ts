import type { Knex } from 'knex';
import { coinBalance, ensureWelcomeCoins } from '../coins';

export interface CoinHistoryRow {
  id: number;
  kind: 'plus' | 'minus' | 'return' | 'expired';
  reason: string;
  amount: number;
  orderId: number | null;
  applicationNumber: string | null;
  expiresAt: Date | null;
  createdAt: Date;
}

/** Settled ledger entries, newest first (pending spends show once their order is paid). */
export async function listCoinHistory(knex: Knex, userId: number, page: number, perPage: number) {
  await ensureWelcomeCoins(knex, userId);
  const q = knex('coin_entries as e').where('e.user_id', userId).where('e.state', 'settled');
  const [rows, total, balance] = await Promise.all([
    q
      .clone()
      .leftJoin('orders as o', 'o.id', 'e.order_id')
      .orderBy([
        { column: 'e.created_at', order: 'desc' },
        { column: 'e.id', order: 'desc' },
      ])
      .limit(perPage)
      .offset((page - 1) * perPage)
      .select(
        'e.id',
        'e.kind',
        'e.reason',
        'e.amount',
        'e.order_id',
        'o.application_number',
        'e.expires_at',
        'e.created_at',
      ) as Promise<CoinHistoryRow[]>,
    q.clone().count({ n: '*' }).first() as Promise<{ n: unknown } | undefined>,
    coinBalance(knex, userId),
  ]);
  return { rows, total: Number(total?.n ?? 0), balance };
}

/** The current balance and the next expiry (the oldest unexpired gift with coins left). */
export async function currentCoins(knex: Knex, userId: number) {
  await ensureWelcomeCoins(knex, userId);
  const [balance, next] = await Promise.all([
    coinBalance(knex, userId),
    knex('coin_entries')
      .where({ user_id: userId, kind: 'plus', expiry_processed: false })
      .whereNotNull('expires_at')
      .orderBy('expires_at')
      .first('expires_at') as Promise<{ expiresAt: Date } | undefined>,
  ]);
  return { balance, nextExpiry: next?.expiresAt ?? null };
}
