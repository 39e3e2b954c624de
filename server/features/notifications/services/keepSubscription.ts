import type { Knex } from 'knex';

export interface SubscriptionInput {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  language: 'ja' | 'en';
}

/** This device's push subscription, for this account (a device that signs in as someone else moves to them). */
export async function keepSubscription(knex: Knex, userId: number, s: SubscriptionInput): Promise<void> {
  await knex('push_subscriptions')
    .insert({
      user_id: userId,
      endpoint: s.endpoint,
      p256dh: s.keys.p256dh,
      auth: s.keys.auth,
      language: s.language === 'en' ? 1 : 0,
    })
    .onConflict('endpoint')
    .merge(['user_id', 'p256dh', 'auth', 'language']);
}

/** Forgets one of this account's devices; answers how many rows went. */
export async function dropSubscription(knex: Knex, userId: number, endpoint: string): Promise<number> {
  return knex('push_subscriptions').where({ user_id: userId, endpoint }).delete();
}
