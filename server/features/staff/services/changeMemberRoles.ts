// PUT api/v1/staff/parks/{parkId}/members/{userId}: an owner sets a member's roles at the park (the whole set),
// instead of removing and inviting again. The park keeps at least one owner; the change is audited.
import type { Knex } from 'knex';
import type { StaffRole } from '../../../../common/dto/staff';
import { DomainError, notFound } from '../../../lib/errors';
import { recordStaffChange } from '../../../lib/staffAudit';

export async function changeMemberRoles(
  knex: Knex,
  input: { parkId: number; actorUserId: number; userId: number; roles: StaffRole[] },
): Promise<{ userId: number; roles: StaffRole[] }> {
  const roles = [...new Set(input.roles)].sort();
  return knex.transaction(async (trx) => {
    // The park's staff rows, locked (as removeMember): two owners demoting each other cannot leave none.
    const rows = (await trx('park_staff')
      .where({ park_id: input.parkId })
      .orderBy(['user_id', 'role'])
      .forUpdate()
      .select('user_id', 'role')) as { userId: number; role: StaffRole }[];
    const before = rows.filter((r) => r.userId === input.userId).map((r) => r.role);
    if (before.length === 0) throw notFound();
    const otherOwners = rows.filter((r) => r.role === 'owner' && r.userId !== input.userId);
    if (!roles.includes('owner') && otherOwners.length === 0) throw new DomainError('lastOwner');
    const added = roles.filter((r) => !before.includes(r));
    const removed = before.filter((r) => !roles.includes(r));
    if (removed.length) {
      await trx('park_staff').where({ park_id: input.parkId, user_id: input.userId }).whereIn('role', removed).delete();
    }
    if (added.length) {
      await trx('park_staff').insert(added.map((role) => ({ park_id: input.parkId, user_id: input.userId, role })));
    }
    if (added.length || removed.length) {
      await recordStaffChange(trx, {
        parkId: input.parkId,
        actorUserId: input.actorUserId,
        entity: 'member',
        entityId: input.userId,
        action: 'roles',
        before: { roles: [...before].sort() },
        after: { roles },
      });
    }
    return { userId: input.userId, roles };
  });
}
