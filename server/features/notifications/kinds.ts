// What each kind says (ja and en), where a tap goes, and how it travels: TTL (how long a push service keeps it for
// an offline device: minutes for a hold, days for a lottery result), urgency, and what its Topic is made of (a newer
// message of the same kind and object replaces an unread older one on the device).
import type { Locale } from '../../../common/enums';
import type { NotificationKind } from '../../../common/notifications';

export interface Rendered {
  title: string;
  body: string;
}

export interface KindSpec {
  ttlSeconds: number;
  urgency: 'very-low' | 'low' | 'normal' | 'high';
  text(locale: Locale, p: Record<string, string | number>): Rendered;
}

const MINUTE = 60;
const DAY = 86_400;

export const KINDS: Record<NotificationKind, KindSpec> = {
  shareReceived: {
    ttlSeconds: DAY,
    urgency: 'normal',
    text: (l, p) =>
      l === 'en'
        ? { title: 'Your shared tickets were received', body: `${p.count} ticket(s) of ${p.item} were received.` }
        : { title: '共有したチケットが受け取られました', body: `${p.item}のチケット${p.count}枚が受け取られました。` },
  },
  shareEnded: {
    ttlSeconds: DAY,
    urgency: 'low',
    text: (l, p) =>
      l === 'en'
        ? { title: 'Tickets back in My Tickets', body: `The share of ${p.item} ended; ${p.count} ticket(s) are back.` }
        : { title: 'チケットがマイチケットに戻りました', body: `${p.item}の共有が終了し、${p.count}枚が戻りました。` },
  },
  ticketsReceived: {
    ttlSeconds: DAY,
    urgency: 'normal',
    text: (l, p) =>
      l === 'en'
        ? { title: 'Tickets received', body: `${p.count} ticket(s) of ${p.item} are in My Tickets.` }
        : { title: 'チケットを受け取りました', body: `${p.item}のチケット${p.count}枚がマイチケットに入りました。` },
  },
  holdExpiring: {
    ttlSeconds: 3 * MINUTE,
    urgency: 'high',
    text: (l, p) =>
      l === 'en'
        ? { title: 'Your hold ends in 3 minutes', body: `Complete your purchase of ${p.item} before the hold ends.` }
        : { title: 'チケットの確保期限まであと3分です', body: `${p.item}のお手続きを期限までに完了してください。` },
  },
  orderPaid: {
    ttlSeconds: DAY,
    urgency: 'normal',
    text: (l, p) =>
      l === 'en'
        ? { title: 'Payment complete', body: `Order ${p.number}: your tickets are in My Tickets.` }
        : {
            title: 'お支払いが完了しました',
            body: `申込番号${p.number}：チケットはマイチケットでご確認いただけます。`,
          },
  },
  konbiniExpired: {
    ttlSeconds: 3 * DAY,
    urgency: 'normal',
    text: (l, p) =>
      l === 'en'
        ? {
            title: 'Payment deadline passed',
            body: `Order ${p.number} was not paid at the store by its deadline and has been cancelled.`,
          }
        : {
            title: 'お支払い期限を過ぎました',
            body: `申込番号${p.number}：コンビニでのお支払いが期限までに確認できなかったため、お申し込みを取り消しました。`,
          },
  },
  bankTransferOwed: {
    ttlSeconds: 7 * DAY,
    urgency: 'normal',
    text: (l, p) =>
      l === 'en'
        ? {
            title: 'Enter a bank account for your refund',
            body: `Order ${p.number}: ${p.amount} paid at a convenience store will be refunded by bank transfer. Please enter the account.`,
          }
        : {
            title: '返金先の口座をご登録ください',
            body: `申込番号${p.number}：コンビニでお支払いの${p.amount}は銀行振込で返金します。振込先の口座をご登録ください。`,
          },
  },
  bankAccountReminder: {
    ttlSeconds: 7 * DAY,
    urgency: 'normal',
    text: (l, p) =>
      l === 'en'
        ? {
            title: 'Reminder: enter a bank account for your refund',
            body: `Order ${p.number}: we still need your bank account to refund ${p.amount} (paid at a convenience store) by transfer. It was asked for ${p.days} days ago.`,
          }
        : {
            title: '【再送】返金先の口座をご登録ください',
            body: `申込番号${p.number}：コンビニでお支払いの${p.amount}を銀行振込で返金するため、振込先の口座のご登録をお願いしています（ご案内から${p.days}日経過）。`,
          },
  },
  refundDone: {
    ttlSeconds: 3 * DAY,
    urgency: 'normal',
    text: (l, p) =>
      l === 'en'
        ? { title: 'Refund complete', body: `Order ${p.number}: ${p.amount} was refunded.` }
        : { title: '返金が完了しました', body: `申込番号${p.number}：${p.amount}を返金しました。` },
  },
  lotteryResult: {
    ttlSeconds: 7 * DAY,
    urgency: 'normal',
    text: (l, p) =>
      l === 'en'
        ? { title: 'Lottery result', body: `The lottery result of ${p.item} is out.` }
        : { title: '抽選結果のお知らせ', body: `${p.item}の抽選結果が出ました。` },
  },
  waitlistOffer: {
    ttlSeconds: 12 * 60 * MINUTE,
    urgency: 'high',
    text: (l, p) =>
      l === 'en'
        ? { title: 'Tickets are available for you', body: `${p.item}: buy by ${p.deadline}.` }
        : {
            title: 'キャンセル待ちのチケットをご用意しました',
            body: `${p.item}：${p.deadline}までにお手続きください。`,
          },
  },
  ticketUsableToday: {
    ttlSeconds: 12 * 60 * MINUTE,
    urgency: 'normal',
    text: (l, p) =>
      l === 'en'
        ? { title: 'Your ticket can be used today', body: `${p.item}: open it from My Tickets.` }
        : { title: '本日ご利用いただけるチケットがあります', body: `${p.item}：マイチケットから開いてください。` },
  },
  passCardReissued: {
    ttlSeconds: DAY,
    urgency: 'normal',
    text: (l, p) =>
      l === 'en'
        ? {
            title: 'A member card was moved to a new phone',
            body: `${p.holder}'s card (${p.passNumber}) was reissued; the old phone's QR no longer admits. If this was not you, contact the park.`,
          }
        : {
            title: '会員証を新しい端末に再発行しました',
            body: `${p.holder}様の会員証（${p.passNumber}）を再発行しました。以前の端末のQRは使えません。お心当たりがない場合は施設にお問い合わせください。`,
          },
  },
  newStory: {
    ttlSeconds: DAY,
    urgency: 'low',
    text: (l, p) =>
      l === 'en'
        ? { title: `New story from ${p.park}`, body: String(p.title) }
        : { title: `${p.park}の新しいストーリー`, body: String(p.title) },
  },
  passPhotoRejected: {
    ttlSeconds: 3 * DAY,
    urgency: 'normal',
    text: (l, p) =>
      l === 'en'
        ? {
            title: 'Please send another pass photo',
            body: `The photo of ${p.holder} (${p.item}) was not accepted: ${p.reason}`,
          }
        : {
            title: '年間パスポートの写真を再登録してください',
            body: `${p.holder}さんの写真（${p.item}）は承認されませんでした。理由：${p.reason}`,
          },
  },
  waitingRoomTurn: {
    ttlSeconds: 10 * MINUTE,
    urgency: 'high',
    text: (l, p) =>
      l === 'en'
        ? { title: "It's your turn", body: `${p.item}: you can buy now. Open the queue page to continue.` }
        : { title: '順番が来ました', body: `${p.item}：ご購入いただけます。順番待ちの画面からお進みください。` },
  },
  passRenewalReminder: {
    ttlSeconds: 3 * DAY,
    urgency: 'low',
    text: (l, p) =>
      l === 'en'
        ? { title: 'Time to renew your annual pass', body: `${p.item} (${p.number}) ends on ${p.until}. Renew it now.` }
        : {
            title: '年間パスポートの更新のご案内',
            body: `${p.item}（${p.number}）の有効期限は${p.until}です。お早めに更新してください。`,
          },
  },
  groupRequest: {
    ttlSeconds: 3 * DAY,
    urgency: 'normal',
    text: (l, p) =>
      l === 'en'
        ? { title: `Group visit: ${p.stateEn}`, body: `${p.organisation}, ${p.item} on ${p.date}: ${p.detailEn}` }
        : { title: `団体申込：${p.stateJa}`, body: `${p.organisation}様 ${p.item}（${p.date}）：${p.detailJa}` },
  },
};
