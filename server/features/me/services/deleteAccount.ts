import type { Knex } from 'knex';
import { audit } from '../../../lib/audit';

/** Closes the account and its kids accounts: sessions end, the address is freed, social links removed. */
export async function deleteAccount(knex: Knex, userId: number): Promise<void> {
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
