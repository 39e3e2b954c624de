// GET api/v1/staff/parks/{parkId}/bank-transfers[?state=]: the park's refunds owed by bank transfer (konbini
// give-backs) for its finance staff: amount, the buyer's account, the order. Ready ones first (to make), then those
// awaiting an account, then the transferred ones (newest first).
import type { Knex } from 'knex';
import type { BankTransferState, OfficeBankTransfer } from '../../../../common/dto/bankTransfer';
import { type BankTransferRow, presentOffice } from '../bankTransfers';

export async function listBankTransfers(
  knex: Knex,
  parkId: number,
  state?: BankTransferState,
): Promise<OfficeBankTransfer[]> {
  const q = knex('bank_transfer_refunds as b')
    .join('orders as o', 'o.id', 'b.order_id')
    .join('users as u', 'u.id', 'b.user_id')
    .where('b.park_id', parkId)
    .orderByRaw("CASE b.state WHEN 'ready' THEN 0 WHEN 'awaiting_account' THEN 1 ELSE 2 END")
    .orderBy('b.created_at', 'desc')
    .limit(500)
    .select('b.*', 'o.application_number as order_number', 'u.name as customer_name');
  if (state) q.where('b.state', state);
  const rows = (await q) as (BankTransferRow & { orderNumber: string; customerName: string | null })[];
  return rows.map((r) => presentOffice(r, { applicationNumber: r.orderNumber, customerName: r.customerName ?? '' }));
}
