// Sign-in with two factors: a right password (or provider identity) of an account with TOTP on opens a challenge
// (5 minutes, 5 tries) instead of a session; POST api/v1/auth/login/two-factor answers it with a code or a recovery
// code and gets the token. The challenge id is a random uuid known only to the browser that gave the password.
import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import type { Config } from '../../../config';
import { audit } from '../../../lib/audit';
import { DomainError } from '../../../lib/errors';
import { issueAccessToken, type TokenResponse } from '../accessToken';
import { type SecondFactor, totpEnabled, useSecondFactor } from '../twoFactor';

export const CHALLENGE_SECONDS = 300;
const MAX_ATTEMPTS = 5;

export interface TwoFactorChallenge {
  two_factor_required: true;
  challenge: string;
  expires_in: number;
}

/** The token, or a challenge when the account has two-factor sign-in on. */
export async function signInOrChallenge(
  trx: Knex.Transaction,
  config: Config,
  userId: number,
  method: string,
): Promise<TokenResponse | TwoFactorChallenge> {
  if (!(await totpEnabled(trx, userId))) return issueAccessToken(trx, config, userId);
  const id = randomUUID();
  await trx('sign_in_challenges').insert({
    id,
    user_id: userId,
    method,
    expires_at: new Date(Date.now() + CHALLENGE_SECONDS * 1000),
  });
  return { two_factor_required: true, challenge: id, expires_in: CHALLENGE_SECONDS };
}

export async function answerChallenge(
  knex: Knex,
  config: Config,
  challengeId: string,
  factor: SecondFactor,
): Promise<TokenResponse> {
  // A wrong code counts as a try even though the answer is an error: its own transaction, committed first.
  const challenge = await knex.transaction(async (trx) => {
    const row = await trx('sign_in_challenges')
      .where({ id: challengeId })
      .whereNull('used_at')
      .where('expires_at', '>', new Date())
      .where('attempts', '<', MAX_ATTEMPTS)
      .forUpdate()
      .first('id', 'user_id', 'method');
    if (!row) throw new DomainError('totpChallengeExpired');
    await trx('sign_in_challenges').where({ id: challengeId }).increment('attempts', 1);
    return row as { id: string; userId: number; method: string };
  });
  return knex.transaction(async (trx) => {
    const used = await useSecondFactor(trx, config, challenge.userId, factor);
    const taken = await trx('sign_in_challenges')
      .where({ id: challenge.id })
      .whereNull('used_at')
      .update({ used_at: new Date() });
    if (taken !== 1) throw new DomainError('totpChallengeExpired');
    await audit(trx, {
      entity: 'user',
      entityId: challenge.userId,
      action: `login.two-factor.${used}`,
      actorUserId: challenge.userId,
      data: { method: challenge.method },
    });
    return issueAccessToken(trx, config, challenge.userId);
  });
}
