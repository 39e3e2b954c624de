import type { Knex } from 'knex';
import type { Config } from '../../../config';
import { audit } from '../../../lib/audit';
import { DomainError, notFound } from '../../../lib/errors';
import { verifyPassword } from '../../../lib/passwords';
import type { AuthCredentials } from '../../../plugins/auth';
import { issueAccessToken, revokeSession, type TokenResponse } from '../accessToken';

/**
 * A parent switches to one of their kids (the new session remembers the parent as actor), and back from the kid to
 * the parent with the parent's password: a child holding the phone must not get past every restriction with a
 * tap. Anything else is not found.
 */
export async function switchAccount(
  knex: Knex,
  config: Config,
  who: AuthCredentials,
  targetId: number,
  parentPassword?: string,
): Promise<TokenResponse> {
  if (who.actorId && targetId === who.actorId) {
    if (!parentPassword) throw new DomainError('parentPasswordRequired');
    const parent = await knex('users').where({ id: who.actorId }).whereNull('deleted_at').first('password_hash');
    if (!(await verifyPassword(parent?.passwordHash, parentPassword))) throw new DomainError('passwordIncorrect');
  }
  return knex.transaction(async (trx) => {
    let token: TokenResponse;
    if (who.actorId && targetId === who.actorId) {
      token = await issueAccessToken(trx, config, who.actorId);
    } else {
      const parentId = who.actorId ?? who.userId;
      const child = await trx('users')
        .where({ id: targetId, parent_id: parentId, child_flag: 1 })
        .whereNull('deleted_at')
        .first('id');
      if (!child || (who.childFlag === 1 && !who.actorId)) throw notFound();
      token = await issueAccessToken(trx, config, child.id, parentId);
    }
    await revokeSession(trx, who.sessionId);
    await audit(trx, {
      entity: 'user',
      entityId: targetId,
      action: 'account.switched',
      actorUserId: who.actorId ?? who.userId,
    });
    return token;
  });
}
