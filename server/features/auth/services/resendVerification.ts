import type { Knex } from 'knex';
import { languageToLocale } from '../../../../common/enums';
import type { Config } from '../../../config';
import type { Mailer } from '../../mail';
import { sendVerificationMail } from './sendVerificationMail';

/** Sends a fresh link when the address has a pending registration; says the same either way. */
export async function resendVerification(knex: Knex, config: Config, mailer: Mailer, email: string): Promise<void> {
  const pending = await knex.transaction(async (trx) => {
    const user = await trx('users').where({ email }).whereNull('deleted_at').whereNull('email_verified_at').first();
    if (!user) return null;
    const token = await sendVerificationMail.createToken(trx, user.id);
    return { user, token };
  });
  if (!pending) return;
  await sendVerificationMail.send(
    mailer,
    config,
    { email, name: pending.user.name, locale: languageToLocale(pending.user.language) },
    pending.token,
  );
}
