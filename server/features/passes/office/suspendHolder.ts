// POST and DELETE api/v1/staff/parks/{parkId}/pass-holders/{holderId}/suspension (README 2.10): an editor or owner
// suspends a holder of a pass the park sold, or reinstates it, with a reason; the ticket ledger moves the holder's
// terms (suspendPassHolder / reinstatePassHolder) and the staff audit records before and after, in one transaction.
import type { Knex } from 'knex';
import { recordStaffChange } from '../../../lib/staffAudit';
import { reinstatePassHolder, suspendPassHolder } from '../../wallet';
import { assertHolderOfPark } from './holderOfPark';

export interface SuspensionChange {
  parkId: number;
  holderId: number;
  actorUserId: number;
  reason: string;
  suspend: boolean;
  now: Date;
}

export async function changeSuspension(knex: Knex, c: SuspensionChange): Promise<void> {
  await knex.transaction(async (trx) => {
    await assertHolderOfPark(trx, c.parkId, c.holderId);
    const move = c.suspend ? suspendPassHolder : reinstatePassHolder;
    const tickets = await move(trx, c.holderId, c.reason, c.actorUserId, c.now);
    await recordStaffChange(trx, {
      parkId: c.parkId,
      actorUserId: c.actorUserId,
      entity: 'pass_holder',
      entityId: c.holderId,
      action: c.suspend ? 'suspended' : 'reinstated',
      before: { state: c.suspend ? 'available' : 'suspended' },
      after: { state: c.suspend ? 'suspended' : 'available', reason: c.reason, tickets },
    });
  });
}
