import type { Knex } from 'knex';
import type { Config } from '../../../config';
import { audit } from '../../../lib/audit';
import { notFound } from '../../../lib/errors';
import type { AuthCredentials } from '../../../plugins/auth';
import { issueAccessToken, revokeSession, type TokenResponse } from '../accessToken';

/**
 * A parent switches to one of their kids (the new session remembers the parent as actor),
 * and back from the kid to the parent. Anything else is not found.
 */
export async function switchAccount(
  knex: Knex,
  config: Config,
  who: AuthCredentials,
  targetId: number,
): Promise<TokenResponse> {
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
