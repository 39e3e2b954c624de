// Acts on a ticket (button, URL access, gate entry or exit), often made offline and uploaded later. One rule for all
// kinds, applied here and nowhere else: every act is stored and the ticket's acts are walked in time order (walk):
// an entry counts while the holder is outside and entries remain (one, unless the item allows re-entry), an exit
// while inside; the first entry marks the ticket used (its time is used_at), acts that do not fit are flagged
// duplicates for staff review (two devices that disagree). An act timed before the
// token (or ticket) existed (beyond a small tolerance) cannot be placed: it is flagged `clock`, ranks after every plausible act, and if it is
// alone it dates the use at the earliest moment it could have happened. A scan of a revoked token, or of a ticket
// cancelled since, is stored flagged `revoked` and changes nothing. Callers hold the ticket's row lock.
import type { Knex } from 'knex';
import type { TicketState } from '../../../common/dto/wallet';
import { canMoveTicket } from '../../../common/rules/ticketState';
import { audit } from '../../lib/audit';
import { moveThroughDay } from './ticketLedger';

export type ActFlag = 'duplicate' | 'revoked' | 'clock';
export type ActSource = 'button' | 'url' | 'scan';
/** An entry (or a button/URL use), or an exit at the gate. */
export type Direction = 'in' | 'out';

export interface Act {
  clientId: string;
  ticketId: string;
  source: ActSource;
  /** Default 'in'. */
  direction?: Direction;
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
  /** Where the holder is after the act, and the entries counted so far. */
  inside: boolean;
  entries: number;
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
/** The ticket's used_at for an accepted act: its own time, never before it could have happened. */
const timeOfUse = (a: Standing) => (a.flag === 'clock' && a.notBefore ? a.notBefore : a.actedAt);

/** How many entries a ticket of the item has on its day: one, unless the item allows re-entry. */
export const entriesAllowed = (item: { reentry: boolean; maxEntries: number | null }) =>
  item.reentry ? (item.maxEntries ?? Number.POSITIVE_INFINITY) : 1;

interface TimelineRow {
  id: number;
  direction: Direction;
  actedAt: Date;
  flag: ActFlag | null;
  duplicate: boolean;
}

/**
 * The ticket's acts in time order (plausible first, clock suspects after) walked as the gate would have: an entry
 * counts when the holder is outside and entries remain, an exit when inside; any other act is flagged. Answers
 * what each act comes to and where the holder is. With one entry and no exits this is "earliest entry wins".
 */
function walk(rows: readonly TimelineRow[], allowed: number) {
  const sorted = [...rows].sort((a, b) => {
    const [ra, ta] = rank(a) as [number, number];
    const [rb, tb] = rank(b) as [number, number];
    return ra - rb || ta - tb || a.id - b.id;
  });
  let inside = false;
  let entries = 0;
  let firstIn: TimelineRow | null = null;
  const counted = new Set<number>();
  for (const r of sorted) {
    if (r.direction === 'in' && !inside && entries < allowed) {
      inside = true;
      entries++;
      firstIn ??= r;
      counted.add(r.id);
    } else if (r.direction === 'out' && inside) {
      inside = false;
      counted.add(r.id);
    }
  }
  return { inside, entries, firstIn, counted };
}

/**
 * Stores an act and places it in the ticket's timeline (walk above). The ticket row must be locked by the caller
 * (SELECT ... FOR UPDATE).
 */
export async function recordAct(
  trx: Knex.Transaction,
  ticket: { id: string; state: string; usedAt: Date | null },
  act: Act,
): Promise<ActOutcome> {
  const direction: Direction = act.direction ?? 'in';
  const row = {
    client_id: act.clientId,
    ticket_id: act.ticketId,
    source: act.source,
    direction,
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
        direction,
        clientId: act.clientId,
        actedAt: act.actedAt.toISOString(),
        deviceId: act.deviceId ?? null,
        flag: outcome.flag,
      },
    });
  const rule = (await trx('tickets as t')
    .join('items as i', 'i.id', 't.item_id')
    .where('t.id', ticket.id)
    .first('t.inside', 't.entries', 'i.reentry', 'i.max_entries')) as {
    inside: boolean;
    entries: number;
    reentry: boolean;
    maxEntries: number | null;
  };
  const allowed = entriesAllowed(rule);

  // A ticket that can no longer be used (cancelled, or its refund under way) is treated as revoked: the act is
  // stored for review, the state machine is not asked for a move it refuses.
  if (act.revoked || (ticket.state !== 'used' && !canMoveTicket(ticket.state as TicketState, 'used'))) {
    await trx('ticket_usages').insert({ ...row, duplicate: true, flag: 'revoked' });
    const outcome: ActOutcome = {
      result: 'revoked',
      flag: 'revoked',
      usedAt: ticket.usedAt,
      inside: rule.inside,
      entries: rule.entries,
    };
    await auditAct('act_revoked', outcome);
    return outcome;
  }
  const clock = impossible(act);
  // An online gate shows its verdict from this answer: what the ticket is now decides, and a refusal is final.
  const refusedNow =
    act.waitsForAnswer === true && (direction === 'in' ? rule.inside || rule.entries >= allowed : !rule.inside);
  const flagOf = (counted: boolean): ActFlag | null => (clock ? 'clock' : counted ? null : 'duplicate');
  if (refusedNow) {
    const flag = flagOf(false);
    await trx('ticket_usages').insert({ ...row, duplicate: true, flag, refused_online: true });
    const outcome: ActOutcome = {
      result: 'duplicate',
      flag,
      usedAt: ticket.usedAt ? new Date(ticket.usedAt) : null,
      inside: rule.inside,
      entries: rule.entries,
    };
    await auditAct('act_duplicate', outcome);
    return outcome;
  }
  const [inserted] = (await trx('ticket_usages')
    .insert({ ...row, duplicate: true, flag: flagOf(false) })
    .returning('id')) as { id: number }[];
  const myId = Number(inserted?.id);
  const rows = (
    (await trx('ticket_usages')
      .where({ ticket_id: ticket.id, refused_online: false })
      .where((q) => q.whereNull('flag').orWhereNot('flag', 'revoked'))
      .select('id', 'direction', 'acted_at', 'flag', 'duplicate')) as TimelineRow[]
  ).map((r) => ({ ...r, id: Number(r.id), actedAt: new Date(r.actedAt) }));
  const { inside, entries, firstIn, counted } = walk(rows, allowed);
  for (const r of rows) {
    const flag = r.flag === 'clock' ? 'clock' : counted.has(r.id) ? null : 'duplicate';
    const duplicate = !counted.has(r.id);
    if (r.id === myId || r.duplicate !== duplicate || r.flag !== flag) {
      await trx('ticket_usages').where({ id: r.id }).update({ duplicate, flag });
    }
  }
  // The ticket's time of use is its first entry's; a clock suspect dates it no earlier than it could have happened.
  let usedAt: Date | null = ticket.usedAt ? new Date(ticket.usedAt) : null;
  if (firstIn) {
    usedAt =
      firstIn.id === myId
        ? timeOfUse({ actedAt: act.actedAt, notBefore: act.notBefore, flag: clock ? 'clock' : null })
        : firstIn.flag === 'clock'
          ? (usedAt ?? firstIn.actedAt)
          : firstIn.actedAt;
  }
  await moveThroughDay(trx, ticket, { inside, entries, usedAt: firstIn ? usedAt : null }, act.receivedAt);
  const mine = counted.has(myId);
  const outcome: ActOutcome = {
    result: mine ? 'accepted' : 'duplicate',
    flag: flagOf(mine),
    usedAt: firstIn ? usedAt : ticket.usedAt ? new Date(ticket.usedAt) : null,
    inside,
    entries,
  };
  await auditAct(
    mine ? (direction === 'out' ? 'exited' : entries > 1 ? 'reentered' : 'used') : 'act_duplicate',
    outcome,
  );
  return outcome;
}

/** What an act stored earlier came to (replays answer the same), or null when the client id is new. */
export async function storedAct(
  db: Knex | Knex.Transaction,
  clientId: string,
): Promise<(ActOutcome & { ticketId: string; direction: Direction }) | null> {
  const row = (await db('ticket_usages as u')
    .join('tickets as t', 't.id', 'u.ticket_id')
    .where('u.client_id', clientId)
    .first('u.ticket_id', 'u.direction', 'u.duplicate', 'u.flag', 't.used_at', 't.inside', 't.entries')) as
    | {
        ticketId: string;
        direction: Direction;
        duplicate: boolean;
        flag: ActFlag | null;
        usedAt: Date | null;
        inside: boolean;
        entries: number;
      }
    | undefined;
  if (!row) return null;
  return {
    ticketId: row.ticketId,
    direction: row.direction,
    result: row.flag === 'revoked' ? 'revoked' : row.duplicate ? 'duplicate' : 'accepted',
    flag: row.flag,
    usedAt: row.usedAt ? new Date(row.usedAt) : null,
    inside: row.inside,
    entries: row.entries,
  };
}
