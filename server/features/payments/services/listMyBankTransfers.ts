// GET api/v1/me/bank-transfers: the signed-in user's konbini refunds still owed by bank transfer (awaiting their
// account, or ready for the park to transfer), oldest first, for My Tickets' panel. The account by its last digits.
import type { Knex } from 'knex';
import type { MyBankTransfer } from '../../../../common/dto/bankTransfer';
import { type BankTransferRow, presentMine } from '../bankTransfers';

export async function listMyBankTransfers(knex: Knex, userId: number): Promise<MyBankTransfer[]> {
  const rows = (await knex('bank_transfer_refunds as b')
    .join('orders as o', 'o.id', 'b.order_id')
    .where('b.user_id', userId)
    .whereNot('b.state', 'transferred')
    .orderBy('b.created_at')
    .limit(50)
    .select('b.*', 'o.application_number as order_number')) as (BankTransferRow & { orderNumber: string })[];
  return rows.map((r) => presentMine(r, r.orderNumber));
}
