// The job lotteryMail: "entry received" when an entry's authorisation went through, then the result (won with
// the date won, lost with the waitlist joined or not, or a win lost because the card could not be charged).
// Never a receipt: nothing is bought until the draw.
import type { Knex } from 'knex';
import { type Locale, PaymentMode } from '../../../../common/enums';
import type { DrawChoice } from '../../../../common/rules/lotteryDraw';
import type { Mailer } from '../../mail';
import { businessDate, dateTime, FOOTER, render, yen } from '../../orders';

export async function mailLottery(knex: Knex, mailer: Mailer, publicUrl: string, entryId: number): Promise<string> {
  const row = (await knex('lottery_entries as e')
    .join('lotteries as l', 'l.id', 'e.lottery_id')
    .join('items as i', 'i.id', 'l.item_id')
    .join('orders as o', 'o.id', 'e.order_id')
    .join('users as u', 'u.id', 'e.user_id')
    .where('e.id', entryId)
    .first(
      'u.email',
      'u.name',
      'u.language',
      'e.state',
      'e.party',
      'e.choices',
      'e.won_choice',
      'e.waitlist',
      'e.created_at',
      'o.application_number',
      'o.total',
      'o.payment_mode',
      'l.draw_at',
      'l.announce_at',
      'i.name_ja',
      'i.name_en',
    )) as
    | {
        email: string | null;
        name: string;
        language: number;
        state: string;
        party: number;
        choices: DrawChoice[];
        wonChoice: DrawChoice | null;
        waitlist: boolean;
        createdAt: Date;
        applicationNumber: string;
        total: number;
        paymentMode: string;
        drawAt: Date;
        announceAt: Date;
        nameJa: string;
        nameEn: string | null;
      }
    | undefined;
  if (!row?.email) return 'no address';
  const locale: Locale = row.language === 1 ? 'en' : 'ja';
  const en = locale === 'en';
  const item = (en ? row.nameEn : null) ?? row.nameJa;
  const choice = (c: DrawChoice) => businessDate(c.date, locale);
  const kind =
    row.state === 'won'
      ? 'won'
      : row.state === 'lost'
        ? 'lost'
        : row.state === 'capture_failed'
          ? 'failed'
          : 'received';
  // A card only checked at entry (a draw beyond an authorisation's lifetime) is charged at the draw.
  const checked = row.paymentMode === PaymentMode.Check;
  const paragraphs = {
    received: en
      ? [
          `We have received your lottery entry. The result will be announced on ${dateTime(row.announceAt, locale)}.`,
          checked
            ? 'Your card has been checked (nothing was charged) and saved; it will be charged the amount below at the draw only if you win.'
            : 'Until then the amount below is only authorised on your card, not charged.',
        ]
      : [
          `抽選へのお申し込みを受け付けました。抽選結果は${dateTime(row.announceAt, locale)}にお知らせします。`,
          checked
            ? 'カードの有効性を確認し（ご請求はありません）、カードを登録しました。当選した場合にだけ、抽選時に下記の金額をご請求します。'
            : 'それまでは下記の金額をカードで仮押さえ（オーソリ）しているだけで、請求はされません。',
        ],
    won: en
      ? ['Congratulations, you won! Your card has been charged and your tickets are in My Tickets.']
      : [
          'おめでとうございます。抽選に当選しました。カードへのご請求を確定し、チケットをマイチケットにお届けしました。',
        ],
    lost: en
      ? [
          checked
            ? 'We are sorry: your entry was not drawn this time. Nothing has been charged.'
            : 'We are sorry: your entry was not drawn this time. The authorisation on your card has been released.',
          ...(row.waitlist ? ['You are on the waitlist: if places free up, we will offer them to you.'] : []),
        ]
      : [
          checked
            ? '誠に残念ながら、今回は落選となりました。ご請求はありません。'
            : '誠に残念ながら、今回は落選となりました。カードの仮押さえは取り消しました。',
          ...(row.waitlist ? ['キャンセル待ちに登録しました。空きが出た場合はご案内します。'] : []),
        ],
    failed: en
      ? [
          'Your entry was drawn, but your card could not be charged, so the places went to the next entry. Nothing has been charged.',
        ]
      : [
          '当選しましたが、カードへのご請求ができなかったため、当選を取り消し、次の方にお譲りしました。ご請求はありません。',
        ],
  }[kind];
  const subject = {
    received: en ? 'Your lottery entry was received' : '抽選お申し込み受付のお知らせ',
    won: en ? 'Lottery result: you won' : '抽選結果のお知らせ（当選）',
    lost: en ? 'Lottery result' : '抽選結果のお知らせ',
    failed: en ? 'Lottery result: win cancelled' : '抽選結果のお知らせ（当選取消）',
  }[kind];
  const { text, html } = render({
    greeting: en ? `Hello ${row.name},` : `${row.name} 様`,
    paragraphs,
    rows: [
      [en ? 'Lottery' : '抽選', item],
      [en ? 'Application number' : '申込番号', row.applicationNumber],
      [en ? 'Entered on' : '申込日時', dateTime(row.createdAt, locale)],
      [en ? 'People' : '人数', String(row.party)],
      ...(row.wonChoice
        ? [[en ? 'Date won' : '当選日', choice(row.wonChoice)] as [string, string]]
        : row.choices.map((c, i): [string, string] => [en ? `Choice ${i + 1}` : `第${i + 1}希望`, choice(c)])),
      [en ? 'Amount' : '金額', yen(row.total, locale)],
    ],
    link: { label: en ? 'See My Tickets' : 'マイチケットを見る', url: `${publicUrl}/my-tickets/lottery` },
    footer: FOOTER[locale],
  });
  await mailer.send({ to: row.email, subject: `${en ? '[ZooPass] ' : '【ZooPass】'}${subject}`, text, html });
  return 'sent';
}
