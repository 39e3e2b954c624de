// An entry is made in the transaction that places its order (orders/services/placeOrder.ts): the order's card
// authorisation carries it. The cart line gives the party and the first choice; up to two more choices and the
// waitlist opt-in come with the checkout. One entry per account per lottery: a partial unique index, so two
// submits at once cannot both get in.
import type { Knex } from 'knex';
import { choiceKey, type DrawChoice, MAX_CHOICES } from '../../../../common/rules/lotteryDraw';
import { DomainError } from '../../../lib/errors';
import type { LotteryEntryInput } from '../../orders';
import { loadItems, openLotteryFor, type SaleRound } from '../../stock';

export type EntryInput = LotteryEntryInput;

const UNIQUE_VIOLATION = '23505';

/** Every choice is a date of the round (and a slot of the item when it has slots); no choice twice. */
export async function checkChoices(
  db: Knex | Knex.Transaction,
  lottery: Pick<SaleRound, 'itemId' | 'useFrom' | 'useTo'>,
  choices: readonly DrawChoice[],
): Promise<void> {
  if (choices.length > MAX_CHOICES) throw new DomainError('invalidParam', { field: 'lottery_choices' });
  const item = (await loadItems(db, [lottery.itemId])).get(lottery.itemId);
  const slotIds = new Set(item?.slots.map((s) => s.id) ?? []);
  const seen = new Set<string>();
  choices.forEach((c, i) => {
    const inRange = c.date >= lottery.useFrom && c.date <= lottery.useTo;
    const slotOk = slotIds.size === 0 ? c.slotId === null : c.slotId !== null && slotIds.has(c.slotId);
    if (!inRange || !slotOk || seen.has(choiceKey(c))) {
      throw new DomainError('lotteryChoiceInvalid', { n: i + 1, field: 'lottery_choices' });
    }
    seen.add(choiceKey(c));
  });
}

export async function enterLottery(trx: Knex.Transaction, input: EntryInput): Promise<number> {
  const lottery = await openLotteryFor(trx, input.itemId, input.first.date, input.now);
  const choices = [input.first, ...input.more];
  await checkChoices(trx, lottery, choices);
  const item = await trx('items').where({ id: input.itemId }).first('waitlist');
  try {
    // In a savepoint: a unique violation must not abort the order's transaction before we answer 409.
    return await trx.transaction(async (sp) => {
      const [row] = (await sp('lottery_entries')
        .insert({
          lottery_id: lottery.id,
          user_id: input.userId,
          order_id: input.orderId,
          party: input.party,
          choices: JSON.stringify(choices),
          waitlist: Boolean(item?.waitlist) && input.waitlist,
          state: 'pending',
          created_at: input.now,
          updated_at: input.now,
        })
        .returning('id')) as { id: number }[];
      return Number(row?.id);
    });
  } catch (err) {
    if ((err as { code?: string }).code === UNIQUE_VIOLATION) throw new DomainError('lotteryAlreadyEntered');
    throw err;
  }
}

/**
 * The order's authorisation went through: the entry takes part in the draw, if it is still pending and its
 * lottery still takes entries. False otherwise (a payment that came after the entries closed, or for an entry
 * given up on): the caller gives the authorisation back. Run in the payment's transaction.
 */
export async function entryAuthorised(trx: Knex.Transaction, orderId: number, now: Date): Promise<boolean> {
  const entry = await trx('lottery_entries as e')
    .join('lotteries as l', 'l.id', 'e.lottery_id')
    .where('e.order_id', orderId)
    .forUpdate()
    .first('e.id', 'e.state', 'l.state as lottery_state', 'l.entry_closes_at');
  if (entry?.state !== 'pending') return false;
  const open = entry.lotteryState === 'open' && now < new Date(entry.entryClosesAt);
  await trx('lottery_entries')
    .where({ id: entry.id })
    .update({ state: open ? 'entered' : 'void', updated_at: now });
  return open;
}

/** The order's payment failed: the entry is void (and no longer counts as the account's entry). */
export async function entryVoided(trx: Knex.Transaction, orderId: number, now: Date): Promise<void> {
  await trx('lottery_entries')
    .where({ order_id: orderId, state: 'pending' })
    .update({ state: 'void', updated_at: now });
}
