// Shares: loading and presenting (TicketShare, SharePreview), and returning unreceived tickets to the sharer.
import type { Knex } from 'knex';
import type { SharePreview, TicketShare } from '../../../common/dto/wallet';
import type { Locale } from '../../../common/enums';
import { audit } from '../../lib/audit';
import { localize } from '../../lib/localize';
import { itemName, notify } from '../notifications';
import { type PresentOptions, presentTickets, type TicketRow, ticketQuery } from './tickets';

type Db = Knex | Knex.Transaction;

export const SHARE_LIFETIME_MS = 24 * 3_600_000;

export interface ShareRow {
  id: string;
  userId: number;
  parkId: number;
  state: TicketShare['state'];
  expiresAt: Date;
  receivedBy: number | null;
  receivedAt: Date | null;
  closedAt: Date | null;
  replacedBy: string | null;
  createdAt: Date;
}

export const shareUrl = (publicUrl: string, id: string) =>
  `${publicUrl.replace(/\/$/, '')}/my-tickets/ticket/share/${id}`;

/** The state shown: an open share past its time is expired even before the job has closed it. */
export const shownState = (s: ShareRow, now: Date): TicketShare['state'] =>
  s.state === 'open' && new Date(s.expiresAt) <= now ? 'expired' : s.state;

/** Tickets of a share: while open, those still waiting in it; once closed, all it held. */
async function shareTicketRows(db: Db, share: ShareRow): Promise<TicketRow[]> {
  const q = ticketQuery(db)
    .join('ticket_share_tickets as st', 'st.ticket_id', 't.id')
    .where('st.share_id', share.id)
    .orderBy('t.ticket_number');
  if (share.state === 'open') q.whereNull('st.received_at').whereNull('st.returned_at');
  return (await q) as TicketRow[];
}

export async function presentShare(
  db: Db,
  share: ShareRow,
  publicUrl: string,
  o: PresentOptions,
): Promise<TicketShare> {
  const now = o.now ?? new Date();
  const rows = await shareTicketRows(db, share);
  // The sharer sees the tickets without their tokens (they may belong to someone else now).
  const tickets = await presentTickets(db, rows, { ...o, tokens: false });
  return {
    id: share.id,
    url: shareUrl(publicUrl, share.id),
    state: shownState(share, now),
    expiresAt: new Date(share.expiresAt).toISOString(),
    createdAt: new Date(share.createdAt).toISOString(),
    tickets,
  };
}

export async function presentPreview(db: Db, share: ShareRow, locale: Locale, now: Date): Promise<SharePreview> {
  const rows = await shareTicketRows(db, share);
  const sharer = await db('users').where({ id: share.userId }).first('name');
  const park = await db('parks').where({ id: share.parkId }).first('id', 'name_ja', 'name_en');
  const tickets = await presentTickets(db, rows, { locale, appSecret: '', now, tokens: false });
  return {
    id: share.id,
    state: shownState(share, now),
    expiresAt: new Date(share.expiresAt).toISOString(),
    sharerName: sharer?.name ?? '',
    park: { id: park.id, name: localize(park, 'name', locale) },
    tickets: tickets.map((t) => ({
      itemName: t.itemName,
      useDate: t.useDate,
      time: t.time,
      unitKind: t.unitKind,
      ageGroupName: t.ageGroupName,
    })),
  };
}

/** Tickets of a share that nobody will receive go back to the sharer (out of the share, marked returned). */
export async function returnToSharer(trx: Knex.Transaction, shareId: string, ticketIds: readonly string[], now: Date) {
  if (!ticketIds.length) return;
  await trx('tickets').whereIn('id', ticketIds).update({ share_id: null, updated_at: now });
  await trx('ticket_share_tickets')
    .where({ share_id: shareId })
    .whereIn('ticket_id', ticketIds)
    .update({ returned_at: now });
}

/**
 * Closes a locked open share as `state` (cancelled or expired): the tickets nobody received go back to the
 * sharer's My Tickets (their token was never revoked: it is still theirs). Answers the returned ticket ids.
 */
export async function closeShare(
  trx: Knex.Transaction,
  share: ShareRow,
  state: 'cancelled' | 'expired',
  now: Date,
  actorUserId: number | null,
): Promise<string[]> {
  const waiting = (await trx('tickets').where({ share_id: share.id }).orderBy('id').forUpdate().select('id')) as {
    id: string;
  }[];
  const ids = waiting.map((t) => t.id);
  await returnToSharer(trx, share.id, ids, now);
  await trx('ticket_shares').where({ id: share.id }).update({ state, closed_at: now });
  // The sharer is told when tickets come back without their doing (expired, or cancelled by someone else).
  if (ids.length && actorUserId !== share.userId) {
    const first = await trx('tickets').whereIn('id', ids).first('item_id');
    await notify(trx, {
      userId: share.userId,
      kind: 'shareEnded',
      params: { count: ids.length, item: await itemName(trx, first?.itemId) },
      navigate: '/my-tickets',
      about: `share:${share.id}`,
    });
  }
  await audit(trx, {
    entity: 'share',
    entityId: share.id,
    action: state,
    actorUserId,
    data: { returned: ids },
  });
  return ids;
}

export async function lockShare(trx: Knex.Transaction, id: string): Promise<ShareRow | undefined> {
  return (await trx('ticket_shares').where({ id }).forUpdate().first()) as ShareRow | undefined;
}

/** The latest moment a share of these tickets may stay open: 24 hours, the items' shareable_until day, the day of use. */
export function shareDeadline(tickets: readonly TicketRow[], now: Date): Date {
  let end = now.getTime() + SHARE_LIFETIME_MS;
  for (const t of tickets) {
    for (const day of [t.shareableUntil, t.useDate]) {
      if (day) end = Math.min(end, Date.parse(`${day}T00:00:00+09:00`) + 86_400_000);
    }
  }
  return new Date(end);
}
