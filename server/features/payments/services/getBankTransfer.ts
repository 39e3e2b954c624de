// GET api/v1/me/bank-transfers/{id}: a refund owed by bank transfer, as its owner sees it (the account by its last
// three digits). Anyone else: 404.
import type { Knex } from 'knex';
import type { MyBankTransfer } from '../../../../common/dto/bankTransfer';
import { notFound } from '../../../lib/errors';
import { type BankTransferRow, presentMine } from '../bankTransfers';

export async function getBankTransfer(knex: Knex, userId: number, id: string): Promise<MyBankTransfer> {
  const row = (await knex('bank_transfer_refunds').where({ id, user_id: userId }).first()) as
    | BankTransferRow
    | undefined;
  if (!row) throw notFound();
  const order = await knex('orders').where({ id: row.orderId }).first('application_number');
  return presentMine(row, order?.applicationNumber ?? '');
}
