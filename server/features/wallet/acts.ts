// Acts on a ticket (button, URL access, gate scan), often made offline and uploaded later. One rule for all kinds,
// applied here and nowhere else: every act is stored; the earliest act that can be placed in time marks the ticket
// (its time is the ticket's used_at), later ones are flagged duplicates for staff review. An act timed before the
// token (or ticket) existed (beyond a small tolerance) cannot be placed: it is flagged `clock`, ranks after every plausible act, and if it is
// alone it dates the use at the earliest moment it could have happened. A scan of a revoked token, or of a ticket
// cancelled since, is stored flagged `revoked` and changes nothing. Callers hold the ticket's row lock.
import type { Knex } from 'knex';
import type { TicketState } from '../../../common/dto/wallet';
import { canMoveTicket } from '../../../common/rules/ticketState';
import { audit } from '../../lib/audit';
import { moveTickets } from './ticketLedger';

export type ActFlag = 'duplicate' | 'revoked' | 'clock';
export type ActSource = 'button' | 'url' | 'scan';

export interface Act {
  clientId: string;
  ticketId: string;
  source: ActSource;
  /** The device's time of the act. */
  actedAt: Date;
  receivedAt: Date;
  /** The act cannot have happened before this (the token's issue, the ticket's creation). */
  notBefore: Date;
  /** Stored for review only: the token was revoked, or the ticket cancelled. */
  revoked?: boolean;
  deviceId?: string | null;
  gateName?: string | null;
  jti?: string | null;
  /** The ticket's holder. */
  userId: number | null;
  staffUserId?: number | null;
  /**
   * A gate online waits for this answer before it shows its verdict: a ticket already used when the act arrives
   * is refused there, so the act can only be a duplicate (never take the place of the admission by its clock).
   */
  waitsForAnswer?: boolean;
}

export interface ActOutcome {
  /** accepted: this act marks the ticket; duplicate: another act does; revoked: stored for review only. */
  result: 'accepted' | 'duplicate' | 'revoked';
  flag: ActFlag | null;
  usedAt: Date | null;
}

interface Standing {
  actedAt: Date;
  notBefore: Date | null;
  flag: ActFlag | null;
}

/** A device clock this much behind ours is still believed (phones keep time by the network, not exactly). */
export const CLOCK_TOLERANCE_MS = 2 * 60_000;

/** The act's time cannot be right: before the token (or ticket) existed, beyond the tolerance. */
const impossible = (act: { actedAt: Date; notBefore: Date }) =>
  act.actedAt.getTime() < act.notBefore.getTime() - CLOCK_TOLERANCE_MS;

/** Where an act ranks: plausible acts first, by time; clock suspects after them. */
const rank = (a: { actedAt: Date; flag: ActFlag | null }) => [a.flag === 'clock' ? 1 : 0, a.actedAt.getTime()];
const before = (a: Standing, b: Standing) => {
  const [ra, ta] = rank(a) as [number, number];
  const [rb, tb] = rank(b) as [number, number];
  return ra !== rb ? ra < rb : ta < tb;
};
/** The ticket's used_at for an accepted act: its own time, never before it could have happened. */
const timeOfUse = (a: Standing) => (a.flag === 'clock' && a.notBefore ? a.notBefore : a.actedAt);

/** Stores an act and applies "earliest wins". The ticket row must be locked by the caller (SELECT ... FOR UPDATE). */
export async function recordAct(
  trx: Knex.Transaction,
  ticket: { id: string; state: string; usedAt: Date | null },
  act: Act,
): Promise<ActOutcome> {
  const row = {
    client_id: act.clientId,
    ticket_id: act.ticketId,
    source: act.source,
    acted_at: act.actedAt,
    received_at: act.receivedAt,
    device_id: act.deviceId ?? null,
    gate_name: act.gateName ?? null,
    jti: act.jti ?? null,
    user_id: act.userId,
    staff_user_id: act.staffUserId ?? null,
  };
  const auditAct = (action: string, outcome: ActOutcome) =>
    audit(trx, {
      entity: 'ticket',
      entityId: ticket.id,
      action,
      actorUserId: act.staffUserId ?? act.userId,
      data: {
        source: act.source,
        clientId: act.clientId,
        actedAt: act.actedAt.toISOString(),
        deviceId: act.deviceId ?? null,
        flag: outcome.flag,
      },
    });

  // A ticket that can no longer be used (cancelled, or its refund under way) is treated as revoked: the act is
  // stored for review, the state machine is not asked for a move it refuses.
  if (act.revoked || (ticket.state !== 'used' && !canMoveTicket(ticket.state as TicketState, 'used'))) {
    await trx('ticket_usages').insert({ ...row, duplicate: true, flag: 'revoked' });
    const outcome: ActOutcome = { result: 'revoked', flag: 'revoked', usedAt: ticket.usedAt };
    await auditAct('act_revoked', outcome);
    return outcome;
  }
  const mine: Standing = {
    actedAt: act.actedAt,
    notBefore: act.notBefore,
    flag: impossible(act) ? 'clock' : null,
  };
  if (ticket.state !== 'used') {
    const usedAt = timeOfUse(mine);
    await trx('ticket_usages').insert({ ...row, duplicate: false, flag: mine.flag });
    await moveTickets(trx, [ticket.id], 'used', act.receivedAt, { used_at: usedAt });
    const outcome: ActOutcome = { result: 'accepted', flag: mine.flag, usedAt };
    await auditAct('used', outcome);
    return outcome;
  }
  const current = (await trx('ticket_usages')
    .where({ ticket_id: ticket.id, duplicate: false })
    .first('id', 'acted_at', 'flag')) as { id: number; actedAt: Date; flag: ActFlag | null } | undefined;
  const standing: Standing = current
    ? { actedAt: new Date(current.actedAt), notBefore: null, flag: current.flag }
    : { actedAt: new Date(ticket.usedAt ?? act.receivedAt), notBefore: null, flag: null };
  if (!act.waitsForAnswer && before(mine, standing)) {
    // This act happened before the one that marked the ticket: it takes its place, the other is to review.
    const usedAt = timeOfUse(mine);
    if (current) {
      await trx('ticket_usages')
        .where({ id: current.id })
        .update({ duplicate: true, flag: current.flag ?? 'duplicate' });
    }
    await trx('ticket_usages').insert({ ...row, duplicate: false, flag: mine.flag });
    await trx('tickets').where({ id: ticket.id }).update({ used_at: usedAt, updated_at: act.receivedAt });
    const outcome: ActOutcome = { result: 'accepted', flag: mine.flag, usedAt };
    await auditAct('used_earlier', outcome);
    return outcome;
  }
  const flag: ActFlag = mine.flag ?? 'duplicate';
  await trx('ticket_usages').insert({ ...row, duplicate: true, flag });
  const outcome: ActOutcome = { result: 'duplicate', flag, usedAt: ticket.usedAt ? new Date(ticket.usedAt) : null };
  await auditAct('act_duplicate', outcome);
  return outcome;
}

/** What an act stored earlier came to (replays answer the same), or null when the client id is new. */
export async function storedAct(
  db: Knex | Knex.Transaction,
  clientId: string,
): Promise<(ActOutcome & { ticketId: string }) | null> {
  const row = (await db('ticket_usages as u')
    .join('tickets as t', 't.id', 'u.ticket_id')
    .where('u.client_id', clientId)
    .first('u.ticket_id', 'u.duplicate', 'u.flag', 't.used_at')) as
    | { ticketId: string; duplicate: boolean; flag: ActFlag | null; usedAt: Date | null }
    | undefined;
  if (!row) return null;
  return {
    ticketId: row.ticketId,
    result: row.flag === 'revoked' ? 'revoked' : row.duplicate ? 'duplicate' : 'accepted',
    flag: row.flag,
    usedAt: row.usedAt ? new Date(row.usedAt) : null,
  };
}
