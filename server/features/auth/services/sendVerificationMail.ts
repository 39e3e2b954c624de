import type { Knex } from 'knex';
import type { Locale } from '../../../../common/enums';
import type { Config } from '../../../config';
import { randomToken, sha256 } from '../../../lib/secrets';
import { type Mailer, verificationMail } from '../../mail';

/** The registration link is valid for 10 minutes (spec section 9). */
export const VERIFICATION_TTL_MS = 10 * 60 * 1000;

/** What a link applies when opened, besides verifying the address (see verifyEmail). */
export interface VerificationPayload {
  /** An e-mail change: the address the link was sent to. */
  newEmail?: string;
  /** A second registration of an unverified address: its details. */
  registration?: { passwordHash: string; name: string; language: number };
}

export const sendVerificationMail = {
  /**
   * A new single-use token. A plain (re)send makes earlier unused plain links of the user stop working; a link
   * that carries a change leaves the others alone (someone else's second registration must not break the owner's
   * own link).
   */
  async createToken(trx: Knex.Transaction, userId: number, payload: VerificationPayload = {}): Promise<string> {
    const token = randomToken();
    const plain = !payload.newEmail && !payload.registration;
    if (plain) {
      await trx('email_verifications')
        .where({ user_id: userId })
        .whereNull('used_at')
        .whereNull('new_email')
        .whereNull('password_hash')
        .update({ used_at: new Date() });
    }
    await trx('email_verifications').insert({
      user_id: userId,
      token_hash: sha256(token),
      expires_at: new Date(Date.now() + VERIFICATION_TTL_MS),
      new_email: payload.newEmail ?? null,
      password_hash: payload.registration?.passwordHash ?? null,
      name: payload.registration?.name ?? null,
      language: payload.registration?.language ?? null,
    });
    return token;
  },
  async send(mailer: Mailer, config: Config, to: { email: string; name: string; locale: Locale }, token: string) {
    const link = `${config.publicUrl}/email/verify/${token}`;
    const mail = verificationMail(to.locale, to.name, link);
    await mailer.send({ to: to.email, subject: mail.subject, text: mail.text });
  },
};
