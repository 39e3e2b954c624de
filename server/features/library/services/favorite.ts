import type { Knex } from 'knex';
import type { FavoriteTarget } from '../../../../common/dto/library';
import { notFound } from '../../../lib/errors';
import { favoriteTargetExists } from './targets';

/** Keeps an item or ticket pack as a favourite. Idempotent: one row per user and target. */
export async function favorite(
  knex: Knex | Knex.Transaction,
  userId: number,
  targetType: FavoriteTarget,
  targetId: number,
): Promise<{ created: boolean }> {
  if (!(await favoriteTargetExists(knex, targetType, targetId))) throw notFound();
  const rows = await knex('favorites')
    .insert({ user_id: userId, target_type: targetType, target_id: targetId })
    .onConflict(['user_id', 'target_type', 'target_id'])
    .ignore()
    .returning('id');
  return { created: rows.length > 0 };
}
