import type { Knex } from 'knex';
import type { Locale } from '../../../../common/enums';
import { localeToLanguage } from '../../../../common/enums';
import type { Config } from '../../../config';
import { audit } from '../../../lib/audit';
import { DomainError } from '../../../lib/errors';
import { hashPassword } from '../../../lib/passwords';
import type { Mailer } from '../../mail';
import { sendVerificationMail } from './sendVerificationMail';

export interface RegisterInput {
  email: string;
  password: string;
  name: string;
  locale: Locale;
}

/**
 * E-mail registration: the account is created unverified and a verification link (valid 10 minutes) is mailed.
 * Registering again with an address that is still unverified changes nothing yet: the new details ride on a new
 * link to that address and apply only if that link is used (so nobody can reset a pending account's password or
 * name without its mailbox).
 */
export async function registerByEmail(knex: Knex, config: Config, mailer: Mailer, input: RegisterInput) {
  const passwordHash = await hashPassword(input.password);
  const { userId, token } = await knex.transaction(async (trx) => {
    const existing = await trx('users').where({ email: input.email }).whereNull('deleted_at').first();
    if (existing?.emailVerifiedAt) throw new DomainError('emailTaken');
    let userId: number;
    if (existing) {
      userId = existing.id;
    } else {
      const [row] = await trx('users')
        .insert({
          email: input.email,
          password_hash: passwordHash,
          name: input.name,
          language: localeToLanguage(input.locale),
        })
        .returning('id');
      userId = row.id;
    }
    await audit(trx, {
      entity: 'user',
      entityId: userId,
      action: existing ? 'register.retry' : 'register',
      actorUserId: userId,
    });
    const token = await sendVerificationMail.createToken(
      trx,
      userId,
      existing ? { registration: { passwordHash, name: input.name, language: localeToLanguage(input.locale) } } : {},
    );
    return { userId, token };
  });
  await sendVerificationMail.send(
    mailer,
    config,
    { email: input.email, name: input.name, locale: input.locale },
    token,
  );
  return { userId };
}
