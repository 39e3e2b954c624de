// PUT api/v1/me/bank-transfers/{id}/account: the owner enters (or corrects, until it is transferred) the bank account
// their konbini refund goes to; the transfer becomes ready for the park's finance staff. Anyone else: 404.
import type { Knex } from 'knex';
import type { BankAccountInput, MyBankTransfer } from '../../../../common/dto/bankTransfer';
import { presentMine, setTransferAccount } from '../bankTransfers';

export async function setBankAccount(
  knex: Knex,
  input: { userId: number; id: string; account: BankAccountInput },
): Promise<MyBankTransfer> {
  return knex.transaction(async (trx) => {
    const row = await setTransferAccount(trx, input);
    const order = await trx('orders').where({ id: row.orderId }).first('application_number');
    return presentMine(row, order?.applicationNumber ?? '');
  });
}
