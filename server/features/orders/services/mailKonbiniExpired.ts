import type { Knex } from 'knex';
import type { Mailer } from '../../mail';
import { FOOTER, render, yen } from '../mailFormat';
import { ORDER_MAIL_COLUMNS, type OrderMailRow, orderMailOpening } from '../orderMail';

/**
 * The job konbiniExpiredMail: a konbini order's payment deadline passed unpaid; the buyer is told the order is
 * cancelled and its places given back (nothing was paid, so nothing is refunded).
 */
export async function mailKonbiniExpired(
  knex: Knex,
  mailer: Mailer,
  publicUrl: string,
  orderId: number,
): Promise<string> {
  const row = (await knex('orders as o')
    .join('users as u', 'u.id', 'o.user_id')
    .join('parks as k', 'k.id', 'o.park_id')
    .where('o.id', orderId)
    .first(...ORDER_MAIL_COLUMNS, 'o.total')) as (OrderMailRow & { total: number }) | undefined;
  if (!row?.email) return 'no address';
  const { locale, en, greeting, orderRows } = orderMailOpening(row);
  const { text, html } = render({
    greeting,
    paragraphs: [
      en
        ? 'We could not confirm your payment at the convenience store by its deadline, so the order below has been cancelled and its tickets released. Nothing was charged. Please do not pay the old payment slip.'
        : 'お支払い期限までにコンビニでのお支払いが確認できなかったため、以下のお申し込みを取り消し、確保していたチケットを解放しました。料金は発生していません。お手元の払込票ではお支払いにならないでください。',
    ],
    rows: [...orderRows, [en ? 'Amount' : '金額', yen(row.total, locale)]],
    link: { label: en ? 'Buy tickets again' : 'もう一度チケットを探す', url: `${publicUrl}/find/tickets` },
    footer: FOOTER[locale],
  });
  await mailer.send({
    to: row.email,
    subject: en
      ? `[ZooPass] Payment deadline passed: order cancelled (${row.applicationNumber})`
      : `【ZooPass】お支払い期限切れによるお申し込みの取り消し（${row.applicationNumber}）`,
    text,
    html,
  });
  return 'sent';
}
