import type { Knex } from 'knex';
import type { Config } from '../../../config';
import { audit } from '../../../lib/audit';
import { DomainError } from '../../../lib/errors';
import { hashPassword, verifyPassword } from '../../../lib/passwords';
import type { TokenResponse } from '../accessToken';
import { signInOrChallenge, type TwoFactorChallenge } from './signInChallenge';

// Verifying against a real hash when the address is unknown keeps the answer time the same.
let dummyHash: Promise<string> | null = null;

/**
 * E-mail sign-in: blocked until the address is verified, with a message that says so. An account with two-factor
 * sign-in gets a challenge to answer with a code instead of the token.
 */
export async function login(
  knex: Knex,
  config: Config,
  email: string,
  password: string,
): Promise<TokenResponse | TwoFactorChallenge> {
  const user = await knex('users').where({ email }).whereNull('deleted_at').first();
  dummyHash ??= hashPassword('Dummy-password-1');
  const ok = await verifyPassword(user?.passwordHash ?? (await dummyHash), password);
  if (!user || !ok) throw new DomainError('loginFailed');
  if (!user.emailVerifiedAt) throw new DomainError('emailNotVerified');
  return knex.transaction(async (trx) => {
    await audit(trx, { entity: 'user', entityId: user.id, action: 'login', actorUserId: user.id });
    return signInOrChallenge(trx, config, user.id, 'password');
  });
}
