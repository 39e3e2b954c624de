// The job waitlistOfferMail: places are held for a waiting party until the deadline; the mail says which, how
// much, until when, and links to the page that accepts or declines.
import type { Knex } from 'knex';
import type { Locale } from '../../../../common/enums';
import type { Mailer } from '../../mail';
import { businessDate, dateTime, FOOTER, render, yen } from '../../orders';

export async function mailOffer(knex: Knex, mailer: Mailer, publicUrl: string, entryId: number): Promise<string> {
  const row = (await knex('waitlist_entries as w')
    .join('users as u', 'u.id', 'w.user_id')
    .join('items as i', 'i.id', 'w.item_id')
    .where('w.id', entryId)
    .first(
      'u.email',
      'u.name',
      'u.language',
      'w.state',
      'w.use_date',
      'w.party',
      'w.amount',
      'w.offer_deadline',
      'i.name_ja',
      'i.name_en',
    )) as
    | {
        email: string | null;
        name: string;
        language: number;
        state: string;
        useDate: string;
        party: number;
        amount: number;
        offerDeadline: Date | null;
        nameJa: string;
        nameEn: string | null;
      }
    | undefined;
  if (!row?.email || row.state !== 'offered' || !row.offerDeadline) return 'no offer';
  const locale: Locale = row.language === 1 ? 'en' : 'ja';
  const en = locale === 'en';
  const { text, html } = render({
    greeting: en ? `Hello ${row.name},` : `${row.name} 様`,
    paragraphs: [
      en
        ? `Places have freed up on the waitlist you joined, and we are holding them for you until ${dateTime(row.offerDeadline, locale)}. Accept to pay by card; if you decline or let the time pass, they go to the next person waiting.`
        : `キャンセル待ちに登録いただいた日時に空きが出ました。${dateTime(row.offerDeadline, locale)}までお客様のためにお取り置きしています。お手続きいただくとカードでお支払いが確定します。辞退された場合や期限を過ぎた場合は、次にお待ちの方にご案内します。`,
      en
        ? 'Tickets obtained through the waitlist cannot be cancelled.'
        : 'キャンセル待ちでご購入いただいたチケットはキャンセルできません。',
    ],
    rows: [
      [en ? 'Ticket' : 'チケット', (en ? row.nameEn : null) ?? row.nameJa],
      [en ? 'Date' : '利用日', businessDate(row.useDate, locale)],
      [en ? 'People' : '人数', String(row.party)],
      [en ? 'Amount' : '金額', yen(row.amount, locale)],
      [en ? 'Reply by' : 'お手続き期限', dateTime(row.offerDeadline, locale)],
    ],
    link: { label: en ? 'Accept or decline' : 'お手続きへ進む', url: `${publicUrl}/my-tickets/waitlist/${entryId}` },
    footer: FOOTER[locale],
  });
  await mailer.send({
    to: row.email,
    subject: en
      ? '[ZooPass] Tickets are available for you (waitlist)'
      : '【ZooPass】キャンセル待ちのチケットをご用意しました',
    text,
    html,
  });
  return 'sent';
}
