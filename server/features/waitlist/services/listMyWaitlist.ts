import type { Knex } from 'knex';
import type { WaitlistView } from '../../../../common/dto/lottery';
import type { Locale } from '../../../../common/enums';

export async function listMyWaitlist(knex: Knex, userId: number, locale: Locale, id?: number): Promise<WaitlistView[]> {
  const rows = (await knex('waitlist_entries as w')
    .join('items as i', 'i.id', 'w.item_id')
    .join('parks as p', 'p.id', 'i.park_id')
    .leftJoin('item_time_slots as s', 's.id', 'w.time_slot_id')
    .where('w.user_id', userId)
    .modify((q) => {
      if (id !== undefined) q.where('w.id', id);
    })
    .orderBy('w.id', 'desc')
    .limit(100)
    .select(
      'w.*',
      'i.name_ja',
      'i.name_en',
      'i.image_url',
      'p.name_ja as park_name_ja',
      'p.name_en as park_name_en',
      's.start_time',
      knex.raw(
        `(SELECT count(*)::int FROM waitlist_entries o WHERE o.state = 'waiting' AND o.id < w.id
           AND o.item_id = w.item_id AND o.use_date = w.use_date
           AND COALESCE(o.time_slot_id, 0) = COALESCE(w.time_slot_id, 0)) AS ahead`,
      ),
    )) as Record<string, unknown>[];
  const en = locale === 'en';
  return rows.map((r) => ({
    id: Number(r.id),
    itemId: Number(r.itemId),
    itemName: String((en ? r.nameEn : null) ?? r.nameJa),
    parkName: String((en ? r.parkNameEn : null) ?? r.parkNameJa),
    imageUrl: String(r.imageUrl),
    date: String(r.useDate),
    time: r.startTime ? String(r.startTime).slice(0, 5) : null,
    party: Number(r.party),
    amount: Number(r.amount),
    state: String(r.state),
    offerDeadline: r.offerDeadline ? new Date(r.offerDeadline as string).toISOString() : null,
    ahead: r.state === 'waiting' ? Number(r.ahead) : null,
    orderId: r.orderId === null ? null : Number(r.orderId),
    fromLottery: r.lotteryEntryId !== null,
  }));
}
