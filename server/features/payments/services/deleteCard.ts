import type { Knex } from 'knex';
import type { Config } from '../../../config';
import { audit } from '../../../lib/audit';
import { DomainError, notFound } from '../../../lib/errors';
import { ProviderError } from '../provider';
import { cardVault } from '../providers';

/**
 * Deletes one of the user's cards at the provider (GMO DeleteCard) and here. Someone else's card: 404.
 * When the default goes, the oldest remaining card becomes the default.
 */
export async function deleteCard(knex: Knex, config: Config, userId: number, cardId: number): Promise<void> {
  const card = await knex('user_cards').where({ id: cardId, user_id: userId }).first();
  if (!card) throw notFound();
  // A lottery entry whose card was only checked is charged with this card at the draw.
  const pending = await knex('payments').where({ user_card_id: cardId, state: 'verified' }).first('id');
  if (pending) throw new DomainError('cardInUseByLottery');
  try {
    await cardVault(config).deleteCard(card.providerMemberId, card.providerCardSeq);
  } catch (err) {
    // The provider is unreachable or refuses: the card stays (here and there), the user can try again.
    if (err instanceof ProviderError) throw new DomainError('paymentUnavailable');
    throw err;
  }
  await knex.transaction(async (trx) => {
    await trx('users').where({ id: userId }).forUpdate().first('id');
    const deleted = await trx('user_cards').where({ id: cardId, user_id: userId }).delete();
    if (!deleted) return;
    if (card.isDefault) {
      const next = await trx('user_cards').where({ user_id: userId }).orderBy(['created_at', 'id']).first('id');
      if (next) await trx('user_cards').where({ id: next.id }).update({ is_default: true });
    }
    await audit(trx, {
      entity: 'user_card',
      entityId: cardId,
      action: 'card.deleted',
      actorUserId: userId,
      data: { brand: card.brand, last4: card.last4 },
    });
  });
}
