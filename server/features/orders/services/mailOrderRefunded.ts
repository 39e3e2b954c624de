import type { Knex } from 'knex';
import type { Mailer } from '../../mail';
import { FOOTER, render, yen } from '../mailFormat';
import { ORDER_MAIL_COLUMNS, type OrderMailRow, orderMailOpening } from '../orderMail';

/**
 * The job orderRefundedMail: the buyer is told that a payment was given back in full (its order could not be
 * fulfilled: the places were gone when the payment arrived, or the provider's report did not match the order).
 */
export async function mailOrderRefunded(
  knex: Knex,
  mailer: Mailer,
  publicUrl: string,
  paymentId: string,
): Promise<string> {
  const row = (await knex('payments as p')
    .join('orders as o', 'o.id', 'p.order_id')
    .join('users as u', 'u.id', 'o.user_id')
    .join('parks as k', 'k.id', 'o.park_id')
    .where('p.id', paymentId)
    .first(...ORDER_MAIL_COLUMNS, 'p.amount', 'p.state')) as
    | (OrderMailRow & { amount: number; state: string })
    | undefined;
  if (!row?.email) return 'no address';
  const { locale, en, greeting, orderRows } = orderMailOpening(row);
  const voided = row.state === 'voided' || row.state === 'authorized';
  const { text, html } = render({
    greeting,
    paragraphs: [
      en
        ? `We are sorry: your payment for the order below reached us after the tickets were no longer available, so no tickets were issued. The full amount has been ${voided ? 'released' : 'refunded'} to your payment method. It may take a few days to show on your statement.`
        : `申し訳ございません。以下のお申し込みのお支払いは、チケットの確保期限を過ぎてから完了したため、その間にチケットがなくなり、発券できませんでした。お支払いいただいた金額は全額${voided ? 'お取り消し' : 'ご返金'}しました。ご利用明細への反映には数日かかることがあります。`,
    ],
    rows: [...orderRows, [en ? 'Amount given back' : 'ご返金額', yen(row.amount, locale)]],
    link: { label: en ? 'Buy tickets again' : 'もう一度チケットを探す', url: `${publicUrl}/find/tickets` },
    footer: FOOTER[locale],
  });
  await mailer.send({
    to: row.email,
    subject: en
      ? `[ZooPass] Your payment was refunded (${row.applicationNumber})`
      : `【ZooPass】お支払いのご返金について（${row.applicationNumber}）`,
    text,
    html,
  });
  return 'sent';
}
