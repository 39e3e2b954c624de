import type { Knex } from 'knex';
import type { Locale } from '../../../../common/enums';
import type { Config } from '../../../config';
import { audit } from '../../../lib/audit';
import { DomainError } from '../../../lib/errors';
import { sendVerificationMail } from '../../auth';
import { emailChangeMail, emailChangeNoticeMail, type Mailer } from '../../mail';
import { proveOwner } from './proveOwner';

export interface ProfileUpdate {
  name: string;
  email?: string | null;
  telephone?: string | null;
  prefecture_id?: number;
  birthdate?: string | null;
  language?: number;
  gender?: number;
  /** Needed to change the e-mail address. */
  current_password?: string;
}

/**
 * PUT /api/v1/me with the spec's fields. Kids accounts have no e-mail of their own. A new e-mail address needs
 * proof of ownership (proveOwner) and changes only when the link mailed to it is used; the old address is told.
 * Answers whether such a link went out.
 */
export async function updateProfile(
  knex: Knex,
  deps: { config: Config; mailer: Mailer },
  who: { userId: number; sessionId: string },
  input: ProfileUpdate,
): Promise<{ emailChangeSent: boolean }> {
  const { userId } = who;
  const change = await knex.transaction(async (trx) => {
    const user = await trx('users').where({ id: userId }).whereNull('deleted_at').forUpdate().first();
    if (!user) throw new DomainError('notFound');
    const changes: Record<string, unknown> = { name: input.name, updated_at: new Date() };
    if (input.telephone !== undefined) changes.telephone = input.telephone || null;
    if (input.prefecture_id !== undefined) changes.prefecture_id = input.prefecture_id;
    if (input.birthdate !== undefined) changes.birthdate = input.birthdate || null;
    if (input.language !== undefined) changes.language = input.language;
    if (input.gender !== undefined) changes.gender = input.gender;
    let emailChange: { token: string; to: string; from: string | null; name: string; locale: Locale } | null = null;
    if (input.email && input.email !== user.email && user.childFlag === 0) {
      await proveOwner(trx, who, input.current_password);
      const taken = await trx('users')
        .where({ email: input.email })
        .whereNull('deleted_at')
        .whereNot({ id: userId })
        .first('id');
      if (taken) throw new DomainError('emailTaken');
      const token = await sendVerificationMail.createToken(trx, userId, { newEmail: input.email });
      const language = input.language ?? user.language;
      emailChange = {
        token,
        to: input.email,
        from: user.email,
        name: input.name,
        locale: language === 1 ? 'en' : 'ja',
      };
    }
    await trx('users').where({ id: userId }).update(changes);
    await audit(trx, {
      entity: 'user',
      entityId: userId,
      action: 'profile.updated',
      actorUserId: userId,
      data: { changed: Object.keys(changes), emailChangeRequested: emailChange?.to ?? null },
    });
    return emailChange;
  });
  if (!change) return { emailChangeSent: false };
  const link = `${deps.config.publicUrl}/email/verify/${change.token}`;
  const confirm = emailChangeMail(change.locale, change.name, link);
  await deps.mailer.send({ to: change.to, subject: confirm.subject, text: confirm.text });
  if (change.from) {
    const notice = emailChangeNoticeMail(change.locale, change.name, change.to);
    await deps.mailer.send({ to: change.from, subject: notice.subject, text: notice.text });
  }
  return { emailChangeSent: true };
}
