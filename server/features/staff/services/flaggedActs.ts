// The review of flagged acts (duplicates across devices, scans of revoked tokens or cancelled tickets, clocks that
// cannot be right): GET api/v1/staff/parks/{parkId}/scans lists them with the ticket's accepted act beside each;
// POST api/v1/staff/scans/{scanId}/review marks one reviewed (staff of the act's park only).
import type { Knex } from 'knex';
import type { ActView, FlaggedAct } from '../../../../common/dto/staff';
import type { ActFlag, TicketState } from '../../../../common/dto/wallet';
import type { Locale } from '../../../../common/enums';
import { audit } from '../../../lib/audit';
import { DomainError } from '../../../lib/errors';
import { localize } from '../../../lib/localize';
import { assertParkStaff } from '../../../lib/staffAccess';

export const REVIEW_PAGE = 200;

interface ActRow {
  clientId: string;
  ticketId: string;
  source: ActView['source'];
  direction: ActView['direction'];
  actedAt: Date;
  receivedAt: Date;
  deviceId: string | null;
  gateName: string | null;
  flag: ActFlag | null;
  duplicate: boolean;
  staffName: string | null;
  reviewedAt: Date | null;
  reviewerName: string | null;
}

const actQuery = (db: Knex) =>
  db('ticket_usages as u')
    .leftJoin('users as s', 's.id', 'u.staff_user_id')
    .leftJoin('users as r', 'r.id', 'u.reviewed_by')
    .select(
      'u.client_id',
      'u.ticket_id',
      'u.source',
      'u.direction',
      'u.acted_at',
      'u.received_at',
      'u.device_id',
      'u.gate_name',
      'u.flag',
      'u.duplicate',
      's.name as staff_name',
      'u.reviewed_at',
      'r.name as reviewer_name',
    );

const view = (r: ActRow): ActView => ({
  scanId: r.clientId,
  source: r.source,
  direction: r.direction,
  actedAt: new Date(r.actedAt).toISOString(),
  receivedAt: new Date(r.receivedAt).toISOString(),
  deviceId: r.deviceId,
  gateName: r.gateName,
  staffName: r.staffName,
  flag: r.flag,
  accepted: !r.duplicate,
});

async function present(knex: Knex, acts: ActRow[], locale: Locale): Promise<FlaggedAct[]> {
  const ticketIds = [...new Set(acts.map((a) => a.ticketId))];
  if (ticketIds.length === 0) return [];
  const tickets = (await knex('tickets as t')
    .join('items as i', 'i.id', 't.item_id')
    .whereIn('t.id', ticketIds)
    .select('t.id', 't.ticket_number', 't.use_date', 't.state', 'i.name_ja', 'i.name_en')) as {
    id: string;
    ticketNumber: string;
    useDate: string;
    state: TicketState;
    nameJa: string;
    nameEn: string | null;
  }[];
  const accepted = (await actQuery(knex).whereIn('u.ticket_id', ticketIds).where('u.duplicate', false)) as ActRow[];
  const byTicket = new Map(tickets.map((t) => [t.id, t]));
  const acceptedBy = new Map(accepted.map((a) => [a.ticketId, a]));
  return acts.map((a) => {
    const t = byTicket.get(a.ticketId);
    const winner = acceptedBy.get(a.ticketId);
    return {
      act: view(a),
      accepted: winner ? view(winner) : null,
      ticket: {
        id: a.ticketId,
        ticketNumber: t?.ticketNumber ?? '',
        itemName: t ? localize({ nameJa: t.nameJa, nameEn: t.nameEn }, 'name', locale) : '',
        useDate: t?.useDate ?? '',
        state: t?.state ?? 'used',
      },
      reviewedAt: a.reviewedAt ? new Date(a.reviewedAt).toISOString() : null,
      reviewedBy: a.reviewerName,
    };
  });
}

/** Flagged acts of the park's tickets, newest first: those still to review, or the reviewed ones. */
export async function listFlaggedActs(
  knex: Knex,
  parkId: number,
  reviewed: boolean,
  locale: Locale,
): Promise<FlaggedAct[]> {
  const q = actQuery(knex)
    .join('tickets as t', 't.id', 'u.ticket_id')
    .where('t.park_id', parkId)
    .whereNotNull('u.flag')
    .orderBy('u.received_at', 'desc')
    .orderBy('u.id', 'desc')
    .limit(REVIEW_PAGE);
  if (reviewed) q.whereNotNull('u.reviewed_at');
  else q.whereNull('u.reviewed_at');
  return present(knex, (await q) as ActRow[], locale);
}

/** Marks a flagged act reviewed (once; a second call answers it as it is). Staff of its ticket's park only. */
export async function reviewAct(
  knex: Knex,
  staffUserId: number,
  scanId: string,
  locale: Locale,
  now = new Date(),
): Promise<FlaggedAct> {
  const row = (await knex('ticket_usages as u')
    .join('tickets as t', 't.id', 'u.ticket_id')
    .where('u.client_id', scanId)
    .whereNotNull('u.flag')
    .first('u.id', 't.park_id')) as { id: number; parkId: number } | undefined;
  if (!row) throw new DomainError('notFound');
  await assertParkStaff(knex, staffUserId, row.parkId, 'scanner');
  await knex.transaction(async (trx) => {
    const changed = await trx('ticket_usages')
      .where({ id: row.id })
      .whereNull('reviewed_at')
      .update({ reviewed_at: now, reviewed_by: staffUserId });
    if (changed) {
      await audit(trx, { entity: 'ticket_usage', entityId: scanId, action: 'reviewed', actorUserId: staffUserId });
    }
  });
  const [done] = await present(knex, (await actQuery(knex).where('u.id', row.id)) as ActRow[], locale);
  return done as FlaggedAct;
}
