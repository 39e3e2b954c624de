import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { DomainError } from '../../../lib/errors';
import type { SocialProfile } from '../socialProviders';

export const HANDOFF_TTL_MS = 10 * 60 * 1000;

/**
 * After the provider's callback, the identity is stored and the browser gets an opaque, short-lived
 * "social user id" to finish sign-in or registration with.
 */
export async function storeSocialHandoff(knex: Knex, provider: string, profile: SocialProfile): Promise<string> {
  if (!profile.id) throw new DomainError('socialExpired');
  const handoffId = randomUUID();
  const expires = new Date(Date.now() + HANDOFF_TTL_MS);
  await knex('social_identities')
    .insert({
      provider,
      subject: profile.id,
      email: profile.email,
      name: profile.name,
      handoff_id: handoffId,
      handoff_expires_at: expires,
    })
    .onConflict(['provider', 'subject'])
    .merge({
      email: profile.email,
      name: profile.name,
      handoff_id: handoffId,
      handoff_expires_at: expires,
      updated_at: new Date(),
    });
  return handoffId;
}

export interface SocialIdentityRow {
  id: number;
  provider: string;
  subject: string;
  userId: number | null;
  email: string | null;
  name: string | null;
}

/** The identity behind a social user id, if it is still valid. */
export async function findHandoff(
  trx: Knex | Knex.Transaction,
  provider: string,
  handoffId: string,
  lock = false,
): Promise<SocialIdentityRow> {
  const q = trx('social_identities')
    .where({ provider, handoff_id: handoffId })
    .where('handoff_expires_at', '>', new Date())
    .first('id', 'provider', 'subject', 'user_id', 'email', 'name');
  if (lock) q.forUpdate();
  const row = (await q) as SocialIdentityRow | undefined;
  if (!row) throw new DomainError('socialExpired');
  return row;
}

export async function consumeHandoff(trx: Knex.Transaction, id: number): Promise<void> {
  await trx('social_identities').where({ id }).update({ handoff_id: null, handoff_expires_at: null });
}
