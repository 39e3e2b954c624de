import type { Knex } from 'knex';
import { audit } from '../../../lib/audit';
import { DomainError } from '../../../lib/errors';
import { hashPassword } from '../../../lib/passwords';
import { sha256 } from '../../../lib/secrets';

/** Sets a new password from the mailed link; every open session of the account ends. */
export async function resetPassword(knex: Knex, email: string, token: string, password: string): Promise<void> {
  const passwordHash = await hashPassword(password);
  await knex.transaction(async (trx) => {
    const row = await trx('password_resets')
      .join('users', 'users.id', 'password_resets.user_id')
      .where('password_resets.token_hash', sha256(token))
      .where('users.email', email)
      .whereNull('users.deleted_at')
      .whereNull('password_resets.used_at')
      .where('password_resets.expires_at', '>', new Date())
      .forUpdate()
      .first('password_resets.id', 'users.id as userId', 'users.email_verified_at');
    if (!row) throw new DomainError('resetInvalid');
    const now = new Date();
    await trx('password_resets').where({ id: row.id }).update({ used_at: now });
    // Opening the mailed link proves the mailbox, so a pending registration is verified too.
    await trx('users')
      .where({ id: row.userId })
      .update({ password_hash: passwordHash, email_verified_at: row.emailVerifiedAt ?? now, updated_at: now });
    await trx('sessions').where({ user_id: row.userId }).whereNull('revoked_at').update({ revoked_at: now });
    await audit(trx, { entity: 'user', entityId: row.userId, action: 'password.reset', actorUserId: row.userId });
  });
}
