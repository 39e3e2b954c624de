// POST api/v1/me/passes/{passId}/holders/{holderId}/reissue: a holder's card on a new phone (passes/README.md 2.6).
// The pass's owner, the holder, or the parent of a kids-account holder (a kids account asks its parent: the route
// refuses kids) asks; the ledger revokes the holder's live tokens (onto the revocation cursor, so gates refuse the
// old phone's QR after their next sync) and the next card read on the new phone issues a new one. Five a day per
// holder (a stolen sign-in cannot keep moving a card away from its phone), and the owner is told each time in the
// inbox, in the same transaction (a reissue at the park's counter tells the owner too, without the daily limit).
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
    .first('p.owner_user_id', 'h.holder_user_id', 'u.parent_id')) as
    | { ownerUserId: number; holderUserId: number | null; parentId: number | null }
    | undefined;
  if (!holder || ![holder.ownerUserId, holder.holderUserId, holder.parentId].includes(userId)) throw notFound();
  const revoked = await knex.transaction(async (trx) => {
    // Counted in the transaction: a refused sixth leaves no count, and two at once wait for each other's count.
    await hitRateLimits(trx, [{ key: `passReissue:${holderId}`, max: REISSUES_A_DAY, windowSeconds: 86_400 }], now);
    const n = await reissueHolderCard(trx, holderId, userId, now);
    await tellOwnerCardReissued(trx, holderId, now);
    return n;
  });
  return { revoked };
}

/** The pass's owner is told in the inbox that a holder's card moved (by the visitor, or at the park's counter). */
export async function tellOwnerCardReissued(trx: Knex.Transaction, holderId: number, now: Date): Promise<void> {
  const h = (await trx('pass_holders as h')
    .join('passes as p', 'p.id', 'h.pass_id')
    .where('h.id', holderId)
    .first('p.id as pass_id', 'p.owner_user_id', 'p.pass_number', 'h.name')) as {
    passId: number;
    ownerUserId: number;
    passNumber: string;
    name: string;
  };
  await notify(trx, {
    userId: h.ownerUserId,
    kind: 'passCardReissued',
    params: { holder: h.name, passNumber: h.passNumber },
    navigate: `/my-tickets/pass/${h.passId}`,
    about: `pass:${h.passId}:${holderId}:${now.getTime()}`,
  });
}
