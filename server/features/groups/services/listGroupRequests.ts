// Group requests as lists: the requester's own (newest first), or a park's for its staff (filter by state).
import type { Knex } from 'knex';
import type { GroupRequestState } from '../../../../common/rules/groupRequestState';
import { type GroupRequestRow, presentGroupRequest, REQUEST_COLUMNS } from '../present';

export async function listGroupRequests(
  knex: Knex,
  by: { userId: number } | { parkId: number; state?: GroupRequestState },
  locale: 'ja' | 'en',
) {
  const rows = (await knex('group_requests')
    .join('items', 'items.id', 'group_requests.item_id')
    .modify((q) => {
      if ('userId' in by) q.where('group_requests.user_id', by.userId);
      else {
        q.where('group_requests.park_id', by.parkId);
        if (by.state) q.where('group_requests.state', by.state);
      }
    })
    .orderBy('group_requests.id', 'desc')
    .limit(500)
    .select([
      ...REQUEST_COLUMNS,
      knex.raw('group_requests.date::text AS date'),
      knex.raw(locale === 'en' ? 'COALESCE(items.name_en, items.name_ja) AS item_name' : 'items.name_ja AS item_name'),
    ])) as (GroupRequestRow & { itemName: string })[];
  return rows.map(presentGroupRequest);
}
