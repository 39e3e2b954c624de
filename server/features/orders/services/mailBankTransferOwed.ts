import type { Knex } from 'knex';
import type { Locale } from '../../../../common/enums';
import type { Mailer } from '../../mail';
import { dateTime, FOOTER, render, yen } from '../mailFormat';

/**
 * The job bankTransferOwedMail: money paid at a convenience store goes back by bank transfer (a cancellation, the
 * park's refund, or a late payment whose places were gone); the buyer is asked to enter the account it goes to.
 * The mail carries no account details, only the link to the page where the buyer enters them.
 */
export async function mailBankTransferOwed(
  knex: Knex,
  mailer: Mailer,
  publicUrl: string,
  transferId: string,
): Promise<string> {
  const row = (await knex('bank_transfer_refunds as b')
    .join('orders as o', 'o.id', 'b.order_id')
    .join('users as u', 'u.id', 'b.user_id')
    .join('parks as k', 'k.id', 'o.park_id')
    .where('b.id', transferId)
    .first(
      'u.email',
      'u.name',
      'u.language',
      'o.application_number',
      'o.ordered_at',
      'b.amount',
      'b.state',
      'k.name_ja',
      'k.name_en',
    )) as
    | {
        email: string | null;
        name: string;
        language: number;
        applicationNumber: string;
        orderedAt: Date;
        amount: number;
        state: string;
        nameJa: string;
        nameEn: string | null;
      }
    | undefined;
  if (!row?.email) return 'no address';
  if (row.state !== 'awaiting_account') return 'account given';
  const locale: Locale = row.language === 1 ? 'en' : 'ja';
  const en = locale === 'en';
  const { text, html } = render({
    greeting: en ? `Hello ${row.name},` : `${row.name} 様`,
    paragraphs: [
      en
        ? 'Money paid at a convenience store cannot be returned through the store, so the park will refund it by bank transfer. Please enter the bank account (bank, branch, account type and number, holder name in katakana) on the page below.'
        : 'コンビニでお支払いいただいた代金はコンビニ経由では返金できないため、施設から銀行振込で返金いたします。下のページから振込先の口座（銀行名・支店名・口座種別・口座番号・口座名義（カナ））をご登録ください。',
    ],
    rows: [
      [en ? 'Park' : '施設', (en ? row.nameEn : null) ?? row.nameJa],
      [en ? 'Application number' : '申込番号', row.applicationNumber],
      [en ? 'Applied on' : '申込日時', dateTime(row.orderedAt, locale)],
      [en ? 'Refund by bank transfer' : '振込で返金する金額', yen(row.amount, locale)],
    ],
    link: {
      label: en ? 'Enter the bank account' : '返金先の口座を登録する',
      url: `${publicUrl}/my-tickets/refunds/${transferId}`,
    },
    footer: FOOTER[locale],
  });
  await mailer.send({
    to: row.email,
    subject: en
      ? `[ZooPass] Refund by bank transfer: please enter your account (${row.applicationNumber})`
      : `【ZooPass】返金口座のご登録のお願い（${row.applicationNumber}）`,
    text,
    html,
  });
  return 'sent';
}
