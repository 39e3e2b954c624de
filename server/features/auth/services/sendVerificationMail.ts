import type { Knex } from 'knex';
import type { Locale } from '../../../../common/enums';
import type { Config } from '../../../config';
import { randomToken, sha256 } from '../../../lib/secrets';
import type { Mailer } from '../../mail/mailer';
import { verificationMail } from '../../mail/templates';

/** The registration link is valid for 10 minutes (spec section 9). */
export const VERIFICATION_TTL_MS = 10 * 60 * 1000;

export const sendVerificationMail = {
  /** A new single-use token; earlier unused links of the user stop working. */
  async createToken(trx: Knex.Transaction, userId: number): Promise<string> {
    const token = randomToken();
    await trx('email_verifications').where({ user_id: userId }).whereNull('used_at').update({ used_at: new Date() });
    await trx('email_verifications').insert({
      user_id: userId,
      token_hash: sha256(token),
      expires_at: new Date(Date.now() + VERIFICATION_TTL_MS),
    });
    return token;
  },
  async send(mailer: Mailer, config: Config, to: { email: string; name: string; locale: Locale }, token: string) {
    const link = `${config.publicUrl}/email/verify/${token}`;
    const mail = verificationMail(to.locale, to.name, link);
    await mailer.send({ to: to.email, subject: mail.subject, text: mail.text });
  },
};
