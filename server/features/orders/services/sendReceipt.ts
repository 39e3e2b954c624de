import type { Knex } from 'knex';
import type { Locale } from '../../../../common/enums';
import type { Mailer } from '../../mail/mailer';
import { presentOrder } from '../presentOrder';
import { getOrder } from './getOrder';

const METHOD = {
  ja: { 1: 'クレジットカード', 2: 'メルペイ', 3: 'PayPay', 4: 'コイン・無料' },
  en: { 1: 'Credit card', 2: 'merpay', 3: 'PayPay', 4: 'Coins / free' },
} as const;

const yen = (n: number, locale: Locale) =>
  locale === 'en' ? `¥${n.toLocaleString('en')}` : `${n.toLocaleString('ja')}円`;

/** The receipt of a paid order, in the buyer's language, to the buyer's e-mail address. */
export async function sendReceipt(knex: Knex, mailer: Mailer, publicUrl: string, orderId: number): Promise<void> {
  const owner = (await knex('orders as o')
    .join('users as u', 'u.id', 'o.user_id')
    .where('o.id', orderId)
    .first('u.id', 'u.email', 'u.name', 'u.language')) as
    | { id: number; email: string | null; name: string; language: number }
    | undefined;
  if (!owner?.email) return;
  const locale: Locale = owner.language === 1 ? 'en' : 'ja';
  const order = presentOrder(await getOrder(knex, owner.id, orderId), locale);
  const method = METHOD[locale][order.paymentMethod as 1 | 2 | 3 | 4] ?? '';
  const lines = order.lines
    .map((l) => `・${l.name} ${l.date}${l.time ? ` ${l.time}` : ''} ${yen(l.subtotal, locale)}`)
    .join('\n');
  const link = `${publicUrl}/my-tickets`;
  const text =
    locale === 'en'
      ? `Hello ${owner.name},\n\nThank you for your order at ${order.park.name}.\n\nApplication number: ${order.applicationNumber}\nDate: ${order.paidAt}\n\n${lines}\n\nSubtotal: ${yen(order.subtotal, locale)}\nCoupon discount: -${yen(order.couponDiscount, locale)}\nCoin discount: -${yen(order.coinDiscount, locale)}\nTotal: ${yen(order.total, locale)}\nPayment method: ${method}\nAmount paid: ${yen(order.amountPaid, locale)}\n\nYour tickets are in My Tickets: ${link}\n`
      : `${owner.name} 様\n\n${order.park.name}のチケットをお申し込みいただきありがとうございます。\n\n申込番号：${order.applicationNumber}\n申込日時：${order.paidAt}\n\n${lines}\n\n小計：${yen(order.subtotal, locale)}\nクーポン割引：-${yen(order.couponDiscount, locale)}\nコイン割引：-${yen(order.coinDiscount, locale)}\n合計：${yen(order.total, locale)}\nお支払い方法：${method}\nお支払い金額：${yen(order.amountPaid, locale)}\n\nチケットはマイチケットでご確認いただけます：${link}\n`;
  await mailer.send({
    to: owner.email,
    subject:
      locale === 'en'
        ? `[ZooPass] Receipt ${order.applicationNumber}`
        : `【ZooPass】お申し込み完了のお知らせ（${order.applicationNumber}）`,
    text,
  });
}
