// Payment rows: types, loading (optionally locked), state moves through the state machine with an audit row,
// and the owner's view.
import type { Knex } from 'knex';
import type { Locale, PaymentMethod, PaymentMode } from '../../../common/enums';
import { message } from '../../../common/messages';
import {
  FAILURE_MESSAGES,
  type FailureReason,
  type PaymentState,
  type PaymentView,
  transition,
} from '../../../common/rules/paymentState';
import { audit } from '../../lib/audit';
import type { ProviderName, ProviderTxn } from './provider';

export interface Payment {
  id: string;
  orderId: number;
  userId: number;
  method: PaymentMethod;
  mode: PaymentMode;
  amount: number;
  refundedAmount: number;
  state: PaymentState;
  provider: ProviderName;
  orderRef: string;
  providerRef: string | null;
  accessId: string | null;
  accessPass: string | null;
  userCardId: number | null;
  failureReason: FailureReason | null;
  /** The provider page the browser was sent to (a repeated checkout answers it again). */
  redirectUrl: string | null;
  createdAt: Date;
  updatedAt: Date;
}

type Db = Knex | Knex.Transaction;

function fromRow(row: Record<string, unknown>): Payment {
  return {
    ...(row as unknown as Payment),
    userCardId: row.userCardId === null || row.userCardId === undefined ? null : Number(row.userCardId),
  };
}

export async function findPayment(db: Db, id: string): Promise<Payment | undefined> {
  const row = await db('payments').where({ id }).first();
  return row ? fromRow(row) : undefined;
}

/** The payment row locked until the transaction ends. */
export async function lockPayment(trx: Knex.Transaction, id: string): Promise<Payment | undefined> {
  const row = await trx('payments').where({ id }).forUpdate().first();
  return row ? fromRow(row) : undefined;
}

export async function findByProviderRef(db: Db, provider: ProviderName, providerRef: string) {
  const row = await db('payments').where({ provider, provider_ref: providerRef }).first();
  return row ? fromRow(row) : undefined;
}

export const providerTxn = (p: Payment): ProviderTxn => ({
  providerRef: p.providerRef ?? '',
  orderRef: p.orderRef,
  amount: p.amount,
  accessId: p.accessId,
  accessPass: p.accessPass,
});

export interface MoveOptions {
  /** What caused the move: start, notification, return, capture, void, refund. */
  source: string;
  reason?: FailureReason;
  actorUserId?: number | null;
  data?: Record<string, unknown>;
  /** Extra columns written with the state (refunded_amount). */
  set?: Record<string, unknown>;
}

/** Moves a locked payment to `to` (refused by the state machine if illegal) and writes the audit row. */
export async function moveState(
  trx: Knex.Transaction,
  payment: Payment,
  to: PaymentState,
  options: MoveOptions,
): Promise<Payment> {
  const state = transition(payment.state, to);
  const now = new Date();
  const changes: Record<string, unknown> = { state, updated_at: now, ...options.set };
  if (options.reason) changes.failure_reason = options.reason;
  const [row] = await trx('payments').where({ id: payment.id }).update(changes).returning('*');
  await audit(trx, {
    entity: 'payment',
    entityId: payment.id,
    action: `payment.${state}`,
    actorUserId: options.actorUserId ?? null,
    data: { from: payment.state, to: state, source: options.source, reason: options.reason, ...options.data },
  });
  return fromRow(row);
}

export function presentPayment(p: Payment, locale: Locale): PaymentView {
  return {
    id: p.id,
    orderId: p.orderId,
    method: p.method,
    mode: p.mode,
    amount: p.amount,
    refundedAmount: p.refundedAmount,
    state: p.state,
    failureReason: p.failureReason,
    failureMessage: p.failureReason ? message(FAILURE_MESSAGES[p.failureReason], locale) : null,
    createdAt: new Date(p.createdAt).toISOString(),
    updatedAt: new Date(p.updatedAt).toISOString(),
  };
}
