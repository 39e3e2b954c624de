// Crash recovery of the payment outcome, with the real server as a child process killed by SIGKILL:
//  1. killed after the buyer approved at PayPay but before our side heard of it (the provider's notification is
//     still in its outbox): after a restart the notification confirms the order: one paid order, tickets equal to
//     places sold, one receipt e-mail, and a replayed browser return changes nothing;
//  2. killed after the confirmation committed but before the receipt job ran (no workers): after a restart with
//     workers the receipt is sent exactly once.
// On PostgreSQL when DATABASE_URL is set (a database cloned from the test template), else on PGlite in a
// temporary data directory (the template image unpacked into it).
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import knexFactory, { type Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import type { DateAvailability } from '../../common/dto/cart';
import { addDays } from '../../common/time';
import { loadConfig } from '../config';
import { createKnex, createPglite, toCount } from '../db/knex';
import { commerce } from './commerceFixtures';
import {
  allOutput,
  api,
  approve,
  type ChildServer,
  freePort,
  killAll,
  sleep,
  startChild,
  waitFor,
} from './processServer';
import { startSmtp } from './smtp';
import { adminUrl, PG_TEMPLATE_DB, PGLITE_TEMPLATE_FILE } from './testDb';
import type { TestContext } from './testServer';

const DATABASE_URL = process.env.DATABASE_URL;

/** A database of its own, cloned from the migrated + seeded template, that a child server can use. */
async function freshDatabase(): Promise<{
  env: Record<string, string>;
  open(): Promise<Knex>;
  close(): Promise<void>;
  drop(): Promise<void>;
}> {
  if (DATABASE_URL) {
    const name = `zoo_crash_${randomBytes(6).toString('hex')}`;
    const admin = knexFactory({ client: 'pg', connection: adminUrl(DATABASE_URL), pool: { min: 0, max: 1 } });
    await admin.raw(`CREATE DATABASE ${name} TEMPLATE ${PG_TEMPLATE_DB}`);
    const u = new URL(DATABASE_URL);
    u.pathname = `/${name}`;
    const url = u.toString();
    const knex = createKnex({ databaseUrl: url, poolMax: 4 });
    return {
      env: { DATABASE_URL: url },
      /** PostgreSQL: open beside the children all along. */
      open: async () => knex,
      close: async () => undefined,
      async drop() {
        await knex.destroy();
        await admin.raw(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await admin.destroy();
      },
    };
  }
  const dir = mkdtempSync(join(tmpdir(), 'zoo-crash-'));
  const dataDir = join(dir, 'data');
  let knex: Knex | null = createKnex({
    pglite: createPglite(dataDir, new Blob([readFileSync(PGLITE_TEMPLATE_FILE)])),
  });
  return {
    env: { DATA_DIR: dataDir },
    /** PGlite is one process's: open only while no child runs, and close before starting one. */
    async open() {
      knex ??= createKnex({ pglite: createPglite(dataDir) });
      return knex;
    },
    async close() {
      await knex?.destroy();
      knex = null;
    },
    async drop() {
      await knex?.destroy();
      knex = null;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

type Db = Awaited<ReturnType<typeof freshDatabase>>;

/** The browser's return to our PWA, posted to the API as the callback page does. */
function postReturn(base: string, location: string, token: string) {
  const query = Object.fromEntries(new URL(location).searchParams);
  return api(base, 'POST', `/api/v1/payments/${query.payment_id}/return`, token, { query });
}

let smtp: Awaited<ReturnType<typeof startSmtp>>;
const databases: Db[] = [];

beforeAll(async () => {
  smtp = await startSmtp();
});
afterAll(async () => {
  await killAll();
  for (const db of databases) await db.drop().catch(() => undefined);
  await smtp?.close();
});

/**
 * One scenario's world: a database with a buyer (verified, phone, birthday, prefecture) and an item of our own,
 * the buyer's token signed for the PUBLIC_URL every child of the scenario shares, and the child's environment.
 */
async function scenario() {
  const db = await freshDatabase();
  databases.push(db);
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const env: Record<string, string> = {
    ...db.env,
    PUBLIC_URL: base,
    SMTP_URL: smtp.url,
    LOCAL_OIDC_PORT: String(await freePort()),
    // The template is seeded already.
    SEED: 'false',
  };
  const knex = await db.open();
  const config = loadConfig({ NODE_ENV: 'test', DEMO: 'true', PORT: String(port), ...env });
  const fake = { db: { knex }, server: { app: { config } } } as unknown as TestContext;
  const c = commerce(() => fake);
  const buyer = await c.user();
  const item = await c.makeItem({ capacity: 20 });
  await db.close();

  let child: ChildServer | null = null;
  const start = async (name: string, extra: Record<string, string>) => {
    child = await startChild(name, port, { ...env, ...extra });
    return child;
  };

  /** Two adults in the cart, a PayPay order, approved at the sandbox: answers the order and the return URL. */
  async function buyAndApprove() {
    const from = addDays(c.today, 1);
    const days = await api(base, 'GET', `/api/v1/items/${item.id}/availability?from=${from}&to=${addDays(from, 29)}`);
    expect(days.status, days.text).toBe(200);
    const date = ((days.body?.data ?? []) as DateAvailability[]).find(
      (d) => d.status === 'available' || d.status === 'few',
    )?.date;
    expect(date).toBeTruthy();
    const added = await api(base, 'POST', '/api/v1/carts', buyer.token, {
      item_id: item.id,
      date,
      quantities: [{ age_group_id: 5, quantity: 2 }],
    });
    expect(added.status, added.text).toBe(201);
    const placed = await api(base, 'POST', '/api/v1/orders', buyer.token, {
      park_id: item.parkId,
      agreement: true,
      payment_method: 3,
    });
    expect(placed.status, placed.text).toBe(201);
    const order = placed.body?.data as { orderId: number; payment: { kind: string; url: string; paymentId: string } };
    expect(order.payment.kind).toBe('redirect');
    const back = await approve(order.payment.url);
    return { orderId: order.orderId, paymentId: order.payment.paymentId, back };
  }

  const orderState = async (orderId: number) =>
    (await api(base, 'GET', `/api/v1/orders/${orderId}`, buyer.token)).body?.data?.state as string | undefined;

  /** What the database says, read beside the child (PostgreSQL) or after stopping it (PGlite). */
  async function facts(orderId: number, paymentId: string) {
    const k = await db.open();
    const orders = await k('orders').where({ user_id: buyer.id }).select('id', 'state', 'receipt_sent_at');
    const units = await k('stock_units').where({ item_id: item.id }).select('capacity', 'sold', 'held');
    const tickets = toCount(
      (
        await k('tickets')
          .where({ item_id: item.id })
          .whereNotIn('state', ['cancelled', 'cancel_waiting'])
          .count('* as n')
      )[0]?.n,
    );
    const payment = await k('payments').where({ id: paymentId }).first('state');
    const receiptJobs = toCount(
      (
        await k.raw(`SELECT count(*) AS n FROM pgboss.job WHERE name = 'orderReceipt' AND data->>'orderId' = ?`, [
          String(orderId),
        ])
      ).rows[0]?.n,
    );
    await db.close();
    return {
      paidOrders: orders.filter((o) => o.state === 'paid').map((o) => o.id),
      receiptMarked: orders.every((o) => o.state !== 'paid' || o.receiptSentAt !== null),
      sold: units.reduce((n, u) => n + u.sold, 0),
      held: units.reduce((n, u) => n + u.held, 0),
      tickets,
      paymentState: payment?.state,
      receiptJobs,
    };
  }

  return {
    db,
    buyer,
    item,
    base,
    start,
    child: () => child as ChildServer | null,
    buyAndApprove,
    orderState,
    facts,
    postReturn: (back: string) => postReturn(base, back, buyer.token),
  };
}

describe(`a crash of the server (${DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('after the provider approved but before we heard of it: the notification after a restart makes one paid order, its tickets and one receipt', async () => {
    onTestFailed(() => console.log(allOutput()));
    const s = await scenario();
    // No notification pump: the approval waits in the sandbox's outbox; workers on.
    const first = await s.start('first', { SANDBOX_NOTIFY_INTERVAL_MS: '0', HOLD_SWEEP_INTERVAL_MS: '1000' });
    const { orderId, paymentId, back } = await s.buyAndApprove();
    expect(await s.orderState(orderId)).toBe('pending_payment');
    await first.kill();

    if (DATABASE_URL) {
      // What the crash left: the order waiting, the provider's notification not delivered.
      const k = await s.db.open();
      expect((await k('orders').where({ id: orderId }).first('state')).state).toBe('pending_payment');
      const pending = await k('sandbox_notifications').where({ provider: 'paypay' }).whereNull('delivered_at');
      expect(pending).toHaveLength(1);
    }

    await s.start('second', { SANDBOX_NOTIFY_INTERVAL_MS: '200', HOLD_SWEEP_INTERVAL_MS: '1000' });
    await waitFor('the order to be paid', async () => (await s.orderState(orderId)) === 'paid', 30_000, 200);
    await waitFor('the receipt', () => smtp.count(s.buyer.email) >= 1, 30_000, 100);
    // The browser comes back late (replay): nothing changes.
    const replay = await s.postReturn(back);
    expect(replay.status, replay.text).toBe(200);
    expect(replay.body?.data?.state).toBe('captured');
    await sleep(3000); // more than a worker's polling interval: a second receipt would have gone by now
    expect(smtp.count(s.buyer.email)).toBe(1);
    expect((await smtp.latest(s.buyer.email)).subject).toContain('お申し込み完了');

    if (!DATABASE_URL) await s.child()?.stop();
    expect(await s.facts(orderId, paymentId)).toEqual({
      paidOrders: [orderId],
      receiptMarked: true,
      sold: 2,
      held: 0,
      tickets: 2,
      paymentState: 'captured',
      receiptJobs: 1,
    });
  }, 120_000);

  it('after the confirmation committed but before the receipt job ran: one receipt after a restart with workers', async () => {
    onTestFailed(() => console.log(allOutput()));
    const s = await scenario();
    // No workers: the receipt job waits in the queue; the notification pump on, so the payment is confirmed.
    const first = await s.start('first', { SANDBOX_NOTIFY_INTERVAL_MS: '200', HOLD_SWEEP_INTERVAL_MS: '0' });
    const { orderId, paymentId, back } = await s.buyAndApprove();
    await waitFor('the order to be paid', async () => (await s.orderState(orderId)) === 'paid', 30_000, 200);
    await sleep(1500);
    expect(smtp.count(s.buyer.email)).toBe(0);
    await first.kill();

    if (DATABASE_URL) {
      const k = await s.db.open();
      const jobs = await k.raw(`SELECT state FROM pgboss.job WHERE name = 'orderReceipt' AND data->>'orderId' = ?`, [
        String(orderId),
      ]);
      expect(jobs.rows.map((r: { state: string }) => r.state)).toEqual(['created']);
    }

    await s.start('second', { SANDBOX_NOTIFY_INTERVAL_MS: '200', HOLD_SWEEP_INTERVAL_MS: '1000' });
    await waitFor('the receipt', () => smtp.count(s.buyer.email) >= 1, 30_000, 100);
    const replay = await s.postReturn(back);
    expect(replay.status, replay.text).toBe(200);
    expect(replay.body?.data?.state).toBe('captured');
    await sleep(3000);
    expect(smtp.count(s.buyer.email)).toBe(1);

    if (!DATABASE_URL) await s.child()?.stop();
    expect(await s.facts(orderId, paymentId)).toEqual({
      paidOrders: [orderId],
      receiptMarked: true,
      sold: 2,
      held: 0,
      tickets: 2,
      paymentState: 'captured',
      receiptJobs: 1,
    });
  }, 120_000);
});
