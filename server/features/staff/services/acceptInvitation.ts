// POST api/v1/me/staff-invitations: the invited person, signed in with the invited address, accepts: the role is
// added (once; accepting a role already held changes nothing but the invitation) and the link is spent.
import type { Knex } from 'knex';
import type { StaffRole } from '../../../../common/dto/staff';
import { DomainError } from '../../../lib/errors';
import { sha256 } from '../../../lib/secrets';
import { recordStaffChange } from '../../../lib/staffAudit';

export async function acceptInvitation(
  knex: Knex,
  userId: number,
  token: string,
  now = new Date(),
): Promise<{ parkId: number; role: StaffRole }> {
  return knex.transaction(async (trx) => {
    const inv = (await trx('staff_invitations')
      .where({ token_hash: sha256(token) })
      .forUpdate()
      .first('id', 'park_id', 'email', 'role', 'accepted_at', 'expires_at')) as
      | { id: string; parkId: number; email: string; role: StaffRole; acceptedAt: Date | null; expiresAt: Date }
      | undefined;
    if (!inv || inv.acceptedAt || new Date(inv.expiresAt) <= now) throw new DomainError('invitationInvalid');
    const user = (await trx('users').where({ id: userId }).whereNull('deleted_at').first('email')) as
      | { email: string | null }
      | undefined;
    if (!user?.email || user.email.toLowerCase() !== inv.email)
      // The invited address is not named: whoever holds the link need not be the invited person.
      throw new DomainError('invitationOtherEmail');
    const before = (await trx('park_staff').where({ user_id: userId, park_id: inv.parkId }).pluck('role')) as string[];
    await trx('park_staff')
      .insert({ user_id: userId, park_id: inv.parkId, role: inv.role })
      .onConflict(['user_id', 'park_id', 'role'])
      .ignore();
    await trx('staff_invitations').where({ id: inv.id }).update({ accepted_at: now, accepted_by: userId });
    await recordStaffChange(trx, {
      parkId: inv.parkId,
      actorUserId: userId,
      entity: 'member',
      entityId: userId,
      action: 'accept',
      before: { roles: before.sort() },
      after: { roles: [...new Set([...before, inv.role])].sort(), invitationId: inv.id },
    });
    return { parkId: inv.parkId, role: inv.role };
  });
}
