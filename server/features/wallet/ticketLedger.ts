// The ticket ledger: the only place tickets are issued and the only writer of tickets.state (ticketLedger.unit.test.ts
// fails when another file writes either). Every move goes through the ticket state machine
// (common/rules/ticketState.ts): an illegal move is refused with the domain error ticketStateConflict (409) and
// changes nothing. What an order sells is what its buyer holds: one ticket per person (basic, disability,
// companion), per item of each pack, and one voucher (unit_kind 'additional') per additional plan bought, which
// belongs to an admission of its line and is cancelled with it.
import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import type { PassHolderInput, PassLineDetails } from '../../../common/dto/pass';
import type { TicketState } from '../../../common/dto/wallet';
import { renewalTerm, startBy, termEnd } from '../../../common/rules/passValidity';
import { canMoveTicket, OPEN_STATES } from '../../../common/rules/ticketState';
import { normalizeForSearch } from '../../../common/search/normalize';
import { tokyoDate } from '../../../common/time';
import { audit } from '../../lib/audit';
import { DomainError } from '../../lib/errors';
import type { IssuingLine, IssuingOrder } from '../orders';
import { revokeTokens } from './tokens';

type InitialState = Extract<TicketState, 'available' | 'won_lottery'>;

/**
 * Issues the order's tickets in `state` (available, or won_lottery for a lottery win); answers how many. The rows
 * are numbered after the application number, admissions first, then each line's vouchers.
 */
export async function issueOrderTickets(
  trx: Knex.Transaction,
  order: IssuingOrder,
  lines: readonly IssuingLine[],
  state: InitialState,
  options: { wonViaWaitlist?: boolean; now?: Date } = {},
): Promise<number> {
  const itemIds = lines.flatMap((l) => (l.itemId === null ? [] : [l.itemId]));
  const reward = new Map(
    (
      (await trx('items').whereIn('id', itemIds).select('id', 'reward_coins')) as { id: number; rewardCoins: number }[]
    ).map((i) => [i.id, i.rewardCoins]),
  );
  let n = 0;
  const rows: Record<string, unknown>[] = [];
  const row = (line: IssuingLine, itemId: number, fields: Record<string, unknown>) => {
    n++;
    const r = {
      id: randomUUID(),
      order_id: order.id,
      order_line_id: line.id,
      user_id: order.userId,
      park_id: order.parkId,
      item_id: itemId,
      ticket_pack_id: line.ticketPackId,
      ticket_number: `${order.applicationNumber}-${String(n).padStart(2, '0')}`,
      pack_number: null,
      use_date: line.date,
      time_slot_id: line.timeSlotId,
      seat_code: null,
      age_group_id: null,
      reward_coins: 0,
      won_via_waitlist: options.wonViaWaitlist ?? false,
      state,
      ...fields,
    };
    rows.push(r);
    return r;
  };
  for (const line of lines) {
    if (line.passDetails) {
      // An annual pass: passes, their holders, and one term ticket per holder (passes/README.md 2.1); a renewal:
      // the next term of each holder (2.3).
      const issue = line.passDetails.renewsPassId ? renewPass : issuePasses;
      for (const term of await issue(trx, order, line, line.passDetails, options.now ?? new Date())) {
        row(line, line.itemId as number, term);
      }
      continue;
    }
    if (line.ticketPackId !== null) {
      const contents = (await trx('ticket_pack_items')
        .where({ ticket_pack_id: line.ticketPackId })
        .orderBy('item_id')
        .select('item_id', 'quantity')) as { itemId: number; quantity: number }[];
      const packs = line.units.reduce((k, u) => k + u.quantity, 0);
      const packPrice = line.units[0]?.unitPrice ?? 0;
      for (let p = 1; p <= packs; p++) {
        let first = true;
        for (const c of contents) {
          for (let q = 0; q < c.quantity; q++) {
            row(line, c.itemId, {
              unit_kind: 'pack',
              pack_number: `${order.applicationNumber}-P${p}`,
              price: first ? packPrice : 0,
            });
            first = false;
          }
        }
      }
      continue;
    }
    const itemId = line.itemId as number;
    const admissions: { id: string }[] = [];
    let seat = 0;
    for (const unit of line.units) {
      if (unit.kind === 'additional') continue;
      for (let q = 0; q < unit.quantity; q++) {
        admissions.push(
          row(line, itemId, {
            unit_kind: unit.kind,
            age_group_id: unit.ageGroupId,
            price: unit.unitPrice,
            seat_code: line.seats[seat++] ?? null,
            reward_coins: reward.get(itemId) ?? 0,
          }),
        );
      }
    }
    // Vouchers go to the line's admissions in turn: each belongs to one, and leaves with it.
    let k = 0;
    for (const unit of line.units) {
      if (unit.kind !== 'additional') continue;
      for (let q = 0; q < unit.quantity; q++) {
        row(line, itemId, {
          unit_kind: 'additional',
          item_plan_id: unit.planId ?? null,
          age_group_id: unit.ageGroupId,
          price: unit.unitPrice,
          parent_ticket_id: admissions.length > 0 ? admissions[k++ % admissions.length]?.id : null,
        });
      }
    }
  }
  // Parents before their vouchers (the foreign key): rows are in that order already.
  for (let i = 0; i < rows.length; i += 200) await trx('tickets').insert(rows.slice(i, i + 200));
  return n;
}

/**
 * A paid renewal (passes/README.md 2.3): under the pass's lock, one term ticket per holder from the pass's current
 * end + 1 for validity_days, and the pass's end moved there. The new end never depends on the renewal day.
 */
async function renewPass(
  trx: Knex.Transaction,
  order: IssuingOrder,
  line: IssuingLine,
  details: PassLineDetails,
  now: Date,
): Promise<Record<string, unknown>[]> {
  const pass = (await trx('passes as p')
    .join('pass_products as pp', 'pp.item_id', 'p.item_id')
    .where('p.id', details.renewsPassId as number)
    .forUpdate('p')
    .first('p.id', 'p.pass_number', 'p.valid_until', 'pp.validity_days')) as
    | { id: number; passNumber: string; validUntil: string | null; validityDays: number }
    | undefined;
  if (!pass?.validUntil) throw new Error(`order ${order.id}: pass ${details.renewsPassId} cannot be renewed`);
  const term = renewalTerm(pass.validUntil, pass.validityDays);
  const holders = (await trx('pass_holders').where({ pass_id: pass.id }).select('id', 'position')) as {
    id: number;
    position: number;
  }[];
  const n =
    Number(
      (
        (await trx('tickets')
          .where({ pass_id: pass.id, unit_kind: 'pass' })
          .countDistinct({ n: 'order_id' })
          .first()) as { n: unknown } | undefined
      )?.n ?? 0,
    ) + 1;
  await trx('passes').where({ id: pass.id }).update({ valid_until: term.until, updated_at: now });
  return details.holders.map((h) => {
    const holder = holders.find((x) => x.position === h.position);
    if (!holder) throw new Error(`order ${order.id}: pass ${pass.id} has no holder ${h.position}`);
    const unit = line.units.find(
      (u) => u.kind === h.unitKind && (h.unitKind !== 'basic' || u.ageGroupId === h.ageGroupId),
    );
    if (!unit) throw new Error(`order ${order.id}: holder ${h.position} was not paid for`);
    return {
      unit_kind: 'pass',
      ticket_number: `${pass.passNumber}-${h.position}-T${n}`,
      pass_id: pass.id,
      pass_holder_id: holder.id,
      age_group_id: h.ageGroupId,
      price: unit.unitPrice,
      valid_from: term.from,
      use_date: term.until,
      time_slot_id: null,
    };
  });
}

/** A pass number: P, the park (3 digits), a dash and 7 digits from pass_number_seq (P012-0000345). */
async function nextPassNumber(trx: Knex.Transaction, parkId: number): Promise<string> {
  const { rows } = (await trx.raw("SELECT nextval('pass_number_seq')::text AS n")) as { rows: { n: string }[] };
  return `P${String(parkId).padStart(3, '0')}-${String(rows[0]?.n).padStart(7, '0')}`;
}

/**
 * Inserts the passes of a paid pass line (a family line is one pass of all its holders; a single line one pass per
 * holder) with their holders, and answers the term tickets' fields, one per holder, priced as the holder was paid
 * for. Valid from purchase: the term runs from the payment day (Tokyo). From the first entry: not started; the
 * term ticket may be used until the latest end a first entry by start_by could give.
 */
async function issuePasses(
  trx: Knex.Transaction,
  order: IssuingOrder,
  line: IssuingLine,
  details: PassLineDetails,
  now: Date,
): Promise<Record<string, unknown>[]> {
  const product = (await trx('pass_products').where({ item_id: line.itemId }).first()) as
    | {
        parkId: number;
        kind: 'single' | 'family';
        validityDays: number;
        validityStart: string;
        startWithinDays: number;
      }
    | undefined;
  if (!product) throw new Error(`order ${order.id}: item ${line.itemId} is no pass product`);
  const today = tokyoDate(now);
  const start = startBy(today, product.startWithinDays);
  const fromPurchase = product.validityStart === 'purchase';
  const validFrom = fromPurchase ? today : null;
  const validUntil = fromPurchase ? termEnd(today, product.validityDays) : null;
  const priceOf = (h: PassHolderInput) => {
    const unit = line.units.find(
      (u) => u.kind === h.unitKind && (h.unitKind !== 'basic' || u.ageGroupId === h.ageGroupId),
    );
    if (!unit) throw new Error(`order ${order.id}: holder ${h.position} was not paid for`);
    return unit.unitPrice;
  };
  const holders = [...details.holders].sort((a, b) => a.position - b.position);
  const groups = product.kind === 'family' ? [holders] : holders.map((h) => [h]);
  const terms: Record<string, unknown>[] = [];
  for (const group of groups) {
    const passNumber = await nextPassNumber(trx, product.parkId);
    const [pass] = (await trx('passes')
      .insert({
        pass_number: passNumber,
        item_id: line.itemId,
        park_id: product.parkId,
        owner_user_id: order.userId,
        first_order_id: order.id,
        start_by: start,
        valid_from: validFrom,
        valid_until: validUntil,
      })
      .returning('id')) as { id: number }[];
    if (!pass) throw new Error('pass not inserted');
    for (const [i, h] of group.entries()) {
      const position = i + 1;
      const [holder] = (await trx('pass_holders')
        .insert({
          pass_id: pass.id,
          position,
          holder_user_id: h.holderUserId,
          name: h.name,
          name_search: normalizeForSearch(h.name),
          age_group_id: h.ageGroupId,
          unit_kind: h.unitKind,
        })
        .returning('id')) as { id: number }[];
      terms.push({
        unit_kind: 'pass',
        ticket_number: `${passNumber}-${position}-T1`,
        pass_id: pass.id,
        pass_holder_id: holder?.id,
        age_group_id: h.ageGroupId,
        price: priceOf(h),
        valid_from: validFrom,
        use_date: validUntil ?? termEnd(start, product.validityDays),
        time_slot_id: null,
      });
    }
  }
  return terms;
}

/**
 * Moves tickets to `to` through the state machine, locking them in id order; `set` is written with the state
 * (cancellation id, used_at...). Refuses the whole move (ticketStateConflict, 409) when any ticket cannot make it.
 */
export async function moveTickets(
  trx: Knex.Transaction,
  ids: readonly string[],
  to: TicketState,
  now: Date,
  set: Record<string, unknown> = {},
): Promise<void> {
  if (ids.length === 0) return;
  const rows = (await trx('tickets')
    .whereIn('id', [...new Set(ids)])
    .orderBy('id')
    .forUpdate()
    .select('id', 'state')) as { id: string; state: TicketState }[];
  if (rows.length !== new Set(ids).size || rows.some((r) => !canMoveTicket(r.state, to))) {
    throw new DomainError('ticketStateConflict');
  }
  await trx('tickets')
    .whereIn(
      'id',
      rows.map((r) => r.id),
    )
    .update({ ...set, state: to, updated_at: now });
}

/**
 * Where a ticket stands on its day after its acts (acts.ts): inside or not, entries counted, its time of use. The
 * first entry moves it to used through the state machine; later moves (exit, re-entry, an earlier act uploaded late)
 * change only where the holder is and when the ticket was first used.
 */
export async function moveThroughDay(
  trx: Knex.Transaction,
  ticket: { id: string; state: string },
  at: { inside: boolean; entries: number; usedAt: Date | null },
  now: Date,
): Promise<void> {
  const usedAt = at.usedAt ? { used_at: at.usedAt } : {};
  if (at.usedAt && ticket.state !== 'used') {
    await moveTickets(trx, [ticket.id], 'used', now, { inside: at.inside, entries: at.entries, ...usedAt });
    return;
  }
  await trx('tickets')
    .where({ id: ticket.id })
    .update({ inside: at.inside, entries: at.entries, ...usedAt, updated_at: now });
}

/**
 * The given tickets and the vouchers that belong to them (same holder, still open): a cancellation of an admission
 * takes its add-ons along, so that every yen of what is cancelled is given back.
 */
export async function withTheirVouchers(
  db: Knex | Knex.Transaction,
  userId: number,
  ids: readonly string[],
): Promise<string[]> {
  const vouchers = (await db('tickets')
    .whereIn('parent_ticket_id', ids)
    .where({ user_id: userId, unit_kind: 'additional' })
    .whereIn('state', OPEN_STATES as TicketState[])
    .whereNull('share_id')
    .pluck('id')) as string[];
  return [...new Set([...ids, ...vouchers])];
}

export interface PassTerm {
  id: string;
  orderId: number;
  orderLineId: number;
  userId: number;
  itemId: number;
  ageGroupId: number | null;
  passId: number;
  passHolderId: number;
  ticketNumber: string;
}

/**
 * The visit ticket of a pass holder's term at a park on a day (passes/README.md 0, 2.8), issued on the first act of
 * that day and locked: one per (term, park, day) by the unique index tickets_pass_visit_day, so two gates uploading
 * at once land on the same row. Price 0, the term's order; the pass item's re-entry rule applies to it (acts.ts).
 */
export async function issuePassVisit(
  trx: Knex.Transaction,
  term: PassTerm,
  parkId: number,
  day: string,
): Promise<{ id: string; state: string; usedAt: Date | null; userId: number; createdAt: Date }> {
  // The term's number without its T part, V and the day; the park when it is not the pass's own.
  const holder = term.ticketNumber.replace(/-T\d+$/, '');
  const own = Number(holder.slice(1, 4)) === parkId;
  const number = `${holder}-V${day.replaceAll('-', '')}${own ? '' : `-${parkId}`}`;
  await trx.raw(
    `INSERT INTO tickets (id, order_id, order_line_id, user_id, park_id, item_id, ticket_number, use_date, unit_kind,
       age_group_id, price, state, parent_ticket_id, pass_id, pass_holder_id)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'pass_visit', ?, 0, 'available', ?, ?, ?)
     ON CONFLICT (parent_ticket_id, park_id, use_date) WHERE unit_kind = 'pass_visit' DO NOTHING`,
    [
      randomUUID(),
      term.orderId,
      term.orderLineId,
      term.userId,
      parkId,
      term.itemId,
      number,
      day,
      term.ageGroupId,
      term.id,
      term.passId,
      term.passHolderId,
    ],
  );
  const visit = (await trx('tickets')
    .where({ parent_ticket_id: term.id, park_id: parkId, use_date: day, unit_kind: 'pass_visit' })
    .forUpdate()
    .first('id', 'state', 'used_at', 'user_id', 'created_at')) as
    | { id: string; state: string; usedAt: Date | null; userId: number; createdAt: Date }
    | undefined;
  if (!visit) throw new Error(`no visit ticket for ${term.id} on ${day}`);
  return visit;
}

/**
 * Starts a pass valid from its first entry on `day` (passes/README.md 2.2), or moves its start earlier when an
 * earlier entry arrives late (earliest wins, as used_at): the pass's period and its first term tickets' valid_from and
 * last day. The caller holds the passes row lock and has checked `day` is no later than start_by.
 */
export async function startPassValidity(
  trx: Knex.Transaction,
  pass: { id: number; firstOrderId: number; validFrom: string | null },
  day: string,
  validityDays: number,
  now: Date,
): Promise<{ validFrom: string; validUntil: string } | null> {
  if (pass.validFrom !== null && pass.validFrom <= day) return null;
  const validUntil = termEnd(day, validityDays);
  await trx('passes').where({ id: pass.id }).update({ valid_from: day, valid_until: validUntil, updated_at: now });
  await trx('tickets')
    .where({ pass_id: pass.id, unit_kind: 'pass', order_id: pass.firstOrderId })
    .update({ valid_from: day, use_date: validUntil, updated_at: now });
  return { validFrom: day, validUntil };
}

/** Locks the pass of a holder (the first lock of suspension and reissue: passes/README.md 5); 404 when none. */
async function lockHolderPass(trx: Knex.Transaction, holderId: number): Promise<{ passId: number }> {
  const row = (await trx('passes as p')
    .join('pass_holders as h', 'h.pass_id', 'p.id')
    .where('h.id', holderId)
    .forUpdate('p')
    .first('p.id as pass_id')) as { passId: number } | undefined;
  if (!row) throw new DomainError('notFound');
  return row;
}

const holderTerms = (trx: Knex.Transaction, holderId: number, states: readonly string[]) =>
  trx('tickets')
    .where({ pass_holder_id: holderId, unit_kind: 'pass' })
    .whereIn('state', states)
    .orderBy('id')
    .pluck('id') as Promise<string[]>;

/** One move of a holder's term tickets between available and suspended (passes/README.md 2.10), audited. */
async function moveHolderTerms(
  trx: Knex.Transaction,
  holderId: number,
  move: {
    from: 'available' | 'suspended';
    to: 'available' | 'suspended';
    nothingToMove: 'passSuspended' | 'ticketStateConflict';
    action: string;
  },
  reason: string,
  actorUserId: number | null,
  now: Date,
): Promise<string[]> {
  const { passId } = await lockHolderPass(trx, holderId);
  const ids = await holderTerms(trx, holderId, [move.from]);
  if (ids.length === 0) throw new DomainError(move.nothingToMove);
  await moveTickets(trx, ids, move.to, now, { suspension_reason: move.to === 'suspended' ? reason : null });
  await audit(trx, {
    entity: 'pass',
    entityId: passId,
    action: move.action,
    actorUserId,
    data: { holderId, reason, tickets: ids },
  });
  return ids;
}

/**
 * Suspends a pass holder: the holder's open term tickets, current and paid next ones, move to suspended with the
 * reason; tokens stay live (reversible; the gate refuses by the state and says the reason). A holder with nothing
 * open to suspend (already suspended, cancelled) is refused: passSuspended.
 */
export function suspendPassHolder(
  trx: Knex.Transaction,
  holderId: number,
  reason: string,
  actorUserId: number | null,
  now = new Date(),
): Promise<string[]> {
  const move = {
    from: 'available',
    to: 'suspended',
    nothingToMove: 'passSuspended',
    action: 'holder_suspended',
  } as const;
  return moveHolderTerms(trx, holderId, move, reason, actorUserId, now);
}

/** Reinstates a suspended holder: its suspended term tickets are available again (the reason is kept in the audit). */
export function reinstatePassHolder(
  trx: Knex.Transaction,
  holderId: number,
  reason: string,
  actorUserId: number | null,
  now = new Date(),
): Promise<string[]> {
  const move = {
    from: 'suspended',
    to: 'available',
    nothingToMove: 'ticketStateConflict',
    action: 'holder_reinstated',
  } as const;
  return moveHolderTerms(trx, holderId, move, reason, actorUserId, now);
}

/**
 * A holder's card on a new device (a lost phone, passes/README.md 2.6): the live tokens of the holder's terms are
 * revoked (reason 'reissued', onto the revocation cursor); the next read of the cards issues new ones. Answers how
 * many tokens were revoked.
 */
export async function reissueHolderCard(
  trx: Knex.Transaction,
  holderId: number,
  actorUserId: number | null,
  now = new Date(),
): Promise<number> {
  const { passId } = await lockHolderPass(trx, holderId);
  const ids = await holderTerms(trx, holderId, ['available', 'suspended']);
  const revoked = await revokeTokens(trx, ids, 'reissued', now);
  await audit(trx, {
    entity: 'pass',
    entityId: passId,
    action: 'card_reissued',
    actorUserId,
    data: { holderId, revoked },
  });
  return revoked;
}

/**
 * The given tickets and every term ticket of the same pass bought by the same order (passes/README.md 2.4): a pass
 * is cancelled whole, all holders of that term. Any state: a retry of a cancellation whose refund is owed names the
 * same set. Tickets that are no pass terms pass through as they are.
 */
export async function withPassmates(db: Knex | Knex.Transaction, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const mates = (await db('tickets as t')
    .join('tickets as m', (j) => j.on('m.pass_id', 't.pass_id').andOn('m.order_id', 't.order_id'))
    .whereIn('t.id', ids)
    .where({ 't.unit_kind': 'pass', 'm.unit_kind': 'pass' })
    .pluck('m.id')) as string[];
  return [...new Set([...ids, ...mates])];
}

/**
 * Locks the passes of these term tickets, in id order (a cancellation's second lock, after the order's: README 5; a
 * gate's scan takes the same row first, so a cancellation and a first entry never both win). Answers their ids.
 */
export async function lockPassesOf(trx: Knex.Transaction, ticketIds: readonly string[]): Promise<number[]> {
  const ids = (await trx('tickets')
    .whereIn('id', ticketIds)
    .where('unit_kind', 'pass')
    .distinct('pass_id')
    .pluck('pass_id')) as number[];
  if (ids.length === 0) return [];
  await trx('passes').whereIn('id', ids).orderBy('id').forUpdate().select('id');
  return [...ids].sort((a, b) => a - b);
}
