// Whether a user is staff of a park for a need (a role, owner, or any role): the one rule of the staff area, used
// by the auth plugin for routes with a parkId and by services that find the park from the object (a scanned
// ticket, a reviewed act, a previewed story). Read on every call: removing a member takes effect at once. A park
// whose owner requires two-factor sign-in refuses members who have not turned it on (a clear 403 of its own, so the
// PWA can send them to the setting).
import type { Knex } from 'knex';
import { rolesAllowed, type StaffNeed } from '../../common/dto/staff';
import { DomainError } from './errors';

type Db = Knex | Knex.Transaction;

export type StaffAccess = 'ok' | 'notMember' | 'totpRequired';

export async function parkStaffAccess(db: Db, userId: number, parkId: number, need: StaffNeed): Promise<StaffAccess> {
  const row = (await db('park_staff')
    .join('parks', 'parks.id', 'park_staff.park_id')
    .leftJoin('user_totp', 'user_totp.user_id', 'park_staff.user_id')
    .where({ 'park_staff.user_id': userId, 'park_staff.park_id': parkId })
    .whereIn('park_staff.role', rolesAllowed(need))
    .first('parks.require_totp', 'user_totp.enabled_at')) as
    | { requireTotp: boolean; enabledAt: Date | null }
    | undefined;
  if (!row) return 'notMember';
  if (row.requireTotp && !row.enabledAt) return 'totpRequired';
  return 'ok';
}

export async function isParkStaff(knex: Db, userId: number, parkId: number, need: StaffNeed): Promise<boolean> {
  return (await parkStaffAccess(knex, userId, parkId, need)) === 'ok';
}

export async function assertParkStaff(knex: Db, userId: number, parkId: number, need: StaffNeed): Promise<void> {
  const access = await parkStaffAccess(knex, userId, parkId, need);
  if (access === 'totpRequired') throw new DomainError('totpRequiredByPark');
  if (access !== 'ok') throw new DomainError('notParkStaff');
}
