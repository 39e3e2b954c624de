// The job passMail (README 2.5, 2.13): a holder's photo rejected by the park (to the pass owner, and to the holder
// when that is another account with an address), or a renewal reminder 30 or 7 days before the end (to the owner),
// in each reader's language. Queued in the transaction of the decision or the reminder, so sent once.
import type { Knex } from 'knex';
import type { Locale } from '../../../../common/enums';
import type { Mailer } from '../../mail';
import { businessDate, FOOTER, render } from '../../orders';

export type PassMail =
  | { kind: 'photoRejected'; photoId: string }
  | { kind: 'renewalReminder'; passId: number; until: string; daysBefore: number };

interface Reader {
  email: string | null;
  name: string;
  language: number;
}

const readers = (knex: Knex, ids: (number | null)[]) =>
  knex('users')
    .whereIn('id', [...new Set(ids.filter((id): id is number => id !== null))])
    .whereNull('deleted_at')
    .select('email', 'name', 'language') as Promise<Reader[]>;

export async function sendPassMail(knex: Knex, mailer: Mailer, publicUrl: string, m: PassMail): Promise<string> {
  const passId =
    m.kind === 'photoRejected'
      ? ((
          await knex('pass_photos as ph')
            .join('pass_holders as h', 'h.id', 'ph.pass_holder_id')
            .where('ph.id', m.photoId)
            .first('h.pass_id')
        )?.passId as number | undefined)
      : m.passId;
  if (!passId) return 'gone';
  const pass = await knex('passes as p')
    .join('items as i', 'i.id', 'p.item_id')
    .where('p.id', passId)
    .first('p.owner_user_id', 'p.pass_number', 'i.name_ja', 'i.name_en');
  const photo =
    m.kind === 'photoRejected'
      ? await knex('pass_photos as ph')
          .join('pass_holders as h', 'h.id', 'ph.pass_holder_id')
          .where('ph.id', m.photoId)
          .first('ph.reject_reason', 'h.name', 'h.holder_user_id')
      : null;
  const to = await readers(knex, [pass.ownerUserId, photo?.holderUserId ?? null]);
  let sent = 0;
  for (const reader of to) {
    if (!reader.email) continue;
    const locale: Locale = reader.language === 1 ? 'en' : 'ja';
    const en = locale === 'en';
    const item = (en ? pass.nameEn : null) ?? pass.nameJa;
    const rows: [string, string][] = [
      [en ? 'Annual pass' : '年間パスポート', item],
      [en ? 'Pass number' : 'パスポート番号', pass.passNumber],
    ];
    const mail =
      m.kind === 'photoRejected'
        ? {
            subject: en ? 'Please send another pass photo' : '年間パスポートの写真の再登録のお願い',
            paragraphs: en
              ? [`The park could not accept the photo of ${photo.name}.`, 'Please upload another one from the card.']
              : [`${photo.name}さんの写真を承認できませんでした。`, '会員証から別の写真を登録してください。'],
            rows: [...rows, [en ? 'Reason' : '理由', String(photo.rejectReason ?? '')]] as [string, string][],
            link: { label: en ? 'Open the card' : '会員証を開く', url: `${publicUrl}/my-tickets/pass/${passId}` },
          }
        : {
            subject: en ? 'Time to renew your annual pass' : '年間パスポートの更新のご案内',
            paragraphs: en
              ? [`Your annual pass ends in ${m.daysBefore} days. Renew it now: the new year starts after the end.`]
              : [
                  `年間パスポートの有効期限まであと${m.daysBefore}日です。更新すると、新しい期間は現在の期限の翌日から始まります。`,
                ],
            rows: [...rows, [en ? 'Valid until' : '有効期限', businessDate(m.until, locale)]] as [string, string][],
            link: {
              label: en ? 'Renew the pass' : '更新する',
              url: `${publicUrl}/my-tickets/pass/${passId}/renew`,
            },
          };
    const { text, html } = render({
      greeting: en ? `Hello ${reader.name},` : `${reader.name} 様`,
      paragraphs: mail.paragraphs,
      rows: mail.rows,
      link: mail.link,
      footer: FOOTER[locale],
    });
    await mailer.send({ to: reader.email, subject: `${en ? '[ZooPass] ' : '【ZooPass】'}${mail.subject}`, text, html });
    sent++;
  }
  return `sent ${sent}`;
}
