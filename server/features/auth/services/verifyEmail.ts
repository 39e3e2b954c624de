import type { Knex } from 'knex';
import { audit } from '../../../lib/audit';
import { DomainError } from '../../../lib/errors';
import { sha256 } from '../../../lib/secrets';

/**
 * Opens the link from a verification mail: valid once, within 10 minutes. A plain link verifies the account; an
 * e-mail change's link moves the account to the address it was sent to (if still free); a second registration's
 * link applies its password and name, but only to an account nobody has verified yet.
 */
export async function verifyEmail(knex: Knex, token: string): Promise<{ email: string }> {
  return knex.transaction(async (trx) => {
    const row = await trx('email_verifications')
      .join('users', 'users.id', 'email_verifications.user_id')
      .where('email_verifications.token_hash', sha256(token))
      .whereNull('users.deleted_at')
      .forUpdate()
      .first(
        'email_verifications.id',
        'email_verifications.expires_at',
        'email_verifications.used_at',
        'email_verifications.new_email',
        'email_verifications.password_hash',
        'email_verifications.name',
        'email_verifications.language',
        'users.id as userId',
        'users.email',
        'users.email_verified_at',
      );
    if (!row) throw new DomainError('verificationInvalid');
    if (row.usedAt) {
      if (row.emailVerifiedAt) return { email: row.email };
      throw new DomainError('verificationInvalid');
    }
    if (new Date(row.expiresAt).getTime() < Date.now()) throw new DomainError('verificationExpired');
    const now = new Date();
    await trx('email_verifications').where({ id: row.id }).update({ used_at: now });
    if (row.newEmail) {
      const taken = await trx('users')
        .where({ email: row.newEmail })
        .whereNull('deleted_at')
        .whereNot({ id: row.userId })
        .first('id');
      if (taken) throw new DomainError('emailTaken');
      await trx('users')
        .where({ id: row.userId })
        .update({ email: row.newEmail, email_verified_at: now, updated_at: now });
      await audit(trx, {
        entity: 'user',
        entityId: row.userId,
        action: 'email.changed',
        actorUserId: row.userId,
        data: { from: row.email, to: row.newEmail },
      });
      return { email: row.newEmail };
    }
    if (row.passwordHash) {
      if (row.emailVerifiedAt) throw new DomainError('verificationInvalid');
      await trx('users')
        .where({ id: row.userId })
        .update({ password_hash: row.passwordHash, name: row.name, language: row.language, updated_at: now });
    }
    await trx('users').where({ id: row.userId }).update({ email_verified_at: now, updated_at: now });
    await audit(trx, { entity: 'user', entityId: row.userId, action: 'email.verified', actorUserId: row.userId });
    return { email: row.email };
  });
}
