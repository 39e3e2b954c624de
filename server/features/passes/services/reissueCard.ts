// POST api/v1/me/passes/{passId}/holders/{holderId}/reissue: a holder's card on a new phone (passes/README.md 2.6).
// The pass's owner, the holder, or the parent of a kids-account holder (a kids account asks its parent: the route
// refuses kids) asks; the ledger revokes the holder's live tokens (onto the revocation cursor, so gates refuse the
// old phone's QR after their next sync) and the next card read on the new phone issues a new one. Five a day per
// holder (a stolen sign-in cannot keep moving a card away from its phone), and the owner is told each time in the
// inbox, in the same transaction.
import type { Knex } from 'knex';
import { notFound } from '../../../lib/errors';
import { hitRateLimits } from '../../../lib/rateLimit';
import { notify } from '../../notifications';
import { reissueHolderCard } from '../../wallet';

export const REISSUES_A_DAY = 5;

export async function reissueCard(
  knex: Knex,
  userId: number,
  passId: number,
  holderId: number,
  now: Date,
): Promise<{ revoked: number }> {
  const holder = (await knex('pass_holders as h')
    .join('passes as p', 'p.id', 'h.pass_id')
    .leftJoin('users as u', 'u.id', 'h.holder_user_id')
    .where({ 'h.id': holderId, 'h.pass_id': passId })
    .first('p.owner_user_id', 'p.pass_number', 'h.holder_user_id', 'h.name', 'u.parent_id')) as
    | { ownerUserId: number; passNumber: string; holderUserId: number | null; name: string; parentId: number | null }
    | undefined;
  if (!holder || ![holder.ownerUserId, holder.holderUserId, holder.parentId].includes(userId)) throw notFound();
  const revoked = await knex.transaction(async (trx) => {
    // Counted in the transaction: a refused sixth leaves no count, and two at once wait for each other's count.
    await hitRateLimits(trx, [{ key: `passReissue:${holderId}`, max: REISSUES_A_DAY, windowSeconds: 86_400 }], now);
    const n = await reissueHolderCard(trx, holderId, userId, now);
    await notify(trx, {
      userId: holder.ownerUserId,
      kind: 'passCardReissued',
      params: { holder: holder.name, passNumber: holder.passNumber },
      navigate: `/my-tickets/pass/${passId}`,
      about: `pass:${passId}:${holderId}:${now.getTime()}`,
    });
    return n;
  });
  return { revoked };
}
