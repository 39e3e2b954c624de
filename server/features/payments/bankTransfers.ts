// Konbini give-back by bank transfer: the one writer of bank_transfer_refunds (ledgerWriters.unit.test.ts).
// GMO has no refund for money paid at a convenience store; money that must go back is owed to the buyer as a bank
// transfer the park makes: awaiting_account -> ready (the buyer entered an account) -> transferred (finance
// recorded it, once). Until then the payment keeps its state and refunded_amount (owed is neither kept nor refunded:
// the reconciliation counts what is owed as on its way back); recording the transfer refunds the payment through its
// state machine, with a payment_refunds row and a credit note, as a provider refund would.
// Every function takes the caller's transaction and locks what it settles (the payment's row, the transfer's row).
// Also the one writer of bank_transfer_reminders: the reminders to enter an account, once each (remindAccount).
import type { Knex } from 'knex';
import {
  ACCOUNT_REMINDER_DAYS,
  type BankTransferReason,
  type BankTransferState,
  type MyBankTransfer,
  type OfficeBankTransfer,
} from '../../../common/dto/bankTransfer';
import type { NormalisedBankAccount } from '../../../common/rules/bankAccount';
import { stateAfterRefund } from '../../../common/rules/paymentState';
import { daysBetween, tokyoDate } from '../../../common/time';
import { audit } from '../../lib/audit';
import { DomainError, notFound } from '../../lib/errors';
import { recordStaffChange } from '../../lib/staffAudit';
import { issueCreditNote } from '../invoices';
import { JOB_NAMES, jobQueueOf } from '../jobs';
import { notify } from '../notifications';
import { lockPayment, moveState } from './store';

export interface BankTransferRow {
  id: string;
  paymentId: string;
  orderId: number;
  userId: number;
  parkId: number;
  cancellationId: string | null;
  amount: number;
  reason: BankTransferReason;
  state: BankTransferState;
  bankCode: string | null;
  bankName: string | null;
  bankNameKana: string | null;
  branchCode: string | null;
  branchName: string | null;
  branchNameKana: string | null;
  accountType: 'ordinary' | 'current' | null;
  accountNumber: string | null;
  holderKana: string | null;
  accountSetAt: Date | null;
  transferredOn: string | null;
  transferredBy: number | null;
  transferredAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

const yenText = (amount: number) => ({ ja: `${amount.toLocaleString('ja')}円`, en: `¥${amount.toLocaleString('en')}` });

/** What is owed by transfer and not transferred yet for a payment. */
export async function owedByTransfer(db: Knex | Knex.Transaction, paymentId: string): Promise<number> {
  const row = (await db('bank_transfer_refunds')
    .where({ payment_id: paymentId })
    .whereNot('state', 'transferred')
    .sum({ n: 'amount' })
    .first()) as { n: unknown } | undefined;
  return Number(row?.n ?? 0);
}

export interface OweInput {
  /** The cancellation's id, or the give-back's stable id: owing it again is a no-op. */
  id: string;
  paymentId: string;
  amount: number;
  reason: BankTransferReason;
  cancellationId?: string | null;
  actorUserId?: number | null;
  /** A success we refused (the payment row stays failed): the amount is what the store took, not capped by the payment. */
  reported?: boolean;
}

/**
 * Records a transfer owed to the payment's buyer (under the payment's row lock), tells them (inbox, push and mail:
 * enter an account) and audits it. Answers the row, or null when it was recorded before (nothing is told twice).
 * Refuses (paymentRefundTooLarge) what would give back more than the payment took.
 */
export async function oweBankTransfer(trx: Knex.Transaction, input: OweInput): Promise<BankTransferRow | null> {
  if (!Number.isSafeInteger(input.amount) || input.amount < 1)
    throw new DomainError('invalidParam', { field: 'amount' });
  const payment = await lockPayment(trx, input.paymentId);
  if (!payment) throw notFound();
  if (await trx('bank_transfer_refunds').where({ id: input.id }).first('id')) return null;
  if (!input.reported) {
    const owed = await owedByTransfer(trx, payment.id);
    if (payment.refundedAmount + owed + input.amount > payment.amount) throw new DomainError('paymentRefundTooLarge');
  }
  const order = (await trx('orders').where({ id: payment.orderId }).first('park_id', 'application_number')) as {
    parkId: number;
    applicationNumber: string;
  };
  const [row] = (await trx('bank_transfer_refunds')
    .insert({
      id: input.id,
      payment_id: payment.id,
      order_id: payment.orderId,
      user_id: payment.userId,
      park_id: order.parkId,
      cancellation_id: input.cancellationId ?? null,
      amount: input.amount,
      reason: input.reason,
      state: 'awaiting_account',
    })
    .returning('*')) as BankTransferRow[];
  await audit(trx, {
    entity: 'bank_transfer',
    entityId: input.id,
    action: 'owed',
    actorUserId: input.actorUserId ?? null,
    data: { paymentId: payment.id, orderId: payment.orderId, amount: input.amount, reason: input.reason },
  });
  await audit(trx, {
    entity: 'payment',
    entityId: payment.id,
    action: 'payment.bank_transfer_owed',
    actorUserId: input.actorUserId ?? null,
    data: { transferId: input.id, amount: input.amount, reason: input.reason },
  });
  await notify(trx, {
    userId: payment.userId,
    kind: 'bankTransferOwed',
    params: { number: order.applicationNumber, amount: yenText(input.amount) },
    navigate: `/my-tickets/refunds/${input.id}`,
    about: `bank_transfer:${input.id}`,
  });
  await jobQueueOf(trx).send(trx, JOB_NAMES.bankTransferOwedMail, { transferId: input.id }, { singletonKey: input.id });
  return row as BankTransferRow;
}

/** The bank and branch of an account as the Zengin list names them (kana: half-width, for the transfer file). */
export interface BankNames {
  bankName: string;
  bankNameKana: string;
  branchName: string;
  branchNameKana: string;
}

/**
 * The buyer's account for the transfer, already checked and normalised by the caller (theirs only: 404 for anyone
 * else); 409 once transferred.
 */
export async function setTransferAccount(
  trx: Knex.Transaction,
  input: { userId: number; id: string; account: NormalisedBankAccount; names: BankNames },
  now: Date,
): Promise<BankTransferRow> {
  const row = (await trx('bank_transfer_refunds').where({ id: input.id, user_id: input.userId }).forUpdate().first()) as
    | BankTransferRow
    | undefined;
  if (!row) throw notFound();
  if (row.state === 'transferred') throw new DomainError('bankTransferDone');
  const a = input.account;
  const [next] = (await trx('bank_transfer_refunds')
    .where({ id: row.id })
    .update({
      bank_code: a.bankCode,
      bank_name: input.names.bankName,
      bank_name_kana: input.names.bankNameKana,
      branch_code: a.branchCode,
      branch_name: input.names.branchName,
      branch_name_kana: input.names.branchNameKana,
      account_type: a.accountType,
      account_number: a.accountNumber,
      holder_kana: a.holderKana,
      account_set_at: now,
      state: 'ready',
      updated_at: now,
    })
    .returning('*')) as BankTransferRow[];
  // The account itself stays out of the audit trail (finance reads it from the row).
  await audit(trx, {
    entity: 'bank_transfer',
    entityId: row.id,
    action: row.state === 'ready' ? 'account_changed' : 'account_set',
    actorUserId: input.userId,
    data: { from: row.state, to: 'ready' },
  });
  return next as BankTransferRow;
}

/** Which reminder is due `days` whole Tokyo days after the transfer was owed (the latest one reached), if any. */
export const accountReminderDue = (days: number): number | null =>
  [...ACCOUNT_REMINDER_DAYS].reverse().find((d) => days >= d) ?? null;

/**
 * Reminds the buyer to enter an account (inbox and push through notify, mail through the job
 * bankAccountReminderMail), once per transfer and reminder day: under the transfer's row lock, the
 * bank_transfer_reminders row is the claim, so two sweeps at once (or a retry) remind once. Nothing when the account
 * came meanwhile. Answers whether it reminded.
 */
export async function remindAccount(
  trx: Knex.Transaction,
  input: { id: string; daysAfter: number },
  now: Date,
): Promise<boolean> {
  const row = (await trx('bank_transfer_refunds').where({ id: input.id }).forUpdate().first()) as
    | BankTransferRow
    | undefined;
  if (row?.state !== 'awaiting_account') return false;
  const claimed = await trx('bank_transfer_reminders')
    .insert({ transfer_id: row.id, days_after: input.daysAfter, sent_at: now })
    .onConflict(['transfer_id', 'days_after'])
    .ignore()
    .returning('transfer_id');
  if (claimed.length === 0) return false;
  const order = await trx('orders').where({ id: row.orderId }).first('application_number');
  await notify(trx, {
    userId: row.userId,
    kind: 'bankAccountReminder',
    params: { number: order?.applicationNumber ?? '', amount: yenText(row.amount), days: input.daysAfter },
    navigate: `/my-tickets/refunds/${row.id}`,
    about: `bank_transfer:${row.id}:${input.daysAfter}`,
  });
  await jobQueueOf(trx).send(
    trx,
    JOB_NAMES.bankAccountReminderMail,
    { transferId: row.id, daysAfter: input.daysAfter },
    { singletonKey: `${row.id}:${input.daysAfter}` },
  );
  await audit(trx, {
    entity: 'bank_transfer',
    entityId: row.id,
    action: 'account_reminder',
    actorUserId: null,
    data: { daysAfter: input.daysAfter },
  });
  return true;
}

/**
 * Finance recorded the transfer (once: 409 bankTransferDone after; 409 bankAccountMissing before the account).
 * In the same transaction the payment is refunded by that amount through its state machine (payment_refunds row,
 * credit note), the park's staff audit and the buyer's inbox are written.
 */
export async function recordTransfer(
  trx: Knex.Transaction,
  input: { parkId: number; id: string; staffUserId: number; transferredOn: string },
  now: Date,
): Promise<BankTransferRow> {
  const row = (await trx('bank_transfer_refunds').where({ id: input.id, park_id: input.parkId }).forUpdate().first()) as
    | BankTransferRow
    | undefined;
  if (!row) throw notFound();
  if (row.state === 'transferred') throw new DomainError('bankTransferDone');
  if (row.state !== 'ready') throw new DomainError('bankAccountMissing');
  // A transfer is recorded once made: never on a day still to come (Tokyo).
  if (input.transferredOn > tokyoDate(now)) throw new DomainError('invalidParam', { field: 'transferred_on' });
  const payment = await lockPayment(trx, row.paymentId);
  if (!payment) throw notFound();
  const [next] = (await trx('bank_transfer_refunds')
    .where({ id: row.id })
    .update({
      state: 'transferred',
      transferred_on: input.transferredOn,
      transferred_by: input.staffUserId,
      transferred_at: now,
      updated_at: now,
    })
    .returning('*')) as BankTransferRow[];
  await trx('payment_refunds').insert({
    id: row.id,
    payment_id: payment.id,
    amount: row.amount,
    state: 'succeeded',
    reason: `bank_transfer:${row.reason}`,
    created_at: now,
    updated_at: now,
  });
  // A refused success (the payment row stayed failed) has nothing of ours to refund: the transfer row says it all.
  if (payment.state === 'captured' || payment.state === 'partially_refunded') {
    const refunded = payment.refundedAmount + row.amount;
    await moveState(trx, payment, stateAfterRefund(payment.amount, payment.refundedAmount, row.amount), {
      source: 'bank_transfer',
      actorUserId: input.staffUserId,
      data: { refundId: row.id, amount: row.amount, refundedAmount: refunded },
      set: { refunded_amount: refunded },
    });
    await issueCreditNote(trx, { paymentId: payment.id, refundId: row.id, amount: row.amount }, now);
  }
  await audit(trx, {
    entity: 'bank_transfer',
    entityId: row.id,
    action: 'transferred',
    actorUserId: input.staffUserId,
    data: { amount: row.amount, transferredOn: input.transferredOn, paymentId: payment.id },
  });
  await recordStaffChange(trx, {
    parkId: input.parkId,
    actorUserId: input.staffUserId,
    entity: 'bank_transfer',
    entityId: row.id,
    action: 'transferred',
    before: { state: row.state },
    after: { state: 'transferred', transferredOn: input.transferredOn, amount: row.amount, orderId: row.orderId },
  });
  const order = await trx('orders').where({ id: row.orderId }).first('application_number');
  await notify(trx, {
    userId: row.userId,
    kind: 'refundDone',
    params: { number: order?.applicationNumber ?? '', amount: yenText(row.amount) },
    navigate: `/my-tickets/refunds/${row.id}`,
    about: `bank_transfer:${row.id}`,
  });
  return next as BankTransferRow;
}

const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : null);
const day = (d: Date | string | null) =>
  d === null
    ? null
    : typeof d === 'string'
      ? d.slice(0, 10)
      : new Date(d.getTime() + 9 * 3600_000).toISOString().slice(0, 10);

/** The owner's view: the account by its last three digits only. */
export function presentMine(row: BankTransferRow, applicationNumber: string): MyBankTransfer {
  return {
    id: row.id,
    orderId: row.orderId,
    applicationNumber,
    amount: row.amount,
    reason: row.reason,
    state: row.state,
    createdAt: iso(row.createdAt) as string,
    transferredOn: day(row.transferredOn),
    account: row.accountNumber
      ? {
          bankCode: row.bankCode ?? '',
          bankName: row.bankName ?? '',
          branchCode: row.branchCode ?? '',
          branchName: row.branchName ?? '',
          accountType: row.accountType ?? 'ordinary',
          numberEnding: row.accountNumber.slice(-3),
          holderKana: row.holderKana ?? '',
        }
      : null,
  };
}

/** Finance's view: the whole account (to make the transfer), how long it has waited for one, the reminders sent. */
export function presentOffice(
  row: BankTransferRow,
  order: { applicationNumber: string; customerName: string },
  waiting: { today: string; remindersSent: number[] },
): OfficeBankTransfer {
  return {
    id: row.id,
    orderId: row.orderId,
    applicationNumber: order.applicationNumber,
    customerName: order.customerName,
    amount: row.amount,
    reason: row.reason,
    state: row.state,
    createdAt: iso(row.createdAt) as string,
    accountSetAt: iso(row.accountSetAt),
    transferredOn: day(row.transferredOn),
    daysWithoutAccount:
      row.state === 'awaiting_account' ? Math.max(0, daysBetween(day(row.createdAt) as string, waiting.today)) : 0,
    remindersSent: waiting.remindersSent,
    account: row.accountNumber
      ? {
          bankCode: row.bankCode ?? '',
          bankName: row.bankName ?? '',
          branchCode: row.branchCode ?? '',
          branchName: row.branchName ?? '',
          accountType: row.accountType ?? 'ordinary',
          accountNumber: row.accountNumber,
          holderKana: row.holderKana ?? '',
        }
      : null,
  };
}
