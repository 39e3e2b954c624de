import type { Knex } from 'knex';
import type { FollowTarget } from '../../../../common/dto/library';
import { notFound } from '../../../lib/errors';

/** Removes one of the user's own follows; someone else's (or none) is not found. */
export async function unfollow(
  knex: Knex | Knex.Transaction,
  userId: number,
  targetType: FollowTarget,
  targetId: number,
): Promise<void> {
  const deleted = await knex('follows')
    .where({ user_id: userId, target_type: targetType, target_id: targetId })
    .del()
    // An array on both drivers (a bare del() answers a count through pg but a result object on PGlite).
    .returning('id');
  if (deleted.length === 0) throw notFound();
}
