import type { Knex } from 'knex';
import type { TicketShare } from '../../../../common/dto/wallet';
import { DomainError, notFound } from '../../../lib/errors';
import { closeShare, lockShare, presentShare, type ShareRow } from '../shares';
import type { PresentOptions } from '../tickets';
import { createShareIn } from './createShare';

/** Cancels an open share of the caller: the tickets nobody received return to My Tickets. */
export async function cancelShareIn(trx: Knex.Transaction, userId: number, shareId: string, now: Date) {
  const share = await lockShare(trx, shareId);
  if (share?.userId !== userId) throw notFound();
  if (share.state !== 'open') throw new DomainError('shareClosed');
  const returned = await closeShare(trx, share, 'cancelled', now, userId);
  return { share: { ...share, state: 'cancelled' as const, closedAt: now }, returned };
}

export async function cancelShare(
  knex: Knex,
  publicUrl: string,
  userId: number,
  shareId: string,
  o: PresentOptions,
): Promise<TicketShare> {
  const now = o.now ?? new Date();
  const { share } = await knex.transaction((trx) => cancelShareIn(trx, userId, shareId, now));
  return presentShare(knex, share, publicUrl, { ...o, now });
}

/** Reissue: cancel the share and share the tickets nobody received again, with a new link and a new 24 hours. */
export async function reissueShare(
  knex: Knex,
  publicUrl: string,
  userId: number,
  shareId: string,
  o: PresentOptions,
): Promise<TicketShare> {
  const now = o.now ?? new Date();
  const next: ShareRow = await knex.transaction(async (trx) => {
    const { returned } = await cancelShareIn(trx, userId, shareId, now);
    if (returned.length === 0) throw new DomainError('shareClosed');
    const created = await createShareIn(trx, userId, returned, now);
    await trx('ticket_shares').where({ id: shareId }).update({ replaced_by: created.id });
    return created;
  });
  return presentShare(knex, next, publicUrl, { ...o, now });
}
