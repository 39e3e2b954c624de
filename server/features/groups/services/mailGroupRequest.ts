// The job groupMail: the requester's e-mail about a decision on their group request (approved with the price and
// the due date, declined with the reason, paid, released unpaid), in their language.
import type { Knex } from 'knex';
import type { Mailer } from '../../mail';
import { businessDate, dateTime, FOOTER, render, yen } from '../../orders';
import { type GroupNews, NEWS_TEXT } from '../tell';

export async function mailGroupRequest(
  knex: Knex,
  mailer: Mailer,
  publicUrl: string,
  requestId: number,
  news: GroupNews,
): Promise<string> {
  const row = (await knex('group_requests as g')
    .join('users as u', 'u.id', 'g.user_id')
    .join('items as i', 'i.id', 'g.item_id')
    .where('g.id', requestId)
    .first(
      'u.email',
      'u.language',
      'i.name_ja',
      'i.name_en',
      'g.organisation',
      knex.raw('g.date::text AS date'),
      'g.party_size',
      'g.price',
      'g.due_at',
      'g.decline_reason',
    )) as
    | {
        email: string | null;
        language: number;
        nameJa: string;
        nameEn: string | null;
        organisation: string;
        date: string;
        partySize: number;
        price: number | null;
        dueAt: Date | null;
        declineReason: string | null;
      }
    | undefined;
  if (!row?.email) return 'no address';
  const locale = row.language === 1 ? 'en' : 'ja';
  const en = locale === 'en';
  const text = NEWS_TEXT[news];
  const rows: [string, string][] = [
    [en ? 'Group' : '団体名', row.organisation],
    [en ? 'Ticket' : 'チケット', en ? (row.nameEn ?? row.nameJa) : row.nameJa],
    [en ? 'Date' : 'ご利用日', businessDate(row.date, locale)],
    [en ? 'People' : '人数', String(row.partySize)],
  ];
  if (news === 'approved' && row.price !== null) rows.push([en ? 'Price' : '料金', yen(row.price, locale)]);
  if (news === 'approved' && row.dueAt) rows.push([en ? 'Pay by' : 'お支払い期限', dateTime(row.dueAt, locale)]);
  if (news === 'declined' && row.declineReason) rows.push([en ? 'Reason' : '理由', row.declineReason]);
  const subject = en ? `Group visit: ${text.en}` : `団体申込：${text.ja}`;
  const { text: plain, html } = render({
    greeting: en ? `Dear ${row.organisation},` : `${row.organisation} 様`,
    paragraphs: [en ? text.detailEn : text.detailJa],
    rows,
    link: { label: en ? 'Your request' : '申込詳細', url: `${publicUrl}/groups/requests/${requestId}` },
    footer: FOOTER[locale],
  });
  await mailer.send({ to: row.email, subject: `${en ? '[ZooPass] ' : '【ZooPass】'}${subject}`, text: plain, html });
  return 'sent';
}
