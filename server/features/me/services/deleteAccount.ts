import type { Knex } from 'knex';
import type { Config } from '../../../config';
import { audit } from '../../../lib/audit';
import { deleteCard } from '../../payments';

/**
 * Closes the account and its kids accounts: registered cards are deleted at the payment provider first (one by
 * one; a provider failure stops here with the account still open, so the user can try again), then sessions end,
 * the address is freed and social links are removed.
 */
export async function deleteAccount(knex: Knex, config: Config, userId: number): Promise<void> {
  const cards = (await knex('user_cards').where({ user_id: userId }).pluck('id')) as number[];
  for (const cardId of cards) await deleteCard(knex, config, userId, Number(cardId));
  await knex.transaction(async (trx) => {
    const now = new Date();
    const ids = [userId, ...(await trx('users').where({ parent_id: userId }).whereNull('deleted_at').pluck('id'))];
    await trx('users')
      .whereIn('id', ids)
      .update({ deleted_at: now, email: null, password_hash: null, updated_at: now });
    await trx('sessions').whereIn('user_id', ids).whereNull('revoked_at').update({ revoked_at: now });
    await trx('social_identities').whereIn('user_id', ids).delete();
    await audit(trx, {
      entity: 'user',
      entityId: userId,
      action: 'account.deleted',
      actorUserId: userId,
      data: { ids },
    });
  });
}
