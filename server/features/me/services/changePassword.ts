import type { Knex } from 'knex';
import { audit } from '../../../lib/audit';
import { DomainError } from '../../../lib/errors';
import { hashPassword, verifyPassword } from '../../../lib/passwords';

/**
 * Changes (or, for accounts made through a social provider, first sets) the password.
 * Other sessions of the account end; the current one stays.
 */
export async function changePassword(
  knex: Knex,
  userId: number,
  sessionId: string,
  currentPassword: string | undefined,
  newPassword: string,
): Promise<void> {
  const user = await knex('users').where({ id: userId }).first('password_hash');
  if (user?.passwordHash && !(await verifyPassword(user.passwordHash, currentPassword ?? ''))) {
    throw new DomainError('currentPasswordWrong');
  }
  const hash = await hashPassword(newPassword);
  await knex.transaction(async (trx) => {
    const now = new Date();
    await trx('users').where({ id: userId }).update({ password_hash: hash, updated_at: now });
    await trx('sessions')
      .where({ user_id: userId })
      .whereNot({ id: sessionId })
      .whereNull('revoked_at')
      .update({ revoked_at: now });
    await audit(trx, { entity: 'user', entityId: userId, action: 'password.changed', actorUserId: userId });
  });
}
