// The sweep reconcileLedgers: every yen accounted for (DESIGN "Ledgers"). It looks for what breaks the books and
// records each finding (table reconciliation_findings, one open row per finding) for the park's finance pages:
//   captured_without_tickets  a payment captured (money kept) whose order was voided or failed, not refunded in
//                             full and with no give-back job waiting: repaired by queuing the give-back (a refund,
//                             idempotent per payment);
//   order_arithmetic          a paid order whose money + coins + coupon is not its subtotal, or whose payment is
//                             not the amount paid;
//   refund_mismatch           what the provider gave back (payment.refunded_amount, plus what is owed by bank
//                             transfer for a konbini payment) is not what the order's finished cancellations say,
//                             with no cancellation's refund still under way;
//   tickets_short             a paid order whose tickets are not worth its subtotal (a place or add-on not issued);
//   ticket_unpaid_order       a live ticket whose order is not paid;
//   coins_negative            a coin balance below zero.
// Only the first has one safe repair; the rest are logged as errors and listed for a person to look at. A finding
// that is no longer found is closed (resolved). Recent changes (under GRACE_MS) are left to the paths settling them.
// Raw rows are not camel-cased by the app's mappers: the SQL names its columns as the code reads them.
import type { Knex } from 'knex';
import { transaction } from '../../../db/timeouts';
import { JOB_NAMES, JOB_SCHEMA, jobQueueOf } from '../../jobs';

export const GRACE_MS = 10 * 60_000;

export type FindingKind =
  | 'captured_without_tickets'
  | 'order_arithmetic'
  | 'refund_mismatch'
  | 'tickets_short'
  | 'ticket_unpaid_order'
  | 'coins_negative';

interface Found {
  kind: FindingKind;
  parkId: number | null;
  orderId: number | null;
  paymentId: string | null;
  details: Record<string, unknown>;
}

const PAID = `('paid', 'partially_cancelled', 'cancelled')`;
/**
 * Money paid at a konbini owed back by bank transfer and not transferred yet (payments' bankTransfers.ts): on its
 * way back, so neither kept silently (no captured_without_tickets) nor refunded yet (the payment's refunded_amount
 * grows when finance records the transfer); a cancellation's refund owed so matches its cancellation.
 */
const OWED = (p: string) =>
  `COALESCE((SELECT sum(b.amount) FROM bank_transfer_refunds b WHERE b.payment_id = ${p}.id AND b.state <> 'transferred'), 0)`;
const LIVE_TICKET = `('available', 'won_lottery', 'used', 'partially_used')`;

async function rowsOf<T>(db: Knex, sql: string, bindings: readonly Knex.Value[] = []): Promise<T[]> {
  return ((await db.raw(sql, bindings)) as { rows: T[] }).rows;
}

/**
 * Everything the books say is wrong now (settled before `before`); with `accounts`, only their orders and coins
 * (the ledger properties check each run's own accounts: scanning the whole database after every step made a long
 * run slower with every run it had done).
 */
export async function findProblems(knex: Knex, before: Date, accounts?: readonly number[]): Promise<Found[]> {
  const found: Found[] = [];
  if (accounts?.length === 0) return found;
  const of = (column: string) => (accounts ? ` AND ${column} IN (${accounts.map(() => '?').join(', ')})` : '');
  const ids = accounts ?? [];
  const captured = await rowsOf<{
    id: string;
    orderId: number;
    parkId: number;
    amount: number;
    refunded: number;
    state: string;
  }>(
    knex,
    `SELECT p.id, o.id AS "orderId", o.park_id AS "parkId", p.amount, p.refunded_amount AS refunded, o.state
     FROM payments p JOIN orders o ON o.id = p.order_id
     WHERE p.state IN ('captured', 'partially_refunded') AND o.state IN ('voided', 'failed')
       AND p.refunded_amount + ${OWED('p')} < p.amount AND p.updated_at < ?${of('o.user_id')}
       AND NOT EXISTS (SELECT 1 FROM ${JOB_SCHEMA}.job j WHERE j.name = ? AND j.data->>'paymentId' = p.id::text
                         AND j.state IN ('created', 'retry', 'active'))`,
    [before, ...ids, JOB_NAMES.paymentGiveBack],
  );
  for (const p of captured) {
    found.push({
      kind: 'captured_without_tickets',
      parkId: p.parkId,
      orderId: p.orderId,
      paymentId: p.id,
      details: { amount: p.amount, refunded: p.refunded, orderState: p.state },
    });
  }
  const arithmetic = await rowsOf<{ id: number; parkId: number; paymentId: string | null; [k: string]: unknown }>(
    knex,
    `SELECT o.id, o.park_id AS "parkId", o.payment_id AS "paymentId", o.subtotal, o.amount_paid AS "amountPaid",
            o.coin_discount AS "coinDiscount", o.coupon_discount AS "couponDiscount", o.total, p.amount AS "paymentAmount"
     FROM orders o LEFT JOIN payments p ON p.id = o.payment_id
     WHERE o.state IN ${PAID} AND o.updated_at < ?${of('o.user_id')}
       AND (o.amount_paid + o.coin_discount + o.coupon_discount <> o.subtotal OR o.amount_paid <> o.total
            OR (p.id IS NOT NULL AND p.amount <> o.amount_paid))`,
    [before, ...ids],
  );
  for (const o of arithmetic) {
    const { id, parkId, paymentId, ...details } = o;
    found.push({ kind: 'order_arithmetic', parkId, orderId: id, paymentId, details });
  }
  const refunds = await rowsOf<{ id: number; parkId: number; paymentId: string; refunded: number; cancelled: number }>(
    knex,
    `SELECT * FROM (
       SELECT o.id, o.park_id AS "parkId", p.id AS "paymentId", p.refunded_amount + ${OWED('p')} AS refunded,
              COALESCE((SELECT sum(c.refund_amount) FROM cancellations c WHERE c.order_id = o.id AND c.state = 'done'),
                0) AS cancelled
       FROM orders o JOIN payments p ON p.id = o.payment_id
       WHERE o.state IN ${PAID} AND o.updated_at < ?${of('o.user_id')}
         AND NOT EXISTS (SELECT 1 FROM cancellations c WHERE c.order_id = o.id AND c.state <> 'done')
     ) r WHERE r.refunded <> r.cancelled`,
    [before, ...ids],
  );
  for (const r of refunds) {
    found.push({
      kind: 'refund_mismatch',
      parkId: r.parkId,
      orderId: r.id,
      paymentId: r.paymentId,
      details: { refunded: Number(r.refunded), cancellations: Number(r.cancelled) },
    });
  }
  const short = await rowsOf<{ id: number; parkId: number; subtotal: number; issued: number }>(
    knex,
    `SELECT o.id, o.park_id AS "parkId", o.subtotal, COALESCE(sum(t.price), 0) AS issued
     FROM orders o LEFT JOIN tickets t ON t.order_id = o.id
     WHERE o.state IN ${PAID} AND o.updated_at < ?${of('o.user_id')}
     GROUP BY o.id HAVING COALESCE(sum(t.price), 0) <> o.subtotal`,
    [before, ...ids],
  );
  for (const o of short) {
    found.push({
      kind: 'tickets_short',
      parkId: o.parkId,
      orderId: o.id,
      paymentId: null,
      details: { subtotal: o.subtotal, issued: Number(o.issued) },
    });
  }
  const unpaid = await rowsOf<{ id: number; parkId: number; state: string; tickets: number }>(
    knex,
    `SELECT o.id, o.park_id AS "parkId", o.state, count(*)::int AS tickets
     FROM tickets t JOIN orders o ON o.id = t.order_id
     WHERE t.state IN ${LIVE_TICKET} AND o.state NOT IN ('paid', 'partially_cancelled') AND o.updated_at < ?${of('o.user_id')}
     GROUP BY o.id`,
    [before, ...ids],
  );
  for (const o of unpaid) {
    found.push({
      kind: 'ticket_unpaid_order',
      parkId: o.parkId,
      orderId: o.id,
      paymentId: null,
      details: { orderState: o.state, tickets: Number(o.tickets) },
    });
  }
  const negative = await rowsOf<{ userId: number; balance: number }>(
    knex,
    `SELECT user_id AS "userId", sum(amount)::int AS balance FROM coin_entries WHERE state <> 'cancelled'${of('user_id')}
     GROUP BY user_id HAVING sum(amount) < 0`,
    ids,
  );
  for (const u of negative) {
    found.push({
      kind: 'coins_negative',
      parkId: null,
      orderId: null,
      paymentId: null,
      details: { userId: u.userId, balance: Number(u.balance) },
    });
  }
  return found;
}

const keyOf = (f: { kind: string; orderId: number | null; paymentId: string | null; details?: unknown }) =>
  `${f.kind}|${f.orderId ?? 0}|${f.paymentId ?? ''}|${(f.details as { userId?: number } | null)?.userId ?? ''}`;

export interface ReconcileSummary {
  open: number;
  repaired: number;
  resolved: number;
  found: { kind: FindingKind; orderId: number | null; paymentId: string | null }[];
}

/** One pass: record what is wrong, queue the safe repairs, close what is right again. */
export async function reconcileLedgers(
  knex: Knex,
  now: Date,
  log: (finding: Found) => void = () => undefined,
): Promise<ReconcileSummary> {
  const found = await findProblems(knex, new Date(now.getTime() - GRACE_MS));
  const summary: ReconcileSummary = { open: 0, repaired: 0, resolved: 0, found: [] };
  await transaction(knex, 'report', async (trx) => {
    const open = (await trx('reconciliation_findings')
      .where({ state: 'open' })
      .forUpdate()
      .select('id', 'kind', 'order_id', 'payment_id', 'details')) as {
      id: number;
      kind: string;
      orderId: number | null;
      paymentId: string | null;
      details: unknown;
    }[];
    const openByKey = new Map(open.map((f) => [keyOf(f), f]));
    const seen = new Set<string>();
    for (const f of found) {
      const key = keyOf(f);
      seen.add(key);
      summary.found.push({ kind: f.kind, orderId: f.orderId, paymentId: f.paymentId });
      if (f.kind === 'captured_without_tickets' && f.paymentId) {
        // The give-back refunds with an idempotency key derived from the payment: queuing it again is harmless.
        await jobQueueOf(trx).send(
          trx,
          JOB_NAMES.paymentGiveBack,
          { paymentId: f.paymentId, reason: 'reconciliation' },
          { singletonKey: `reconcile:${f.paymentId}` },
        );
        summary.repaired++;
      } else log(f);
      if (openByKey.has(key)) continue;
      await trx('reconciliation_findings').insert({
        kind: f.kind,
        park_id: f.parkId,
        order_id: f.orderId,
        payment_id: f.paymentId,
        details: JSON.stringify(f.details),
        state: 'open',
        found_at: now,
      });
      summary.open++;
    }
    const gone = open.filter((f) => !seen.has(keyOf(f))).map((f) => f.id);
    if (gone.length > 0) {
      await trx('reconciliation_findings').whereIn('id', gone).update({ state: 'resolved', closed_at: now });
      summary.resolved = gone.length;
    }
  });
  return summary;
}

/** The park's open findings, newest first (the finance pages' list: empty in a healthy park). */
export async function listFindings(knex: Knex, parkId: number) {
  const rows = (await knex('reconciliation_findings')
    .where({ park_id: parkId, state: 'open' })
    .orderBy('id', 'desc')
    .limit(200)
    .select('id', 'kind', 'order_id', 'payment_id', 'details', 'found_at')) as {
    id: number;
    kind: FindingKind;
    orderId: number | null;
    paymentId: string | null;
    details: Record<string, unknown>;
    foundAt: Date;
  }[];
  return rows.map((r) => ({ ...r, id: Number(r.id), foundAt: new Date(r.foundAt).toISOString() }));
}
