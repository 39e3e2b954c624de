// The requester is told of every decision on a group request: inbox (then push) and e-mail (a durable job), both in
// the transaction of the change.
import type { Knex } from 'knex';
import { JOB_NAMES, jobQueueOf } from '../jobs';
import { itemName, notify } from '../notifications';

export type GroupNews = 'approved' | 'declined' | 'paid' | 'released';

export const NEWS_TEXT: Record<GroupNews, { ja: string; en: string; detailJa: string; detailEn: string }> = {
  approved: {
    ja: '承認されました',
    en: 'approved',
    detailJa: 'お支払い期限までにお支払いください。',
    detailEn: 'Please pay by the due date.',
  },
  declined: {
    ja: 'お受けできませんでした',
    en: 'declined',
    detailJa: '理由は申込詳細をご覧ください。',
    detailEn: 'See the request for the reason.',
  },
  paid: {
    ja: '入金を確認しました',
    en: 'payment received',
    detailJa: '団体チケットはマイチケットにあります。',
    detailEn: 'The group tickets are in My Tickets.',
  },
  released: {
    ja: 'お支払い期限を過ぎました',
    en: 'released unpaid',
    detailJa: 'お支払いがなかったため、確保していた枠を解放しました。',
    detailEn: 'The places held were released as the payment did not arrive by the due date.',
  },
};

export async function tellRequester(
  trx: Knex.Transaction,
  request: { id: number; userId: number; itemId: number; organisation: string; date: string },
  news: GroupNews,
): Promise<void> {
  const text = NEWS_TEXT[news];
  await notify(trx, {
    userId: request.userId,
    kind: 'groupRequest',
    params: {
      stateJa: text.ja,
      stateEn: text.en,
      detailJa: text.detailJa,
      detailEn: text.detailEn,
      organisation: request.organisation,
      item: await itemName(trx, request.itemId),
      date: request.date,
    },
    navigate: `/groups/requests/${request.id}`,
    about: `group:${request.id}`,
  });
  await jobQueueOf(trx).send(trx, JOB_NAMES.groupMail, { requestId: request.id, news });
}
