// The sweep waitlistOffers: offers that passed their deadline give their places back (expired); then, for every
// date and slot with people waiting and places free (a cancellation, an expired hold, a capture that failed, an
// offer declined or expired), the first waiting party that fits whole gets an offer: its places are held through
// the stock ledger until the deadline (12 hours, never past the end of the day before the date), and it is told
// by push, inbox and e-mail. A party that does not fit is passed over, never split.
import type { Knex } from 'knex';
import { tokyoDate } from '../../../../common/time';
import { JOB_NAMES, jobQueueOf } from '../../jobs';
import { notify } from '../../notifications';
import { holdFree, releaseHolds } from '../../stock';
import { lockWaitlistEntry } from '../store';

export const OFFER_HOURS = 12;

/** The end of the day before `date` in Asia/Tokyo. */
const dayBeforeEnds = (date: string) => new Date(`${date}T00:00:00+09:00`);

export function offerDeadline(now: Date, date: string): Date {
  const limit = dayBeforeEnds(date);
  const wanted = new Date(now.getTime() + OFFER_HOURS * 3_600_000);
  return wanted < limit ? wanted : limit;
}

/** Gives the places of offers past their deadline back; answers how many expired. */
async function expireOffers(knex: Knex, now: Date): Promise<number> {
  const due = (await knex('waitlist_entries')
    .where('state', 'offered')
    .where('offer_deadline', '<=', now)
    .orderBy('id')
    .limit(200)
    .pluck('id')) as number[];
  let n = 0;
  for (const id of due) {
    await knex.transaction(async (trx) => {
      const entry = await lockWaitlistEntry(trx, Number(id));
      if (entry?.state !== 'offered' || (entry.offerDeadline && entry.offerDeadline > now)) return;
      await releaseHolds(trx, entry.holdIds);
      await trx('waitlist_entries').where({ id: entry.id }).update({ state: 'expired', updated_at: now });
      n++;
    });
  }
  return n;
}

interface Candidate {
  id: number;
  stockUnitId: number;
}

/** One offer at a time per unit, each in its own transaction (the unit's stock row decides under its lock). */
async function offerOne(knex: Knex, now: Date): Promise<boolean> {
  // Waiting parties on dates still ahead (until the day before) whose unit has enough free places, first come first.
  // General places only: those set aside for pass holders are booked by holders, never offered.
  const { rows } = (await knex.raw(
    `SELECT w.id, s.id AS stock_unit_id
     FROM waitlist_entries w
     JOIN stock_units s ON s.item_id = w.item_id AND s.date = w.use_date
       AND COALESCE(s.time_slot_id, 0) = COALESCE(w.time_slot_id, 0) AND s.pool = 0
     WHERE w.state = 'waiting' AND w.use_date > ?::date
       AND s.capacity - s.sold - s.held >= w.party
       AND NOT EXISTS (SELECT 1 FROM waitlist_entries o WHERE o.state = 'waiting' AND o.id < w.id
         AND o.item_id = w.item_id AND o.use_date = w.use_date AND COALESCE(o.time_slot_id, 0) = COALESCE(w.time_slot_id, 0)
         AND s.capacity - s.sold - s.held >= o.party)
     ORDER BY w.id LIMIT 1`,
    [tokyoDate(now)],
  )) as { rows: { id: number; stock_unit_id: number }[] };
  const found: Candidate | undefined = rows[0] && {
    id: Number(rows[0].id),
    stockUnitId: Number(rows[0].stock_unit_id),
  };
  if (!found) return false;
  return knex.transaction(async (trx) => {
    const entry = await lockWaitlistEntry(trx, found.id);
    if (entry?.state !== 'waiting') return true;
    const deadline = offerDeadline(now, entry.useDate);
    const holdIds = await holdFree(trx, [{ stockUnitId: found.stockUnitId, quantity: entry.party }], deadline, null);
    if (!holdIds) return true; // taken meanwhile: the next pass looks again
    await trx('waitlist_entries')
      .where({ id: entry.id })
      .update({ state: 'offered', offer_deadline: deadline, hold_ids: holdIds, updated_at: now });
    const item = await trx('items').where({ id: entry.itemId }).first('name_ja', 'name_en');
    const deadlineText = (locale: 'ja' | 'en') =>
      new Intl.DateTimeFormat(locale === 'en' ? 'en-GB' : 'ja-JP', {
        timeZone: 'Asia/Tokyo',
        month: 'short',
        day: 'numeric',
        hour: '2-digit',
        minute: '2-digit',
      }).format(deadline);
    await notify(trx, {
      userId: entry.userId,
      kind: 'waitlistOffer',
      params: {
        item: { ja: item?.nameJa ?? '', en: item?.nameEn ?? item?.nameJa ?? '' },
        deadline: { ja: deadlineText('ja'), en: deadlineText('en') },
      },
      navigate: `/my-tickets/waitlist/${entry.id}`,
      about: `waitlist:${entry.id}`,
    });
    await jobQueueOf(trx).send(trx, JOB_NAMES.waitlistOfferMail, { entryId: entry.id });
    return true;
  });
}

export async function offerFreedPlaces(knex: Knex, now: Date): Promise<{ expired: number; offered: number }> {
  const expired = await expireOffers(knex, now);
  let offered = 0;
  // Bounded per run; the next run goes on.
  while (offered < 200 && (await offerOne(knex, now))) offered++;
  return { expired, offered };
}
