import type { Knex } from 'knex';
import type { RegisteredCard } from '../../../../common/rules/card';
import { audit } from '../../../lib/audit';
import { notFound } from '../../../lib/errors';
import { listCards } from './listCards';

/** Makes one of the user's cards the default (someone else's card: 404). Answers the new list. */
export async function setDefaultCard(knex: Knex, userId: number, cardId: number): Promise<RegisteredCard[]> {
  return knex.transaction(async (trx) => {
    await trx('users').where({ id: userId }).forUpdate().first('id');
    const card = await trx('user_cards').where({ id: cardId, user_id: userId }).first('id', 'is_default');
    if (!card) throw notFound();
    if (!card.isDefault) {
      await trx('user_cards').where({ user_id: userId, is_default: true }).update({ is_default: false });
      await trx('user_cards').where({ id: cardId }).update({ is_default: true });
      await audit(trx, { entity: 'user_card', entityId: cardId, action: 'card.default', actorUserId: userId });
    }
    return listCards(trx, userId);
  });
}
