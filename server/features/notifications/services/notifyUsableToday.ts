// The sweep notifyUsableToday: on its day of use (from 7:00 in Tokyo, not in the night), the holder of a ticket
// opened by URL access is told its link is live; once per ticket (tickets.usable_notified_at), one message per
// holder and item.
import type { Knex } from 'knex';
import { UsageTrigger } from '../../../../common/enums';
import { tokyoDate } from '../../../../common/time';
import { notify } from './notify';

const FROM_HOUR = 7;

export async function notifyUsableToday(knex: Knex, now: Date): Promise<{ notified: number }> {
  const hour = Number(
    new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Tokyo', hour: '2-digit', hourCycle: 'h23' }).format(now),
  );
  if (hour < FROM_HOUR) return { notified: 0 };
  return knex.transaction(async (trx) => {
    const rows = (await trx('tickets as t')
      .join('items as i', 'i.id', 't.item_id')
      .where('t.use_date', tokyoDate(now))
      // A pass's term ticket ends on its use_date (it is not "usable today" then): passes/README.md 2.12.
      .whereNotIn('t.unit_kind', ['pass', 'pass_visit'])
      .where('i.usage_trigger', UsageTrigger.UrlAccess)
      .whereIn('t.state', ['available', 'won_lottery'])
      .whereNull('t.usable_notified_at')
      .orderBy('t.id')
      .limit(500)
      .forUpdate()
      .skipLocked()
      .select('t.id', 't.user_id', 't.item_id', 'i.name_ja', 'i.name_en')) as {
      id: string;
      userId: number;
      itemId: number;
      nameJa: string;
      nameEn: string | null;
    }[];
    const groups = new Map<string, typeof rows>();
    for (const r of rows) groups.set(`${r.userId}:${r.itemId}`, [...(groups.get(`${r.userId}:${r.itemId}`) ?? []), r]);
    for (const [, tickets] of groups) {
      const first = tickets[0] as (typeof rows)[number];
      await notify(trx, {
        userId: first.userId,
        kind: 'ticketUsableToday',
        params: { item: { ja: first.nameJa, en: first.nameEn ?? first.nameJa } },
        navigate: `/my-tickets/ticket/${first.id}`,
        about: `usable:${first.itemId}:${tokyoDate(now)}`,
      });
    }
    if (rows.length) {
      await trx('tickets')
        .whereIn(
          'id',
          rows.map((r) => r.id),
        )
        .update({ usable_notified_at: now });
    }
    return { notified: groups.size };
  });
}
