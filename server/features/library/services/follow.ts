import type { Knex } from 'knex';
import type { FollowTarget } from '../../../../common/dto/library';
import { notFound } from '../../../lib/errors';
import { followTargetExists } from './targets';

/** Follows a park, park user or living thing. Idempotent: following twice keeps one row. */
export async function follow(
  knex: Knex | Knex.Transaction,
  userId: number,
  targetType: FollowTarget,
  targetId: number,
): Promise<{ created: boolean }> {
  if (!(await followTargetExists(knex, targetType, targetId))) throw notFound();
  const rows = await knex('follows')
    .insert({ user_id: userId, target_type: targetType, target_id: targetId })
    .onConflict(['user_id', 'target_type', 'target_id'])
    .ignore()
    .returning('id');
  return { created: rows.length > 0 };
}
