import type { Knex } from 'knex';
import { languageToLocale } from '../../../../common/enums';
import type { Config } from '../../../config';
import { randomToken, sha256 } from '../../../lib/secrets';
import { type Mailer, passwordResetMail } from '../../mail';

export const RESET_TTL_MS = 60 * 60 * 1000;

/** Mails a reset link when the address belongs to an account; the answer never tells whether it does. */
export async function forgotPassword(knex: Knex, config: Config, mailer: Mailer, email: string): Promise<void> {
  const pending = await knex.transaction(async (trx) => {
    const user = await trx('users').where({ email }).whereNull('deleted_at').where('child_flag', 0).first();
    if (!user) return null;
    const token = randomToken();
    await trx('password_resets').where({ user_id: user.id }).whereNull('used_at').update({ used_at: new Date() });
    await trx('password_resets').insert({
      user_id: user.id,
      token_hash: sha256(token),
      expires_at: new Date(Date.now() + RESET_TTL_MS),
    });
    return { user, token };
  });
  if (!pending) return;
  const link = `${config.publicUrl}/reset-password?email=${encodeURIComponent(email)}&token=${pending.token}`;
  const mail = passwordResetMail(languageToLocale(pending.user.language), pending.user.name, link);
  await mailer.send({ to: email, subject: mail.subject, text: mail.text });
}
