import type { Knex } from 'knex';
import type { FollowStatus, FollowTarget } from '../../../../common/dto/library';

/** Whether the user follows a target (for the follow button of a profile page). */
export async function followStatus(
  knex: Knex | Knex.Transaction,
  userId: number,
  targetType: FollowTarget,
  targetId: number,
): Promise<FollowStatus> {
  const row = await knex('follows')
    .where({ user_id: userId, target_type: targetType, target_id: targetId })
    .first('id');
  return { targetType, targetId, following: !!row };
}
