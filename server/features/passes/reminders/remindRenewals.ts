// The sweep remindPassRenewals (README 2.13): the owner of a renewable pass is reminded to renew 30 and 7 days
// before its end (inbox and push through notify, mail through the job passMail; a tap opens the renewal page).
// pass_reminders is the once-only ledger, one row per pass, end date and days before: the row is inserted in the
// transaction that notifies, under the pass's row lock, so two runs at once (or a retry) remind once. A missed day
// is caught up (≤ 30 days left and no 30-day reminder), but within 7 days only the 7-day one is sent. A renewal moves
// the end date, so the new term gets its own reminders and the old end none. Passes whose holders are all suspended
// (or cancelled) get none. Nobody is woken up: reminders go out from 9:00 Tokyo.
import type { Knex } from 'knex';
import { addDays, daysBetween, tokyoDate } from '../../../../common/time';
import { JOB_NAMES, jobQueueOf } from '../../jobs';
import { itemName, notify } from '../../notifications';
import { businessDate } from '../../orders';

export const REMINDER_DAYS = [30, 7] as const;
const FIRST_TOKYO_HOUR = 9;

const tokyoHour = (now: Date) => (now.getUTCHours() + 9) % 24;

/** Which reminder is due `daysLeft` days before the end, if any. */
export const reminderDue = (daysLeft: number): 30 | 7 | null =>
  daysLeft < 0 ? null : daysLeft <= 7 ? 7 : daysLeft <= 30 ? 30 : null;

export async function remindPassRenewals(knex: Knex, now: Date): Promise<{ reminded: number }> {
  if (tokyoHour(now) < FIRST_TOKYO_HOUR) return { reminded: 0 };
  const today = tokyoDate(now);
  const due = (await knex('passes as p')
    .join('pass_products as pp', 'pp.item_id', 'p.item_id')
    .whereNotNull('pp.renewal_plan_id')
    .whereBetween('p.valid_until', [today, addDays(today, 30)])
    .whereNotExists((q) =>
      q
        .select(knex.raw('1'))
        .from('pass_reminders as r')
        .whereRaw('r.pass_id = p.id AND r.until_date = p.valid_until')
        .whereRaw(`r.days_before = CASE WHEN p.valid_until - ?::date <= 7 THEN 7 ELSE 30 END`, [today]),
    )
    .orderBy('p.id')
    .select('p.id', 'p.valid_until')) as { id: number; validUntil: string }[];
  let reminded = 0;
  for (const pass of due) {
    if (await remindOne(knex, pass.id, pass.validUntil, today)) reminded++;
  }
  return { reminded };
}

async function remindOne(knex: Knex, passId: number, until: string, today: string): Promise<boolean> {
  const daysBefore = reminderDue(daysBetween(today, until));
  if (!daysBefore) return false;
  return knex.transaction(async (trx) => {
    // The pass's lock first (README 5): a renewal changing its end waits, or has changed it already.
    const pass = await trx('passes')
      .where({ id: passId, valid_until: until })
      .forUpdate()
      .first('owner_user_id', 'item_id', 'pass_number');
    if (!pass) return false;
    const usable = await trx('tickets')
      .where({ pass_id: passId, unit_kind: 'pass', use_date: until, state: 'available' })
      .first('id');
    if (!usable) return false;
    const claimed = await trx('pass_reminders')
      .insert({ pass_id: passId, until_date: until, days_before: daysBefore })
      .onConflict(['pass_id', 'until_date', 'days_before'])
      .ignore()
      .returning('pass_id');
    if (claimed.length === 0) return false;
    await notify(trx, {
      userId: pass.ownerUserId,
      kind: 'passRenewalReminder',
      params: {
        item: await itemName(trx, pass.itemId),
        number: pass.passNumber,
        until: { ja: businessDate(until, 'ja'), en: businessDate(until, 'en') },
      },
      navigate: `/my-tickets/pass/${passId}/renew`,
      about: `renew:${passId}:${until}`,
    });
    await jobQueueOf(trx).send(trx, JOB_NAMES.passMail, {
      kind: 'renewalReminder',
      passId,
      until,
      daysBefore,
    });
    return true;
  });
}
