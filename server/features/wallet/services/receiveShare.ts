// POST api/v1/ticket-shares/{id}/receive: the signed-in receiver (not the sharer) takes the waiting tickets of an
// open share, all of them or the ones named. They move to the receiver with new tokens (the old ones are revoked
// so a screenshot kept by the sharer stops working). An expired share cannot be received (410, "share expired"):
// if the job has not closed it yet, it is closed here and its tickets return to the sharer.
import type { Knex } from 'knex';
import type { WalletAnswer } from '../../../../common/dto/wallet';
import { audit } from '../../../lib/audit';
import { DomainError, notFound } from '../../../lib/errors';
import { itemName, notify } from '../../notifications';
import { closeShare, lockShare, returnToSharer } from '../shares';
import { type PresentOptions, presentTickets, type TicketRow, ticketQuery } from '../tickets';
import { revokeTokens } from '../tokens';

export async function receiveShare(
  knex: Knex,
  userId: number,
  shareId: string,
  ticketIds: readonly string[] | undefined,
  o: PresentOptions,
): Promise<WalletAnswer> {
  const now = o.now ?? new Date();
  const outcome = await knex.transaction(async (trx) => {
    const share = await lockShare(trx, shareId);
    if (!share) throw notFound();
    if (share.userId === userId) throw new DomainError('shareOwnTickets');
    if (share.state === 'expired') return { expired: true as const };
    if (share.state !== 'open') throw new DomainError('shareClosed');
    if (new Date(share.expiresAt) <= now) {
      await closeShare(trx, share, 'expired', now, null);
      return { expired: true as const };
    }
    const waiting = (await trx('tickets')
      .where({ share_id: share.id })
      .orderBy('id')
      .forUpdate()
      .select('id', 'state')) as { id: string; state: string }[];
    // Only unused tickets can be received (one scanned at the gate meanwhile stays the sharer's).
    const unused = waiting.filter((t) => t.state === 'available');
    const wanted = ticketIds ? new Set(ticketIds) : null;
    const taking = unused.map((t) => t.id).filter((id) => !wanted || wanted.has(id));
    if (taking.length === 0 || (wanted && taking.length !== wanted.size)) throw new DomainError('shareClosed');
    await revokeTokens(trx, taking, 'shared', now);
    await trx('tickets')
      .whereIn('id', taking)
      .update({ user_id: userId, share_id: null, received_from_share: true, face_photo_id: null, updated_at: now });
    await trx('ticket_share_tickets')
      .where({ share_id: share.id })
      .whereIn('ticket_id', taking)
      .update({ received_at: now });
    const rest = unused.length - taking.length;
    if (rest === 0) {
      // Nothing left to receive: the share is done; tickets used meanwhile go back to the sharer's history.
      const used = waiting.filter((t) => t.state !== 'available').map((t) => t.id);
      await returnToSharer(trx, share.id, used, now);
      await trx('ticket_shares')
        .where({ id: share.id })
        .update({ state: 'received', received_by: userId, received_at: now, closed_at: now });
    }
    const first = await trx('tickets').whereIn('id', taking).first('item_id');
    const item = await itemName(trx, first?.itemId);
    const params = { count: taking.length, item };
    await notify(trx, {
      userId: share.userId,
      kind: 'shareReceived',
      params,
      navigate: '/my-tickets',
      about: `share:${share.id}`,
    });
    await notify(trx, { userId, kind: 'ticketsReceived', params, navigate: '/my-tickets', about: `share:${share.id}` });
    await audit(trx, {
      entity: 'share',
      entityId: share.id,
      action: rest === 0 ? 'received' : 'partially_received',
      actorUserId: userId,
      data: { tickets: taking, from: share.userId },
    });
    return { expired: false as const, taking };
  });
  if (outcome.expired) throw new DomainError('shareExpired');
  const rows = (await ticketQuery(knex)
    .whereIn('t.id', outcome.taking)
    .where('t.user_id', userId)
    .orderBy('t.ticket_number')) as TicketRow[];
  return { tickets: await presentTickets(knex, rows, { ...o, now }), asOf: now.toISOString() };
}
