// GET api/v1/staff/parks/{parkId}/bank-transfers[?state=][&waiting=long]: the park's refunds owed by bank transfer
// (konbini give-backs) for its finance staff: amount, the buyer's account, the order, how many days it has waited for
// an account and the reminders sent (remindBankAccounts). Ready ones first (to make), then those awaiting an
// account, then the transferred ones (newest first). waiting=long: only those still awaiting an account after
// LONG_WAITING_DAYS Tokyo days or more (finance may call the customer).
import type { Knex } from 'knex';
import {
  type BankTransferState,
  LONG_WAITING_DAYS,
  type OfficeBankTransfer,
} from '../../../../common/dto/bankTransfer';
import { addDays, tokyoDate } from '../../../../common/time';
import { type BankTransferRow, presentOffice } from '../bankTransfers';

export interface BankTransferFilter {
  state?: BankTransferState;
  longWaiting?: boolean;
}

export async function listBankTransfers(
  knex: Knex,
  parkId: number,
  filter: BankTransferFilter,
  now: Date,
): Promise<OfficeBankTransfer[]> {
  const today = tokyoDate(now);
  const q = knex('bank_transfer_refunds as b')
    .join('orders as o', 'o.id', 'b.order_id')
    .join('users as u', 'u.id', 'b.user_id')
    .where('b.park_id', parkId)
    .orderByRaw("CASE b.state WHEN 'ready' THEN 0 WHEN 'awaiting_account' THEN 1 ELSE 2 END")
    .orderBy('b.created_at', 'desc')
    .limit(500)
    .select('b.*', 'o.application_number as order_number', 'u.name as customer_name');
  if (filter.state) q.where('b.state', filter.state);
  if (filter.longWaiting) {
    // Owed on or before this Tokyo day: waited LONG_WAITING_DAYS whole days or more.
    q.where('b.state', 'awaiting_account').whereRaw("(b.created_at AT TIME ZONE 'Asia/Tokyo')::date <= ?::date", [
      addDays(today, -LONG_WAITING_DAYS),
    ]);
  }
  const rows = (await q) as (BankTransferRow & { orderNumber: string; customerName: string | null })[];
  const reminders = (await knex('bank_transfer_reminders')
    .whereIn(
      'transfer_id',
      rows.map((r) => r.id),
    )
    .orderBy('days_after')
    .select('transfer_id', 'days_after')) as { transferId: string; daysAfter: number }[];
  const sent = new Map<string, number[]>();
  for (const r of reminders) sent.set(r.transferId, [...(sent.get(r.transferId) ?? []), Number(r.daysAfter)]);
  return rows.map((r) =>
    presentOffice(
      r,
      { applicationNumber: r.orderNumber, customerName: r.customerName ?? '' },
      { today, remindersSent: sent.get(r.id) ?? [] },
    ),
  );
}
