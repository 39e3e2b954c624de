// A visitor answers an offer: accepting places the order of the offered places (held for them) and pays it by
// card; declining gives the places back for the next party. Withdrawing a waiting entry leaves the queue.
import type { Knex } from 'knex';
import type { Config } from '../../../config';
import { DomainError, notFound } from '../../../lib/errors';
import { insertOfferOrder, payPlacedOrder } from '../../orders';
import type { PaymentOutcomeHandler, StartPaymentResult } from '../../payments';
import { releaseHolds } from '../../stock';
import { lockWaitlistEntry } from '../store';

async function lockOwn(trx: Knex.Transaction, userId: number, id: number) {
  const entry = await lockWaitlistEntry(trx, id);
  if (!entry || entry.userId !== userId) throw notFound();
  return entry;
}

export async function acceptOffer(
  knex: Knex,
  config: Config,
  outcome: PaymentOutcomeHandler,
  input: {
    userId: number;
    entryId: number;
    card?: { token: string } | { userCardId: number };
    now: Date;
  },
): Promise<{ orderId: number; payment: StartPaymentResult }> {
  const placed = await knex.transaction(async (trx) => {
    const entry = await lockOwn(trx, input.userId, input.entryId);
    if (entry.state !== 'offered' || !entry.offerDeadline || entry.offerDeadline <= input.now) {
      throw new DomainError('waitlistOfferGone');
    }
    // An order of this offer still being paid answers the same order (a double tap, a retry).
    if (entry.orderId) {
      const open = await trx('orders').where({ id: entry.orderId }).first('state');
      if (open?.state === 'pending_payment') throw new DomainError('checkoutInProgress');
    }
    const hold = await trx('stock_holds').whereIn('id', entry.holdIds).first('stock_unit_id');
    const orderId = await insertOfferOrder(
      trx,
      {
        userId: entry.userId,
        itemId: entry.itemId,
        date: entry.useDate,
        timeSlotId: entry.timeSlotId,
        units: entry.units,
        amount: entry.amount,
        holdIds: entry.holdIds,
        stockUnitId: Number(hold?.stockUnitId),
        party: entry.party,
      },
      input.now,
    );
    await trx('waitlist_entries').where({ id: entry.id }).update({ order_id: orderId, updated_at: input.now });
    return { orderId, amount: entry.amount, userCardId: entry.userCardId };
  });
  const card = input.card ?? (placed.userCardId ? { userCardId: placed.userCardId } : undefined);
  if (!card && placed.amount > 0) throw new DomainError('required', { field: 'card' });
  const payment = await payPlacedOrder(knex, config, outcome, {
    orderId: placed.orderId,
    userId: input.userId,
    amount: placed.amount,
    card,
    now: input.now,
  });
  return { orderId: placed.orderId, payment };
}

/** Declines an offer (its places go back for the next party) or leaves the queue while waiting. */
export async function leaveWaitlist(knex: Knex, input: { userId: number; entryId: number; now: Date }) {
  await knex.transaction(async (trx) => {
    const entry = await lockOwn(trx, input.userId, input.entryId);
    if (entry.state === 'offered') {
      await releaseHolds(trx, entry.holdIds);
      await trx('waitlist_entries').where({ id: entry.id }).update({ state: 'declined', updated_at: input.now });
    } else if (entry.state === 'waiting') {
      await trx('waitlist_entries').where({ id: entry.id }).update({ state: 'withdrawn', updated_at: input.now });
    } else {
      throw new DomainError('waitlistOfferGone');
    }
  });
}

/**
 * The order of an offer was paid (run in the payment's transaction): the entry is accepted, and the party's other
 * waits from the same lottery entry end.
 */
export async function offerTaken(trx: Knex.Transaction, orderId: number, now: Date): Promise<void> {
  const [taken] = (await trx('waitlist_entries')
    .where({ order_id: orderId })
    .update({ state: 'accepted', updated_at: now })
    .returning(['id', 'lottery_entry_id'])) as { id: number; lotteryEntryId: number | null }[];
  if (!taken?.lotteryEntryId) return;
  const siblings = (await trx('waitlist_entries')
    .where({ lottery_entry_id: taken.lotteryEntryId })
    .whereNot({ id: taken.id })
    .whereIn('state', ['waiting', 'offered'])
    .forUpdate()
    .select('id', 'hold_ids')) as { id: number; holdIds: number[] }[];
  for (const s of siblings) await releaseHolds(trx, (s.holdIds ?? []).map(Number));
  if (siblings.length) {
    await trx('waitlist_entries')
      .whereIn(
        'id',
        siblings.map((s) => s.id),
      )
      .update({ state: 'withdrawn', updated_at: now });
  }
}
