import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import type { TicketShare } from '../../../../common/dto/wallet';
import { tokyoDate } from '../../../../common/time';
import { audit } from '../../../lib/audit';
import { DomainError, notFound } from '../../../lib/errors';
import { presentShare, type ShareRow, shareDeadline } from '../shares';
import { isShareable, type PresentOptions, type TicketRow, ticketQuery } from '../tickets';

/**
 * Shares unused, shareable tickets of one park: they leave My Tickets (tickets.share_id) until received, or
 * until the share is cancelled or expires (24 hours, never beyond the items' shareable_until day).
 */
export async function createShareIn(
  trx: Knex.Transaction,
  userId: number,
  ticketIds: readonly string[],
  now: Date,
): Promise<ShareRow> {
  const ids = [...new Set(ticketIds)];
  await trx('tickets').whereIn('id', ids).where({ user_id: userId }).orderBy('id').forUpdate().select('id');
  const rows = (await ticketQuery(trx).whereIn('t.id', ids).where('t.user_id', userId)) as TicketRow[];
  if (rows.length !== ids.length || rows.length === 0) throw notFound();
  const today = tokyoDate(now);
  if (rows.some((r) => !isShareable(r, today))) throw new DomainError('notShareable');
  if (new Set(rows.map((r) => r.parkId)).size > 1) throw new DomainError('shareOnePark');
  const share = {
    id: randomUUID(),
    user_id: userId,
    park_id: rows[0]?.parkId,
    state: 'open',
    expires_at: shareDeadline(rows, now),
    created_at: now,
  };
  const [row] = await trx('ticket_shares').insert(share).returning('*');
  await trx('ticket_share_tickets').insert(ids.map((id) => ({ share_id: share.id, ticket_id: id })));
  await trx('tickets').whereIn('id', ids).update({ share_id: share.id, updated_at: now });
  await audit(trx, {
    entity: 'share',
    entityId: share.id,
    action: 'created',
    actorUserId: userId,
    data: { tickets: ids },
  });
  return row as ShareRow;
}

export async function createShare(
  knex: Knex,
  publicUrl: string,
  userId: number,
  ticketIds: readonly string[],
  o: PresentOptions,
): Promise<TicketShare> {
  const now = o.now ?? new Date();
  const share = await knex.transaction((trx) => createShareIn(trx, userId, ticketIds, now));
  return presentShare(knex, share, publicUrl, { ...o, now });
}
