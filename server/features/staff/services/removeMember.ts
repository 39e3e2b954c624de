// DELETE api/v1/staff/parks/{parkId}/members/{userId}: an owner removes a member's roles at the park (one role with
// ?role=, else all). The park keeps at least one owner. The next request of the removed member is refused: roles
// are read per request (server/lib/staffAccess.ts), not carried in the token.
import type { Knex } from 'knex';
import type { StaffRole } from '../../../../common/dto/staff';
import { DomainError, notFound } from '../../../lib/errors';
import { recordStaffChange } from '../../../lib/staffAudit';

export async function removeMember(
  knex: Knex,
  input: { parkId: number; actorUserId: number; userId: number; role?: StaffRole },
): Promise<{ userId: number; roles: StaffRole[] }> {
  return knex.transaction(async (trx) => {
    // The park's staff rows, locked: two owners removing each other cannot leave the park without one.
    const rows = (await trx('park_staff')
      .where({ park_id: input.parkId })
      .orderBy(['user_id', 'role'])
      .forUpdate()
      .select('user_id', 'role')) as { userId: number; role: StaffRole }[];
    const before = rows.filter((r) => r.userId === input.userId).map((r) => r.role);
    const removed = before.filter((r) => !input.role || r === input.role);
    if (removed.length === 0) throw notFound();
    const ownersLeft = rows.filter(
      (r) => r.role === 'owner' && !(r.userId === input.userId && removed.includes('owner')),
    );
    if (removed.includes('owner') && ownersLeft.length === 0) throw new DomainError('lastOwner');
    await trx('park_staff').where({ park_id: input.parkId, user_id: input.userId }).whereIn('role', removed).delete();
    const after = before.filter((r) => !removed.includes(r));
    await recordStaffChange(trx, {
      parkId: input.parkId,
      actorUserId: input.actorUserId,
      entity: 'member',
      entityId: input.userId,
      action: 'remove',
      before: { roles: before },
      after: { roles: after },
    });
    return { userId: input.userId, roles: after };
  });
}
