// Joining the waitlist of a sold-out date (and slot) of an item that has one, until the day before that date:
// the party (whole or nothing), priced now from the item's standard plan, and a registered card to pay with
// when an offer is accepted. One place in the queue per account, date and slot.
import type { Knex } from 'knex';
import { addDays, tokyoDate } from '../../../../common/time';
import { DomainError, notFound } from '../../../lib/errors';
import { ensureStockUnits, loadItems } from '../../stock';

const UNIQUE_VIOLATION = '23505';

export interface JoinInput {
  userId: number;
  itemId: number;
  date: string;
  timeSlotId: number | null;
  quantities: { ageGroupId: number; quantity: number }[];
  userCardId: number;
  now: Date;
}

export async function joinWaitlist(knex: Knex, input: JoinInput): Promise<number> {
  const item = (await loadItems(knex, [input.itemId])).get(input.itemId);
  const flags = await knex('items').where({ id: input.itemId }).first('waitlist', 'is_private');
  if (!item || !flags || flags.isPrivate) throw notFound();
  if (!flags.waitlist) throw new DomainError('waitlistUnavailable');
  const slotIds = item.slots.map((s) => s.id);
  if (slotIds.length ? input.timeSlotId === null || !slotIds.includes(input.timeSlotId) : input.timeSlotId !== null) {
    throw new DomainError('invalidParam', { field: 'time_slot_id' });
  }
  if (input.date < item.availableFrom || input.date > item.availableUntil) {
    throw new DomainError('invalidParam', { field: 'date' });
  }
  if (tokyoDate(input.now) > addDays(input.date, -1)) throw new DomainError('waitlistUnavailable');
  const plan = item.plans.find((p) => p.kind === 'basic');
  const units = input.quantities
    .filter((q) => q.quantity > 0)
    .map((q) => {
      const price = plan?.prices.find((p) => p.ageGroupId === q.ageGroupId);
      if (!price) throw new DomainError('invalidParam', { field: 'quantities' });
      return {
        kind: 'basic',
        planId: plan?.id ?? null,
        ageGroupId: q.ageGroupId,
        quantity: q.quantity,
        unitPrice: price.price,
        amount: price.price * q.quantity,
      };
    });
  const party = units.reduce((n, u) => n + u.quantity, 0);
  if (party < 1 || party > item.maxPerOrder) throw new DomainError('invalidParam', { field: 'quantities' });
  const card = await knex('user_cards').where({ id: input.userCardId, user_id: input.userId }).first('id');
  if (!card) throw new DomainError('invalidParam', { field: 'user_card_id' });
  // Only for a date and slot whose places are gone for this party.
  const [unit] = await ensureStockUnits(knex, [
    { itemId: input.itemId, date: input.date, timeSlotId: input.timeSlotId },
  ]);
  if ((unit?.remaining ?? 0) >= party) throw new DomainError('waitlistUnavailable');
  try {
    const [row] = (await knex('waitlist_entries')
      .insert({
        item_id: input.itemId,
        use_date: input.date,
        time_slot_id: input.timeSlotId,
        user_id: input.userId,
        party,
        units: JSON.stringify(units),
        amount: units.reduce((n, u) => n + u.amount, 0),
        user_card_id: input.userCardId,
        state: 'waiting',
        created_at: input.now,
        updated_at: input.now,
      })
      .returning('id')) as { id: number }[];
    return Number(row?.id);
  } catch (err) {
    if ((err as { code?: string }).code === UNIQUE_VIOLATION) throw new DomainError('waitlistAlreadyJoined');
    throw err;
  }
}
