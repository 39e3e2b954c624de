// POST api/v1/me/lottery-entries/check: the checkout's step before the card. The entry the cart would make is
// checked against its round now (a line's date in a round taking entries, the choices, one entry per account), so a
// refusal is said before the visitor types a card; placing the order checks it all again (enterLottery.ts).
import type { Knex } from 'knex';
import type { DrawChoice } from '../../../../common/rules/lotteryDraw';
import { DomainError } from '../../../lib/errors';
import { cartForCheckout } from '../../carts';
import { openLotteryFor } from '../../stock';
import { checkChoices } from './enterLottery';

export async function checkEntry(
  knex: Knex,
  input: { userId: number; parkId: number; more: DrawChoice[]; lineIds?: number[]; now: Date },
): Promise<{ lotteryId: number | null }> {
  const cart = await cartForCheckout(knex, input.userId, input.parkId, { lineIds: input.lineIds });
  const line = cart.lines.find((l) => l.lottery);
  if (!line?.itemId) return { lotteryId: null };
  if (cart.lines.length !== 1) throw new DomainError('lotteryOneEntryPerOrder');
  const lottery = await openLotteryFor(knex, line.itemId, line.date, input.now);
  await checkChoices(knex, lottery, [{ date: line.date, slotId: line.timeSlotId }, ...input.more]);
  const entered = await knex('lottery_entries')
    .where({ lottery_id: lottery.id, user_id: input.userId })
    .whereNotIn('state', ['withdrawn', 'void'])
    .first('id');
  if (entered) throw new DomainError('lotteryAlreadyEntered');
  return { lotteryId: lottery.id };
}
