// The caller's lottery entries, newest first, for My Tickets: the lottery's times, the party, the choices, the
// state (lottery-waiting until the result is out, then won or lost) and, when won, the tickets' order.
import type { Knex } from 'knex';
import type { LotteryEntryView } from '../../../../common/dto/lottery';
import type { Locale } from '../../../../common/enums';
import type { DrawChoice } from '../../../../common/rules/lotteryDraw';

const STATUS: Record<string, LotteryEntryView['status']> = {
  pending: 'paying',
  entered: 'waiting',
  won: 'won',
  lost: 'lost',
  withdrawn: 'withdrawn',
  void: 'cancelled',
  capture_failed: 'cancelled',
};

export async function listMyEntries(
  knex: Knex,
  userId: number,
  locale: Locale,
  now: Date,
): Promise<LotteryEntryView[]> {
  const rows = (await knex('lottery_entries as e')
    .join('lotteries as l', 'l.id', 'e.lottery_id')
    .join('items as i', 'i.id', 'l.item_id')
    .join('parks as p', 'p.id', 'i.park_id')
    .join('orders as o', 'o.id', 'e.order_id')
    .where('e.user_id', userId)
    .whereNot('e.state', 'void')
    .orderBy('e.id', 'desc')
    .limit(100)
    .select(
      'e.id',
      'e.lottery_id',
      'e.party',
      'e.choices',
      'e.waitlist',
      'e.state',
      'e.won_choice',
      'e.settled_at',
      'e.order_id',
      'e.created_at',
      'l.item_id',
      'l.state as lottery_state',
      'l.entry_closes_at',
      'l.draw_at',
      'l.announce_at',
      'i.name_ja',
      'i.name_en',
      'i.image_url',
      'p.name_ja as park_name_ja',
      'p.name_en as park_name_en',
      'o.application_number',
      'o.total',
    )) as Record<string, unknown>[];
  const en = locale === 'en';
  return rows.map((r) => {
    const drawn = r.state === 'won' || r.state === 'lost' || r.state === 'capture_failed';
    // A result is shown once it has been acted on (captured or voided), never before.
    const shown = drawn && r.settledAt !== null;
    const status = shown
      ? (STATUS[String(r.state)] ?? 'waiting')
      : drawn
        ? 'waiting'
        : (STATUS[String(r.state)] ?? 'waiting');
    return {
      id: Number(r.id),
      lotteryId: Number(r.lotteryId),
      itemId: Number(r.itemId),
      itemName: String((en ? r.nameEn : null) ?? r.nameJa),
      parkName: String((en ? r.parkNameEn : null) ?? r.parkNameJa),
      imageUrl: String(r.imageUrl),
      applicationNumber: String(r.applicationNumber),
      party: Number(r.party),
      amount: Number(r.total),
      choices: r.choices as DrawChoice[],
      waitlist: Boolean(r.waitlist),
      status,
      wonChoice: shown ? ((r.wonChoice as DrawChoice | null) ?? null) : null,
      orderId: Number(r.orderId),
      entryClosesAt: new Date(r.entryClosesAt as string).toISOString(),
      drawAt: new Date(r.drawAt as string).toISOString(),
      announceAt: new Date(r.announceAt as string).toISOString(),
      editable: r.state === 'entered' && r.lotteryState === 'open' && now < new Date(r.entryClosesAt as string),
      createdAt: new Date(r.createdAt as string).toISOString(),
    };
  });
}
