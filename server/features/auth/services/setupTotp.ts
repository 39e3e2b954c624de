// POST api/v1/me/two-factor/setup: a new secret, kept pending until a first code confirms the authenticator app
// has it. Shown once as an otpauth:// URI (the PWA draws it as a QR code) and as text for typing in.
import type { Knex } from 'knex';
import type { Config } from '../../../config';
import { DomainError } from '../../../lib/errors';
import { base32Encode, newTotpSecret, otpauthUri } from '../../../lib/totp';
import { sealSecret, totpEnabled } from '../twoFactor';

export const TOTP_ISSUER = 'ZooPass';

export async function setupTotp(knex: Knex, config: Config, userId: number) {
  return knex.transaction(async (trx) => {
    if (await totpEnabled(trx, userId)) throw new DomainError('totpAlreadyEnabled');
    const user = (await trx('users').where({ id: userId }).first('email', 'name')) as {
      email: string | null;
      name: string;
    };
    const secret = newTotpSecret();
    await trx('user_totp')
      .insert({ user_id: userId, pending_secret_enc: sealSecret(config, secret), updated_at: new Date() })
      .onConflict('user_id')
      .merge(['pending_secret_enc', 'updated_at']);
    return {
      otpauthUri: otpauthUri(secret, user.email ?? user.name, TOTP_ISSUER),
      secret: base32Encode(secret),
    };
  });
}
