// POST api/v1/staff/parks/{parkId}/pass-holders/{holderId}/reissue (README 2.6, 2.15): an editor or owner reissues
// a holder's card (a lost phone at the counter): the ticket ledger revokes its live tokens onto the revocation
// cursor (reissueHolderCard), the next read of the card issues new ones; audited, and the owner told in the inbox,
// in the same transaction.
import type { Knex } from 'knex';
import { recordStaffChange } from '../../../lib/staffAudit';
import { reissueHolderCard } from '../../wallet';
import { tellOwnerCardReissued } from '../services/reissueCard';
import { assertHolderOfPark } from './holderOfPark';

export async function reissueCard(
  knex: Knex,
  c: { parkId: number; holderId: number; actorUserId: number; now: Date },
): Promise<{ revoked: number }> {
  return knex.transaction(async (trx) => {
    await assertHolderOfPark(trx, c.parkId, c.holderId);
    const revoked = await reissueHolderCard(trx, c.holderId, c.actorUserId, c.now);
    await tellOwnerCardReissued(trx, c.holderId, c.now);
    await recordStaffChange(trx, {
      parkId: c.parkId,
      actorUserId: c.actorUserId,
      entity: 'pass_holder',
      entityId: c.holderId,
      action: 'card_reissued',
      after: { revoked },
    });
    return { revoked };
  });
}
