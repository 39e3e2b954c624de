import type { Knex } from 'knex';
import { DomainError } from '../../../lib/errors';
import { verifyPassword } from '../../../lib/passwords';

/** How recent a sign-in proves the owner of an account without a password (made with a social provider). */
export const FRESH_SIGN_IN_MS = 10 * 60_000;

/**
 * Before a change a stolen session must not make (e-mail address, account deletion), the caller proves they own
 * the account: its current password; or, for an account with no password (made with a social provider), a sign-in
 * within the last 10 minutes.
 */
export async function proveOwner(
  db: Knex | Knex.Transaction,
  who: { userId: number; sessionId: string },
  password: string | undefined,
  now = new Date(),
): Promise<void> {
  const user = await db('users').where({ id: who.userId }).first('password_hash');
  if (user?.passwordHash) {
    if (!password) throw new DomainError('currentPasswordRequired');
    if (!(await verifyPassword(user.passwordHash, password))) throw new DomainError('passwordIncorrect');
    return;
  }
  const session = await db('sessions').where({ id: who.sessionId }).first('created_at');
  if (!session || now.getTime() - new Date(session.createdAt).getTime() > FRESH_SIGN_IN_MS) {
    throw new DomainError('freshSignInRequired');
  }
}
