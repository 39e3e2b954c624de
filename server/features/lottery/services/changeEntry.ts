// Until entries close, an entry's choices and waitlist opt-in can change (the party cannot: its amount is what
// the card authorised; withdraw and enter again for another party), and it can be withdrawn: the authorisation is
// voided and the account may enter again.
import type { Knex } from 'knex';
import type { DrawChoice } from '../../../../common/rules/lotteryDraw';
import type { Config } from '../../../config';
import { DomainError, notFound } from '../../../lib/errors';
import { voidAuthorisedOrder } from '../../orders';
import { voidPayment } from '../../payments';
import { lockEntry, lockLottery } from '../store';
import { checkChoices } from './enterLottery';

async function lockOpenEntry(trx: Knex.Transaction, userId: number, entryId: number, now: Date) {
  const entry = await lockEntry(trx, entryId);
  if (!entry || entry.userId !== userId || entry.state === 'void') throw notFound();
  const lottery = await lockLottery(trx, entry.lotteryId);
  if (!lottery || entry.state !== 'entered' || lottery.state !== 'open' || now >= lottery.entryClosesAt) {
    throw new DomainError('lotteryEntryLocked');
  }
  return { entry, lottery };
}

export async function changeEntry(
  knex: Knex,
  input: { userId: number; entryId: number; choices: DrawChoice[]; waitlist: boolean; now: Date },
): Promise<void> {
  await knex.transaction(async (trx) => {
    const { lottery } = await lockOpenEntry(trx, input.userId, input.entryId, input.now);
    if (input.choices.length === 0) throw new DomainError('required', { field: 'choices' });
    await checkChoices(trx, lottery, input.choices);
    const item = await trx('items').where({ id: lottery.itemId }).first('waitlist');
    await trx('lottery_entries')
      .where({ id: input.entryId })
      .update({
        choices: JSON.stringify(input.choices),
        waitlist: Boolean(item?.waitlist) && input.waitlist,
        updated_at: input.now,
      });
  });
}

export async function withdrawEntry(
  knex: Knex,
  config: Config,
  input: { userId: number; entryId: number; now: Date },
): Promise<void> {
  const orderId = await knex.transaction(async (trx) => {
    const { entry } = await lockOpenEntry(trx, input.userId, input.entryId, input.now);
    await trx('lottery_entries').where({ id: entry.id }).update({ state: 'withdrawn', updated_at: input.now });
    await voidAuthorisedOrder(trx, Number(entry.orderId), input.now);
    return Number(entry.orderId);
  });
  const order = await knex('orders').where({ id: orderId }).first('payment_id');
  // The entry is withdrawn whatever the provider says now; an authorisation it still has lapses on its own.
  if (order?.paymentId) await voidPayment(knex, config, { paymentId: order.paymentId }).catch(() => undefined);
}
