// The sandboxes' server-to-server notifications: an outbox in PostgreSQL, delivered by HTTP POST to the
// merchant's notify URL until it answers 2xx, with exponential backoff (2 s, 4 s, 8 s, 16 s, 32 s; 6 attempts).
// Rows are claimed with FOR UPDATE SKIP LOCKED and a lease, so several app instances share the work and a
// crash mid-delivery only delays a retry. No transaction is held during the HTTP call.
// PayPay and merpay signatures are made at send time (their timestamps must be fresh on every retry).
import type { Knex } from 'knex';
import type { Config } from '../../../config';
import { signMerpayWebhook } from '../providers/merpay';
import { signPaypayWebhook } from '../providers/payPay';

export const MAX_ATTEMPTS = 6;
export const BACKOFF_BASE_MS = 2000;
const LEASE_MS = 60_000;
const DELIVERY_TIMEOUT_MS = 10_000;

export const backoffMs = (attempt: number) => BACKOFF_BASE_MS * 2 ** (attempt - 1);

export interface OutgoingNotification {
  provider: 'gmo' | 'paypay' | 'merpay';
  url: string;
  contentType: string;
  body: string;
}

export async function enqueueNotification(db: Knex | Knex.Transaction, n: OutgoingNotification): Promise<void> {
  await db('sandbox_notifications').insert({
    provider: n.provider,
    url: n.url,
    content_type: n.contentType,
    body: n.body,
    max_attempts: MAX_ATTEMPTS,
  });
}

function signatureHeaders(config: Config, provider: string, body: string): Record<string, string> {
  const { paypay, merpay } = config.payments;
  if (provider === 'paypay' && paypay) return signPaypayWebhook(paypay.apiSecret, body);
  if (provider === 'merpay' && merpay) return signMerpayWebhook(merpay.apiSecret, body);
  return {}; // GMO: the CheckString is inside the body
}

interface Row {
  id: number;
  provider: string;
  url: string;
  contentType: string;
  body: string;
  attempts: number;
  maxAttempts: number;
}

/**
 * Delivers due notifications (all pending ones with `all`, what tests use to deliver at once).
 * Answers how many were delivered (2xx) in this round.
 */
export async function deliverDueNotifications(
  knex: Knex,
  config: Config,
  options: { all?: boolean; limit?: number } = {},
): Promise<number> {
  const rows: Row[] = await knex.transaction(async (trx) => {
    const q = trx('sandbox_notifications')
      .whereNull('delivered_at')
      .whereNull('gave_up_at')
      .orderBy('id')
      .limit(options.limit ?? 20)
      .forUpdate()
      .skipLocked();
    // The database's clock, as the row's default was: a Date from here is cut to milliseconds and can
    // fall just before a row inserted in the same millisecond.
    if (!options.all) q.where('next_attempt_at', '<=', trx.fn.now());
    const due = (await q) as Row[];
    if (due.length === 0) return [];
    await trx('sandbox_notifications')
      .whereIn(
        'id',
        due.map((r) => r.id),
      )
      .update({ attempts: trx.raw('attempts + 1'), next_attempt_at: new Date(Date.now() + LEASE_MS) });
    return due.map((r) => ({ ...r, attempts: r.attempts + 1 }));
  });
  let delivered = 0;
  for (const row of rows) {
    let status: number | null = null;
    let error: string | null = null;
    try {
      const res = await fetch(row.url, {
        method: 'POST',
        headers: { 'content-type': row.contentType, ...signatureHeaders(config, row.provider, row.body) },
        body: row.body,
        signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
        redirect: 'manual',
      });
      status = res.status;
      await res.arrayBuffer().catch(() => undefined);
    } catch (err) {
      error = (err as Error).message;
    }
    const now = new Date();
    if (status !== null && status >= 200 && status < 300) {
      delivered++;
      await knex('sandbox_notifications').where({ id: row.id }).update({ delivered_at: now, last_status: status });
    } else if (row.attempts >= row.maxAttempts) {
      await knex('sandbox_notifications')
        .where({ id: row.id })
        .update({ gave_up_at: now, last_status: status, last_error: error });
    } else {
      await knex('sandbox_notifications')
        .where({ id: row.id })
        .update({
          next_attempt_at: new Date(now.getTime() + backoffMs(row.attempts)),
          last_status: status,
          last_error: error,
        });
    }
  }
  return delivered;
}

/** Delivers due notifications every `intervalMs` while the server runs; returns the stop function. */
export function startNotificationPump(
  knex: Knex,
  config: Config,
  intervalMs: number,
  onError: (err: unknown) => void,
): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    deliverDueNotifications(knex, config)
      .catch(onError)
      .finally(() => {
        running = false;
      });
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
