import type { Knex } from 'knex';
import { audit } from '../../../lib/audit';
import { DomainError } from '../../../lib/errors';
import { sha256 } from '../../../lib/secrets';

/** Opens the link from the verification mail: valid once, within 10 minutes. */
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
        'users.id as userId',
        'users.email',
        'users.email_verified_at',
      );
    if (!row) throw new DomainError('verificationInvalid', 400);
    if (row.usedAt) {
      if (row.emailVerifiedAt) return { email: row.email };
      throw new DomainError('verificationInvalid', 400);
    }
    if (new Date(row.expiresAt).getTime() < Date.now()) throw new DomainError('verificationExpired', 410);
    const now = new Date();
    await trx('email_verifications').where({ id: row.id }).update({ used_at: now });
    await trx('users').where({ id: row.userId }).update({ email_verified_at: now, updated_at: now });
    await audit(trx, { entity: 'user', entityId: row.userId, action: 'email.verified', actorUserId: row.userId });
    return { email: row.email };
  });
}
