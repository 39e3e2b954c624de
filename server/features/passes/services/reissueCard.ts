// POST api/v1/me/passes/{passId}/holders/{holderId}/reissue: a holder's card on a new phone (passes/README.md 2.6).
// The pass's owner, the holder, or the parent of a kids-account holder (a kids account asks its parent: the route
// refuses kids) asks; the ledger revokes the holder's live tokens (onto the revocation cursor, so gates refuse the
// old phone's QR after their next sync) and the next card read on the new phone issues a new one.
import type { Knex } from 'knex';
import { notFound } from '../../../lib/errors';
import { reissueHolderCard } from '../../wallet';

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
    .first('p.owner_user_id', 'h.holder_user_id', 'u.parent_id')) as
    | { ownerUserId: number; holderUserId: number | null; parentId: number | null }
    | undefined;
  if (!holder || ![holder.ownerUserId, holder.holderUserId, holder.parentId].includes(userId)) throw notFound();
  const revoked = await knex.transaction((trx) => reissueHolderCard(trx, holderId, userId, now));
  return { revoked };
}
