import type { Knex } from 'knex';
import type { RegisteredCard } from '../../../../common/rules/card';
import { presentCard } from '../presentCard';

/** The user's registered cards, the default first, then oldest first. */
export async function listCards(knex: Knex | Knex.Transaction, userId: number): Promise<RegisteredCard[]> {
  const rows = await knex('user_cards')
    .where({ user_id: userId })
    .orderBy([
      { column: 'is_default', order: 'desc' },
      { column: 'created_at', order: 'asc' },
      { column: 'id', order: 'asc' },
    ]);
  return rows.map(presentCard);
}
