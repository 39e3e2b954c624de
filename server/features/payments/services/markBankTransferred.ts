// POST api/v1/staff/parks/{parkId}/bank-transfers/{id}/transferred: the park's finance staff record that they made
// the transfer (on `transferredOn`). Once: a second mark answers 409 (bankTransferDone); before the buyer entered an
// account, 409 (bankAccountMissing). The payment is refunded by that amount in the same transaction (bankTransfers.ts).
import type { Knex } from 'knex';
import type { OfficeBankTransfer } from '../../../../common/dto/bankTransfer';
import { tokyoDate } from '../../../../common/time';
import { presentOffice, recordTransfer } from '../bankTransfers';

export async function markBankTransferred(
  knex: Knex,
  input: { parkId: number; id: string; staffUserId: number; transferredOn: string },
  now: Date = new Date(),
): Promise<OfficeBankTransfer> {
  return knex.transaction(async (trx) => {
    const row = await recordTransfer(trx, input, now);
    const order = await trx('orders as o')
      .join('users as u', 'u.id', 'o.user_id')
      .where('o.id', row.orderId)
      .first('o.application_number', 'u.name');
    const reminders = (await trx('bank_transfer_reminders')
      .where({ transfer_id: row.id })
      .orderBy('days_after')
      .pluck('days_after')) as number[];
    return presentOffice(
      row,
      { applicationNumber: order?.applicationNumber ?? '', customerName: order?.name ?? '' },
      { today: tokyoDate(now), remindersSent: reminders.map(Number) },
    );
  });
}
