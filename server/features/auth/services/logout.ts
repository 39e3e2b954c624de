import type { Knex } from 'knex';
import { audit } from '../../../lib/audit';
import { revokeSession } from '../accessToken';

/** Revokes the session behind the token: the JWT stops working at once, not only at its expiry. */
export async function logout(knex: Knex, sessionId: string, userId: number): Promise<void> {
  await knex.transaction(async (trx) => {
    await revokeSession(trx, sessionId);
    await audit(trx, { entity: 'user', entityId: userId, action: 'logout', actorUserId: userId });
  });
}
