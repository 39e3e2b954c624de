import type { Knex } from 'knex';
import type { FavoriteTarget } from '../../../../common/dto/library';
import { notFound } from '../../../lib/errors';

/** Removes one of the user's own favourites; someone else's (or none) is not found. */
export async function unfavorite(
  knex: Knex | Knex.Transaction,
  userId: number,
  targetType: FavoriteTarget,
  targetId: number,
): Promise<void> {
  const deleted = await knex('favorites')
    .where({ user_id: userId, target_type: targetType, target_id: targetId })
    .del()
    // An array on both drivers (a bare del() answers a count through pg but a result object on PGlite).
    .returning('id');
  if (deleted.length === 0) throw notFound();
}
