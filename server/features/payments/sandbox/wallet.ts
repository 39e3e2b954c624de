// What the PayPay and merpay sandboxes share: the payment rows (sandbox_wallet_payments), the approval page
// (Approve / Decline) that sends the browser back to the merchant's return URL, webhooks through the outbox,
// lazy expiry and idempotent refunds. Each provider file adds its own API dialect on top.
import { randomBytes } from 'node:crypto';
import type { ServerRoute } from '@hapi/hapi';
import type { Knex } from 'knex';
import { formBody } from '../../../lib/formBody';
import { pathParam } from '../../../lib/request';
import { decisionPage, donePage, yen } from './html';
import { enqueueNotification } from './notifications';

export const WALLET_TTL_MS = 30 * 60_000;

export interface WalletRow {
  id: string;
  provider: 'paypay' | 'merpay';
  merchantPaymentId: string;
  providerPaymentId: string | null;
  amount: number;
  capture: boolean;
  status: string;
  description: string | null;
  returnUrl: string | null;
  notifyUrl: string | null;
  refundedAmount: number;
  expiresAt: Date;
  createdAt: Date;
  updatedAt: Date;
}

export interface WalletDialect {
  provider: 'paypay' | 'merpay';
  label: string;
  pagePath(id: string): string;
  newId(): string;
  pending: string;
  approved(capture: boolean): string;
  declined: string;
  expired: string;
  /** The webhook body for a row as it now stands. */
  webhook(row: WalletRow): string;
}

type Db = Knex | Knex.Transaction;

export async function createWalletPayment(
  db: Db,
  d: WalletDialect,
  p: {
    merchantPaymentId: string;
    amount: number;
    capture: boolean;
    description?: string | null;
    returnUrl?: string | null;
    notifyUrl?: string | null;
  },
): Promise<WalletRow | null> {
  const [row] = await db('sandbox_wallet_payments')
    .insert({
      id: d.newId(),
      provider: d.provider,
      merchant_payment_id: p.merchantPaymentId,
      amount: p.amount,
      capture: p.capture,
      status: d.pending,
      description: p.description ?? null,
      return_url: p.returnUrl ?? null,
      notify_url: p.notifyUrl ?? null,
      expires_at: new Date(Date.now() + WALLET_TTL_MS),
    })
    .onConflict(['provider', 'merchant_payment_id'])
    .ignore()
    .returning('*');
  return (row as WalletRow | undefined) ?? null;
}

/** A row, expired first if its approval window passed. */
export async function findWalletPayment(
  db: Db,
  d: WalletDialect,
  where: Record<string, string>,
): Promise<WalletRow | null> {
  const row = (await db('sandbox_wallet_payments')
    .where({ provider: d.provider, ...where })
    .first()) as WalletRow | undefined;
  if (!row) return null;
  if (row.status === d.pending && new Date(row.expiresAt).getTime() < Date.now()) {
    const [expired] = await db('sandbox_wallet_payments')
      .where({ id: row.id, status: d.pending })
      .update({ status: d.expired, updated_at: new Date() })
      .returning('*');
    if (expired) {
      await webhook(db, d, expired as WalletRow);
      return expired as WalletRow;
    }
    return findWalletPayment(db, d, where);
  }
  return row;
}

export async function webhook(db: Db, d: WalletDialect, row: WalletRow): Promise<void> {
  if (!row.notifyUrl) return;
  await enqueueNotification(db, {
    provider: d.provider,
    url: row.notifyUrl,
    contentType: 'application/json',
    body: d.webhook(row),
  });
}

/** Moves a row from one status to another atomically (null when it was not in `from`), with a webhook. */
export async function changeStatus(
  db: Db,
  d: WalletDialect,
  id: string,
  from: string[],
  to: string,
  extra: Record<string, unknown> = {},
): Promise<WalletRow | null> {
  const [row] = await db('sandbox_wallet_payments')
    .where({ id, provider: d.provider })
    .whereIn('status', from)
    .update({ status: to, updated_at: new Date(), ...extra })
    .returning('*');
  if (!row) return null;
  await webhook(db, d, row as WalletRow);
  return row as WalletRow;
}

export type RefundOutcome = { ok: true; row: WalletRow } | { ok: false; code: 'state' | 'amount' | 'mismatch' };

/** Idempotent per refund id; never more than the amount in total. */
export async function refundWallet(
  knex: Knex,
  d: WalletDialect,
  id: string,
  refundId: string,
  amount: number,
  refundable: string[],
  fullyRefunded: string,
): Promise<RefundOutcome> {
  return knex.transaction(async (trx) => {
    const row = (await trx('sandbox_wallet_payments')
      .where({ id, provider: d.provider })
      .forUpdate()
      .first()) as WalletRow;
    const seen = await trx('sandbox_wallet_refunds').where({ provider: d.provider, refund_id: refundId }).first();
    if (seen)
      return seen.paymentId === id && seen.amount === amount ? { ok: true, row } : { ok: false, code: 'mismatch' };
    if (!refundable.includes(row.status)) return { ok: false, code: 'state' };
    if (!Number.isSafeInteger(amount) || amount < 1 || row.refundedAmount + amount > row.amount) {
      return { ok: false, code: 'amount' };
    }
    await trx('sandbox_wallet_refunds').insert({ provider: d.provider, refund_id: refundId, payment_id: id, amount });
    const refunded = row.refundedAmount + amount;
    const [updated] = await trx('sandbox_wallet_payments')
      .where({ id })
      .update({
        refunded_amount: refunded,
        status: refunded >= row.amount ? fullyRefunded : row.status,
        updated_at: new Date(),
      })
      .returning('*');
    return { ok: true, row: updated as WalletRow };
  });
}

/** GET shows the approval page; POST decision=approve|decline decides once and goes back to the merchant. */
export function approvalRoutes(d: WalletDialect, path: string): ServerRoute[] {
  const back = (row: WalletRow) => row.returnUrl;
  return [
    {
      method: 'GET',
      path,
      options: { auth: false, description: `Sandbox ${d.label} approval page` },
      async handler(request, h) {
        const id = pathParam(request, 'id');
        const row = await findWalletPayment(request.server.app.knex, d, { id });
        if (!row)
          return h
            .response(donePage('Not found', 'No such payment.', null))
            .type('text/html')
            .code(404);
        if (row.status !== d.pending) {
          return h
            .response(donePage(d.label, `This payment is ${row.status.toLowerCase()}.`, back(row)))
            .type('text/html; charset=utf-8');
        }
        const html = decisionPage({
          title: `${d.label} sandbox`,
          heading: `${d.label}: confirm payment（お支払いの確認）`,
          rows: [
            ['Merchant（加盟店）', 'ZooPass (sandbox)'],
            ['Amount（金額）', yen(row.amount)],
            ['Description（内容）', row.description ?? ''],
            ['Type（種別）', row.capture ? 'Payment（支払い）' : 'Authorisation（仮売上）'],
          ],
          action: d.pagePath(row.id),
          approve: { value: 'approve', label: 'Approve（支払う）' },
          reject: { value: 'decline', label: 'Decline（キャンセル）' },
        });
        return h.response(html).type('text/html; charset=utf-8').header('cache-control', 'no-store');
      },
    },
    {
      method: 'POST',
      path,
      options: { auth: false },
      async handler(request, h) {
        const id = pathParam(request, 'id');
        const decision = formBody(request.payload).text('decision');
        const knex = request.server.app.knex;
        const row = await findWalletPayment(knex, d, { id });
        if (!row)
          return h
            .response(donePage('Not found', 'No such payment.', null))
            .type('text/html')
            .code(404);
        let now: WalletRow = row;
        if (row.status === d.pending) {
          const approved = decision === 'approve';
          now =
            (await changeStatus(knex, d, id, [d.pending], approved ? d.approved(row.capture) : d.declined, {
              provider_payment_id: approved ? randomBytes(10).toString('hex') : null,
            })) ?? ((await findWalletPayment(knex, d, { id })) as WalletRow);
        }
        const next = back(now);
        if (!next) return h.response(donePage(d.label, 'Done.', null)).type('text/html');
        return h.redirect(next).code(303);
      },
    },
  ];
}
