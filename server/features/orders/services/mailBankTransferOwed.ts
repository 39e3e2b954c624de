import type { Knex } from 'knex';
import type { Mailer } from '../../mail';
import { FOOTER, render, yen } from '../mailFormat';
import { ORDER_MAIL_COLUMNS, type OrderMailRow, orderMailOpening } from '../orderMail';

/**
 * The jobs bankTransferOwedMail and bankAccountReminderMail (with `reminderDays`: still no account that many days
 * after; sent only while none came). The job bankTransferOwedMail: money paid at a convenience store goes back by bank transfer (a cancellation, the
 * park's refund, or a late payment whose places were gone); the buyer is asked to enter the account it goes to.
 * The mail carries no account details, only the link to the page where the buyer enters them.
 */
export async function mailBankTransferOwed(
  knex: Knex,
  mailer: Mailer,
  publicUrl: string,
  transferId: string,
  reminderDays?: number,
): Promise<string> {
  const row = (await knex('bank_transfer_refunds as b')
    .join('orders as o', 'o.id', 'b.order_id')
    .join('users as u', 'u.id', 'b.user_id')
    .join('parks as k', 'k.id', 'o.park_id')
    .where('b.id', transferId)
    .first(...ORDER_MAIL_COLUMNS, 'b.amount', 'b.state')) as
    | (OrderMailRow & { amount: number; state: string })
    | undefined;
  if (!row?.email) return 'no address';
  if (row.state !== 'awaiting_account') return 'account given';
  const { locale, en, greeting, orderRows } = orderMailOpening(row);
  const { text, html } = render({
    greeting,
    paragraphs: [
      ...(reminderDays
        ? [
            en
              ? `This is a reminder: we asked for the bank account ${reminderDays} days ago and have not received it yet. Until it is entered, the park cannot send the refund.`
              : `口座のご登録をお願いしてから${reminderDays}日が経ちましたが、まだご登録が確認できていないため、再度ご案内いたします。ご登録いただくまで施設から返金の振込ができません。`,
          ]
        : []),
      en
        ? 'Money paid at a convenience store cannot be returned through the store, so the park will refund it by bank transfer. Please enter the bank account (bank and branch codes, account type and number, holder name in katakana) on the page below.'
        : 'コンビニでお支払いいただいた代金はコンビニ経由では返金できないため、施設から銀行振込で返金いたします。下のページから振込先の口座（銀行コード・支店コード・口座種別・口座番号・口座名義（カナ））をご登録ください。',
    ],
    rows: [...orderRows, [en ? 'Refund by bank transfer' : '振込で返金する金額', yen(row.amount, locale)]],
    link: {
      label: en ? 'Enter the bank account' : '返金先の口座を登録する',
      url: `${publicUrl}/my-tickets/refunds/${transferId}`,
    },
    footer: FOOTER[locale],
  });
  await mailer.send({
    to: row.email,
    subject: reminderDays
      ? en
        ? `[ZooPass] Reminder: please enter your account for the refund (${row.applicationNumber})`
        : `【ZooPass】【再送】返金口座のご登録のお願い（${row.applicationNumber}）`
      : en
        ? `[ZooPass] Refund by bank transfer: please enter your account (${row.applicationNumber})`
        : `【ZooPass】返金口座のご登録のお願い（${row.applicationNumber}）`,
    text,
    html,
  });
  return 'sent';
}
