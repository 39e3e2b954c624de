// The sweep remindBankAccounts: a refund owed by bank transfer (konbini give-back) whose buyer has not entered an
// account 3 days after it was owed gets a reminder (inbox, push, mail: bankTransfers.ts remindAccount), and again
// after 10 days; each once, recorded in bank_transfer_reminders (two runs at once, or a retry, remind once). A
// missed reminder is caught up, but past 10 days only the 10-day one is sent. Nobody is woken up: reminders go out
// from 9:00 to 21:00 Tokyo. Finance sees these long-waiting transfers on its list (listBankTransfers: waiting=).
import type { Knex } from 'knex';
import { ACCOUNT_REMINDER_DAYS } from '../../../../common/dto/bankTransfer';
import { accountReminderDue, remindAccount } from '../bankTransfers';

const DAY_MS = 86_400_000;
const FIRST_TOKYO_HOUR = 9;
const LAST_TOKYO_HOUR = 21;
const tokyoHour = (now: Date) => (now.getUTCHours() + 9) % 24;

export async function remindBankAccounts(knex: Knex, now: Date): Promise<{ reminded: number }> {
  const hour = tokyoHour(now);
  if (hour < FIRST_TOKYO_HOUR || hour >= LAST_TOKYO_HOUR) return { reminded: 0 };
  const first = Math.min(...ACCOUNT_REMINDER_DAYS);
  const before = (days: number) => new Date(now.getTime() - days * DAY_MS);
  // The reminder due now for each row (the latest day reached), in SQL: rows reminded of it already stay out.
  const latest = [...ACCOUNT_REMINDER_DAYS].sort((a, b) => b - a);
  const dueDays = `CASE ${latest.map(() => 'WHEN b.created_at <= ? THEN ?::int').join(' ')} END`;
  const dueBindings = latest.flatMap((d) => [before(d), d]);
  const due = (await knex('bank_transfer_refunds as b')
    .where('b.state', 'awaiting_account')
    .where('b.created_at', '<=', before(first))
    .whereNotExists((q) =>
      q
        .select(knex.raw('1'))
        .from('bank_transfer_reminders as r')
        .whereRaw('r.transfer_id = b.id')
        .whereRaw(`r.days_after = ${dueDays}`, dueBindings),
    )
    .orderBy('b.created_at')
    .limit(500)
    .select('b.id', 'b.created_at')) as { id: string; createdAt: Date }[];
  let reminded = 0;
  for (const t of due) {
    const daysAfter = accountReminderDue(Math.floor((now.getTime() - new Date(t.createdAt).getTime()) / DAY_MS));
    if (daysAfter === null) continue;
    if (await knex.transaction((trx) => remindAccount(trx, { id: t.id, daysAfter }, now))) reminded++;
  }
  return { reminded };
}
