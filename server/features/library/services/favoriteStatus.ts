import type { Knex } from 'knex';
import type { FavoriteStatus, FavoriteTarget } from '../../../../common/dto/library';

/** Whether the user keeps a target as a favourite (for the button of an item or ticket pack page). */
export async function favoriteStatus(
  knex: Knex | Knex.Transaction,
  userId: number,
  targetType: FavoriteTarget,
  targetId: number,
): Promise<FavoriteStatus> {
  const row = await knex('favorites')
    .where({ user_id: userId, target_type: targetType, target_id: targetId })
    .first('id');
  return { targetType, targetId, favorite: !!row };
}
