// The sweep releaseUnpaidGroups: approved group requests unpaid at their due date give their held places back
// through the stock ledger and become released; the requester is told. Requests someone else is busy with (a
// transfer being recorded) are skipped this time (SKIP LOCKED) and looked at again on the next run.
import type { Knex } from 'knex';
import { audit } from '../../../lib/audit';
import { releaseHolds } from '../../stock';
import { tellRequester } from '../tell';

export async function releaseUnpaidGroups(knex: Knex, now: Date): Promise<{ released: number }> {
  return knex.transaction(async (trx) => {
    const rows = (await trx('group_requests')
      .where('state', 'approved')
      .where('due_at', '<=', now)
      // A card payment still in flight decides first (its own sweep ends it): released, it could not buy.
      .whereNotExists((q) =>
        q.from('orders').whereRaw('orders.id = group_requests.order_id').where('orders.state', 'pending_payment'),
      )
      .orderBy('id')
      .limit(100)
      .forUpdate()
      .skipLocked()
      .select('id', 'user_id', 'item_id', 'organisation', trx.raw('date::text AS date'), 'hold_ids')) as {
      id: number | string;
      userId: number;
      itemId: number;
      organisation: string;
      date: string;
      holdIds: (number | string)[];
    }[];
    for (const r of rows) {
      const released = await releaseHolds(trx, r.holdIds, { actorUserId: null });
      await trx('group_requests').where('id', r.id).update({ state: 'released', updated_at: now });
      await audit(trx, { entity: 'group_request', entityId: r.id, action: 'released', data: { holdIds: released } });
      await tellRequester(
        trx,
        { id: Number(r.id), userId: r.userId, itemId: r.itemId, organisation: r.organisation, date: r.date },
        'released',
      );
    }
    return { released: rows.length };
  });
}
