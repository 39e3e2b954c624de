import type { Knex } from 'knex';
import type { Profile } from '../../../../common/dto/user';
import { notFound } from '../../../lib/errors';
import { presentProfile } from '../presentProfile';

export async function getProfile(
  knex: Knex | Knex.Transaction,
  userId: number,
  actorId: number | null,
): Promise<Profile> {
  const user = await knex('users').where({ id: userId }).whereNull('deleted_at').first();
  if (!user) throw notFound();
  const providers = await knex('social_identities').where({ user_id: userId }).pluck('provider');
  const staffRoles = (await knex('park_staff')
    .where({ user_id: userId })
    .orderBy(['park_id', 'role'])
    .select('park_id', 'role')) as { parkId: number; role: string }[];
  return presentProfile(user, actorId, providers, staffRoles);
}
