// Whether a user is staff of a park for a need (a role, owner, or any role): the one rule of the staff area, used
// by the auth plugin for routes with a parkId and by services that find the park from the object (a scanned
// ticket, a reviewed act, a previewed story). Read on every call: removing a member takes effect at once.
import type { Knex } from 'knex';
import { rolesAllowed, type StaffNeed } from '../../../common/dto/staff';
import { DomainError } from '../../lib/errors';

type Db = Knex | Knex.Transaction;

export async function isParkStaff(knex: Db, userId: number, parkId: number, need: StaffNeed): Promise<boolean> {
  const row = await knex('park_staff')
    .where({ user_id: userId, park_id: parkId })
    .whereIn('role', rolesAllowed(need))
    .first('user_id');
  return Boolean(row);
}

export async function assertParkStaff(knex: Db, userId: number, parkId: number, need: StaffNeed): Promise<void> {
  if (!(await isParkStaff(knex, userId, parkId, need))) throw new DomainError('notParkStaff', 403);
}
