// Staff decline a group request with a reason (1-500 characters); nothing was held. The requester is told.
import type { Knex } from 'knex';
import { audit } from '../../../lib/audit';
import { lockGroupRequest } from '../lock';
import { tellRequester } from '../tell';

export async function declineGroupRequest(
  knex: Knex,
  input: { parkId: number; requestId: number; actorUserId: number; reason: string; now: Date },
): Promise<void> {
  await knex.transaction(async (trx) => {
    const r = await lockGroupRequest(trx, input.requestId, input.parkId, 'declined');
    await trx('group_requests').where('id', r.id).update({
      state: 'declined',
      decline_reason: input.reason,
      decided_by: input.actorUserId,
      decided_at: input.now,
      updated_at: input.now,
    });
    await audit(trx, {
      entity: 'group_request',
      entityId: r.id,
      action: 'declined',
      actorUserId: input.actorUserId,
      data: { reason: input.reason },
    });
    await tellRequester(
      trx,
      { id: Number(r.id), userId: r.userId, itemId: r.itemId, organisation: r.organisation, date: r.date },
      'declined',
    );
  });
}
