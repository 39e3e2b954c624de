// A group request locked (FOR UPDATE) in the caller's transaction, with its state checked against the machine,
// and the order it is paid by.
import type { Knex } from 'knex';
import { canMoveGroupRequest, type GroupRequestState } from '../../../common/rules/groupRequestState';
import { DomainError } from '../../lib/errors';
import type { GroupOrderSpec } from '../orders';
import { type GroupRequestRow, REQUEST_COLUMNS } from './present';

export async function lockGroupRequest(
  trx: Knex.Transaction,
  id: number,
  parkId: number | null,
  to: GroupRequestState,
): Promise<GroupRequestRow & { date: string }> {
  const row = (await trx('group_requests')
    .where('id', id)
    .modify((q) => {
      if (parkId !== null) q.where('park_id', parkId);
    })
    .forUpdate()
    .first([...REQUEST_COLUMNS, trx.raw('date::text AS date')])) as (GroupRequestRow & { date: string }) | undefined;
  if (!row) throw new DomainError('notFound');
  if (!canMoveGroupRequest(row.state, to)) throw new DomainError('groupRequestState');
  return row;
}

/** The order of a locked, approved request: its item, date and slot, its party on its own held places. */
export function groupOrderSpec(
  r: GroupRequestRow & { date: string },
  amount: number,
  actorUserId: number,
): GroupOrderSpec {
  return {
    userId: r.userId,
    parkId: r.parkId,
    itemId: r.itemId,
    date: r.date,
    timeSlotId: r.timeSlotId,
    partySize: r.partySize,
    amount,
    holdIds: r.holdIds.map(Number),
    stockUnitId: Number(r.stockUnitId),
    actorUserId,
  };
}
