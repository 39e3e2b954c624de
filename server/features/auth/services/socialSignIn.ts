import type { Knex } from 'knex';
import { type Locale, localeToLanguage } from '../../../../common/enums';
import type { Config } from '../../../config';
import { audit } from '../../../lib/audit';
import { DomainError } from '../../../lib/errors';
import { issueAccessToken, type TokenResponse } from '../accessToken';
import { signInOrChallenge, type TwoFactorChallenge } from './signInChallenge';
import { consumeHandoff, findHandoff } from './socialHandoff';

/** Sign-in with an identity already linked to an account (a challenge first when it has two-factor sign-in). */
export async function loginSocial(
  knex: Knex,
  config: Config,
  provider: string,
  handoffId: string,
): Promise<TokenResponse | TwoFactorChallenge> {
  return knex.transaction(async (trx) => {
    const identity = await findHandoff(trx, provider, handoffId, true);
    const user = identity.userId
      ? await trx('users').where({ id: identity.userId }).whereNull('deleted_at').first()
      : undefined;
    if (!user) throw new DomainError('socialNotLinked');
    await consumeHandoff(trx, identity.id);
    await audit(trx, { entity: 'user', entityId: user.id, action: `login.${provider}`, actorUserId: user.id });
    return signInOrChallenge(trx, config, user.id, provider);
  });
}

export interface SocialRegistration {
  name: string;
  email?: string;
  locale: Locale;
}

/** Registration with a provider's identity: the account is created, linked and signed in at once. */
export async function registerSocial(
  knex: Knex,
  config: Config,
  provider: string,
  handoffId: string,
  input: SocialRegistration,
): Promise<TokenResponse> {
  return knex.transaction(async (trx) => {
    const identity = await findHandoff(trx, provider, handoffId, true);
    if (identity.userId) throw new DomainError('socialAlreadyLinked');
    // The provider's own (verified) address wins; an address typed by the user is only used when it gave none,
    // and stays unverified (it is not needed to sign in with the provider, only for password sign-in).
    const email = identity.email ?? input.email ?? null;
    if (!email) throw new DomainError('required', { field: 'email' });
    const taken = await trx('users').where({ email }).whereNull('deleted_at').first('id');
    if (taken) throw new DomainError('emailTaken');
    const [user] = await trx('users')
      .insert({
        email,
        name: input.name,
        language: localeToLanguage(input.locale),
        email_verified_at: identity.email ? new Date() : null,
        disability_id: provider === 'mirairo' ? identity.subject : null,
        disability_linked_at: provider === 'mirairo' ? new Date() : null,
      })
      .returning(['id']);
    await trx('social_identities').where({ id: identity.id }).update({ user_id: user.id });
    await consumeHandoff(trx, identity.id);
    await audit(trx, { entity: 'user', entityId: user.id, action: `register.${provider}`, actorUserId: user.id });
    return issueAccessToken(trx, config, user.id);
  });
}

/** Links the disability-ID service to the signed-in account: disability prices become available. */
export async function linkMirairo(knex: Knex, userId: number, handoffId: string): Promise<void> {
  await knex.transaction(async (trx) => {
    const identity = await findHandoff(trx, 'mirairo', handoffId, true);
    if (identity.userId && identity.userId !== userId) throw new DomainError('socialAlreadyLinked');
    await trx('social_identities').where({ id: identity.id }).update({ user_id: userId });
    await trx('users')
      .where({ id: userId })
      .update({ disability_id: identity.subject, disability_linked_at: new Date(), updated_at: new Date() });
    await consumeHandoff(trx, identity.id);
    await audit(trx, { entity: 'user', entityId: userId, action: 'mirairo.linked', actorUserId: userId });
  });
}
