import type { Knex } from 'knex';
import type { Locale } from '../../../../common/enums';
import type { Mailer } from '../../mail';
import { businessDate, dateTime, FOOTER, render, yen } from '../mailFormat';
import { presentOrder } from '../presentOrder';
import { getOrder } from './getOrder';

const METHOD = {
  ja: {
    1: 'クレジットカード',
    2: 'メルペイ',
    3: 'PayPay',
    4: 'コイン・無料',
    5: 'コンビニ払い',
    6: '銀行振込（団体請求書）',
  },
  en: {
    1: 'Credit card',
    2: 'merpay',
    3: 'PayPay',
    4: 'Coins / free',
    5: 'Convenience store',
    6: 'Bank transfer (group invoice)',
  },
} as const;

const PASS_NOTE = {
  ja: '年間パスポートは初回入園後のキャンセルはできません。',
  en: 'An annual pass cannot be cancelled after its first entry.',
} as const;

/**
 * The job orderReceipt: the receipt of a paid order, in the buyer's language, to the buyer's e-mail address, sent
 * once (orders.receipt_sent_at; a job retried after a crash between the mail and that mark may send it again).
 */
export async function sendReceipt(knex: Knex, mailer: Mailer, publicUrl: string, orderId: number): Promise<string> {
  const owner = (await knex('orders as o')
    .join('users as u', 'u.id', 'o.user_id')
    .where('o.id', orderId)
    .first('u.id', 'u.email', 'u.name', 'u.language', 'o.receipt_sent_at')) as
    | { id: number; email: string | null; name: string; language: number; receiptSentAt: Date | null }
    | undefined;
  if (!owner?.email) return 'no address';
  if (owner.receiptSentAt) return 'sent before';
  const locale: Locale = owner.language === 1 ? 'en' : 'ja';
  const order = presentOrder(await getOrder(knex, owner.id, orderId), locale);
  const en = locale === 'en';
  const method = METHOD[locale][order.paymentMethod as 1 | 2 | 3 | 4 | 5 | 6] ?? '';
  const rows: [string, string][] = [
    [en ? 'Application number' : '申込番号', order.applicationNumber],
    [en ? 'Applied on' : '申込日時', dateTime(order.orderedAt, locale)],
    ...order.lines.map((l): [string, string] => [
      l.name,
      `${businessDate(l.date, locale)}${l.time ? ` ${l.time}` : ''}  ${yen(l.subtotal, locale)}`,
    ]),
    [en ? 'Subtotal' : '小計', yen(order.subtotal, locale)],
    ...(order.couponDiscount
      ? [[en ? 'Coupon discount' : 'クーポン割引', `-${yen(order.couponDiscount, locale)}`] as [string, string]]
      : []),
    ...(order.coinDiscount
      ? [[en ? 'Coin discount' : 'コイン割引', `-${yen(order.coinDiscount, locale)}`] as [string, string]]
      : []),
    [en ? 'Total (tax included)' : '合計（税込）', yen(order.total, locale)],
    [en ? 'Payment method' : 'お支払い方法', method],
    [en ? 'Amount paid' : 'お支払い金額', yen(order.amountPaid, locale)],
  ];
  // Annual passes are said at purchase, and said again here: refunds only before the first entry (issue 29).
  const passes = await knex('order_lines').where({ order_id: orderId }).whereNotNull('pass_details').first('id');
  const { text, html } = render({
    greeting: en ? `Hello ${owner.name},` : `${owner.name} 様`,
    paragraphs: [
      en
        ? `Thank you for your order at ${order.park.name}.`
        : `${order.park.name}のチケットをお申し込みいただきありがとうございます。`,
      ...(passes ? [PASS_NOTE[locale]] : []),
      // The qualified invoice (issue 31): its page lets the buyer set the addressee before the first download.
      en
        ? `Your receipt (qualified invoice) as PDF: ${publicUrl}/my-tickets/orders/${orderId}/receipt`
        : `領収書（適格請求書）のPDF: ${publicUrl}/my-tickets/orders/${orderId}/receipt`,
    ],
    rows,
    link: {
      label: en ? 'Your tickets are in My Tickets' : 'チケットはマイチケットでご確認いただけます',
      url: `${publicUrl}/my-tickets`,
    },
    footer: FOOTER[locale],
  });
  await mailer.send({
    to: owner.email,
    subject: en
      ? `[ZooPass] Receipt ${order.applicationNumber}`
      : `【ZooPass】お申し込み完了のお知らせ（${order.applicationNumber}）`,
    text,
    html,
  });
  await knex('orders').where({ id: orderId }).update({ receipt_sent_at: new Date() });
  return 'sent';
}
