// POST api/v1/staff/scans with a member card (token version 3, issue 29; passes/README.md 2.8). The token is bound
// to the one we issued, as a ticket's (recordScan.ts). Then, under the locks in this order: the pass row, the term
// ticket, the day's visit ticket (issued by the ledger, one per term, park and day), and the act is recorded on the
// visit ticket by the one rule for all acts (acts.ts): one entry a day, re-entry per the pass item's rule, two
// offline gates admitting the same holder give one counted entry and one flagged duplicate. What the server knows
// of the pass decides refusals, stored as acts flagged on the term ticket and answered with `refusal`: suspended,
// notYetValid (a term not begun), expired, otherPark (a park the pass does not admit at). The first counted entry of
// a pass valid from its first entry starts it; an earlier one uploaded later moves the start earlier.
import type { Knex } from 'knex';
import type { PassRefusal } from '../../../../common/dto/pass';
import type { ScanAnswer } from '../../../../common/dto/wallet';
import { PASS_NUMBER } from '../../../../common/rules/passValidity';
import { verifyTicketToken } from '../../../../common/rules/ticketToken';
import { tokyoDate } from '../../../../common/time';
import { DomainError } from '../../../lib/errors';
import { assertParkStaff } from '../../../lib/staffAccess';
import { type ActOutcome, recordAct, storedAct } from '../acts';
import { nodeSignatureCheck } from '../signatureCheck';
import { issuePassVisit, type PassTerm, startPassValidity } from '../ticketLedger';
import { decodedOrRefused, issuedTokenOf, parkVerifyKeys } from './issuedToken';
import { checkActTime } from './markUsed';
import type { ScanInput } from './recordScan';

interface PassLock {
  id: number;
  passNumber: string;
  itemId: number;
  parkId: number;
  firstOrderId: number;
  startBy: string;
  validFrom: string | null;
  validUntil: string | null;
}

interface TermLock extends PassTerm {
  state: string;
  usedAt: Date | null;
  validFrom: string | null;
  useDate: string;
  suspensionReason: string | null;
  createdAt: Date;
  position: number;
}

/** The gate's park: the one asked for, else the pass's own, else the first partner park the scanner works at. */
async function gateParkOf(knex: Knex, input: ScanInput, own: number, parks: readonly number[]): Promise<number> {
  if (input.parkId) {
    await assertParkStaff(knex, input.staffUserId, input.parkId, 'scanner');
    return input.parkId;
  }
  for (const park of [own, ...parks.filter((p) => p !== own)]) {
    try {
      await assertParkStaff(knex, input.staffUserId, park, 'scanner');
      return park;
    } catch {
      // not staff there: try the next park of the pass
    }
  }
  await assertParkStaff(knex, input.staffUserId, own, 'scanner');
  return own;
}

/** What was presented at the gate for a member card: its term ticket, and the token if the card was read. */
export interface PassPresented {
  termTicketId: string;
  itemId: number;
  ownParkId: number;
  jti: string | null;
  /** When the token was issued (a scan before it is a clock suspect); a typed number: the term ticket's creation. */
  notBefore: Date | null;
  revokedAt: Date | null;
}

/** A member card read by the camera: the token we issued, signed with its park's key (dates judged from the pass). */
export async function passByToken(knex: Knex, token: string, scannedAt: Date): Promise<PassPresented> {
  const payload = decodedOrRefused(token);
  const stored = await issuedTokenOf(knex, payload, token);
  const verdict = verifyTicketToken(token, {
    parkId: payload.park,
    passParkIds: [payload.park],
    keys: await parkVerifyKeys(knex, payload.park),
    now: scannedAt,
    today: payload.from ?? tokyoDate(scannedAt),
    verifySignature: nodeSignatureCheck,
  });
  if (!verdict.ok && verdict.reason !== 'expired') throw new DomainError('ticketTokenInvalid');
  return {
    termTicketId: stored.ticketId,
    itemId: payload.item,
    ownParkId: payload.park,
    jti: payload.jti,
    notBefore: new Date(stored.issuedAt),
    revokedAt: stored.revokedAt,
  };
}

/**
 * A pass number and holder position typed at the gate (the card could not be read; the staff member compared the
 * photo): the holder's term covering the day, else its first open term (refused below as not yet valid or
 * expired), else its latest. ticketNumberUnknown when no such holder.
 */
export async function passByNumber(knex: Knex, typed: string, day: string): Promise<PassPresented> {
  const m = PASS_NUMBER.exec(typed);
  if (!m) throw new DomainError('ticketNumberUnknown');
  const terms = (await knex('tickets as t')
    .join('passes as p', 'p.id', 't.pass_id')
    .join('pass_holders as h', 'h.id', 't.pass_holder_id')
    .where({ 'p.pass_number': m[1], 'h.position': Number(m[2]), 't.unit_kind': 'pass' })
    .orderBy('t.id')
    .select('t.id', 't.state', 't.valid_from', 't.use_date', 'p.item_id', 'p.park_id')) as {
    id: string;
    state: string;
    validFrom: string | null;
    useDate: string;
    itemId: number;
    parkId: number;
  }[];
  const open = terms.filter((t) => t.state !== 'cancelled' && t.state !== 'cancel_waiting');
  const term =
    open.find((t) => (t.validFrom === null || t.validFrom <= day) && day <= t.useDate) ?? open[0] ?? terms.at(-1);
  if (!term) throw new DomainError('ticketNumberUnknown');
  return {
    termTicketId: term.id,
    itemId: term.itemId,
    ownParkId: term.parkId,
    jti: null,
    notBefore: null,
    revokedAt: null,
  };
}

export async function recordPassScan(
  knex: Knex,
  input: ScanInput,
  presented: PassPresented,
  now: Date,
): Promise<ScanAnswer> {
  const stored = { ticketId: presented.termTicketId, revokedAt: presented.revokedAt };
  const passParks = (await knex('pass_product_parks')
    .where({ item_id: presented.itemId })
    .pluck('park_id')) as number[];
  const gatePark = await gateParkOf(knex, input, presented.ownParkId, passParks);
  const day = tokyoDate(input.scannedAt);

  const replay = await storedAct(knex, input.scanId);
  if (replay) return replayAnswer(knex, input.scanId, stored.ticketId, replay);
  checkActTime(input.scannedAt, now);

  return knex.transaction(async (trx) => {
    // Lock order (passes/README.md 5): passes, term ticket, visit ticket.
    const pass = (await trx('passes as p')
      .join('tickets as t', 't.pass_id', 'p.id')
      .where('t.id', stored.ticketId)
      .forUpdate('p')
      .first(
        'p.id',
        'p.pass_number',
        'p.item_id',
        'p.park_id',
        'p.first_order_id',
        'p.start_by',
        'p.valid_from',
        'p.valid_until',
      )) as PassLock | undefined;
    if (!pass) throw new DomainError('ticketTokenInvalid');
    const term = (await trx('tickets as t')
      .join('pass_holders as h', 'h.id', 't.pass_holder_id')
      .where('t.id', stored.ticketId)
      .forUpdate('t')
      .first(
        't.id',
        't.order_id',
        't.order_line_id',
        't.user_id',
        't.item_id',
        't.age_group_id',
        't.pass_id',
        't.pass_holder_id',
        't.ticket_number',
        't.state',
        't.used_at',
        't.valid_from',
        't.use_date',
        't.suspension_reason',
        't.created_at',
        'h.position',
      )) as TermLock | undefined;
    if (!term) throw new DomainError('ticketTokenInvalid');
    const again = await storedAct(trx, input.scanId);
    if (again) return replayAnswer(trx, input.scanId, term.id, again);
    const product = (await trx('pass_products').where({ item_id: pass.itemId }).first()) as {
      validityStart: 'first_entry' | 'purchase';
      validityDays: number;
    };
    const act = {
      clientId: input.scanId,
      source: 'scan' as const,
      direction: input.direction ?? 'in',
      actedAt: input.scannedAt,
      receivedAt: now,
      notBefore: presented.notBefore ?? new Date(term.createdAt),
      deviceId: input.deviceId ?? null,
      gateName: input.gateName ?? null,
      jti: presented.jti,
      userId: term.userId,
      staffUserId: input.staffUserId,
      waitsForAnswer: input.confirm === true,
    };
    const info = (visitTicketId: string, p: { validFrom: string | null; validUntil: string | null }) => ({
      holderId: term.passHolderId,
      passNumber: pass.passNumber,
      visitTicketId,
      validFrom: p.validFrom,
      validUntil: p.validUntil,
    });

    // A pass valid from its first entry, on its first term, not started by this day: this entry may start it.
    const starts =
      product.validityStart === 'first_entry' &&
      term.orderId === pass.firstOrderId &&
      (pass.validFrom === null || day < pass.validFrom);
    let refusal: PassRefusal | null = null;
    if (term.state === 'suspended') refusal = 'suspended';
    else if (!passParks.includes(gatePark)) refusal = 'otherPark';
    else if (starts) refusal = day > pass.startBy ? 'expired' : null;
    else if (term.validFrom !== null && day < term.validFrom) refusal = 'notYetValid';
    else if (day > term.useDate) refusal = 'expired';
    if (refusal) {
      // Stored for review on the term ticket (the gate let someone in, or refused them); nothing else moves.
      const o = await recordAct(trx, term, { ...act, ticketId: term.id, revoked: true });
      return {
        ...answerOf(input.scanId, term.id, o, act.direction),
        refusal,
        suspendedReason: refusal === 'suspended' ? term.suspensionReason : null,
        pass: null,
      };
    }

    if (term.state === 'cancelled' || term.state === 'cancel_waiting') {
      // A cancelled pass has no days any more: the act is stored flagged on its term, no visit ticket is issued (one
      // would be an unpaid ticket of a cancelled order: the reconciliation's ticket_unpaid_order).
      const o = await recordAct(trx, term, { ...act, ticketId: term.id, revoked: true });
      return { ...answerOf(input.scanId, term.id, o, act.direction), refusal: null, pass: null };
    }
    const visit = await issuePassVisit(trx, term, gatePark, day);
    const revoked = stored.revokedAt !== null && new Date(stored.revokedAt) <= input.scannedAt;
    const o = await recordAct(trx, visit, { ...act, ticketId: visit.id, revoked });
    let period = { validFrom: pass.validFrom, validUntil: pass.validUntil };
    if (starts && o.result === 'accepted' && act.direction === 'in') {
      period = (await startPassValidity(trx, pass, day, product.validityDays, now)) ?? period;
    }
    return { ...answerOf(input.scanId, visit.id, o, act.direction), refusal: null, pass: info(visit.id, period) };
  });
}

const answerOf = (scanId: string, ticketId: string, o: ActOutcome, direction: 'in' | 'out'): ScanAnswer => ({
  scanId,
  ticketId,
  result: o.result,
  flag: o.flag,
  usedAt: o.usedAt ? o.usedAt.toISOString() : null,
  direction,
  inside: o.inside,
  entries: o.entries,
});

/** A scan id seen before: what it came to, if it was a scan of this member card (on its term or one of its visits). */
async function replayAnswer(
  db: Knex | Knex.Transaction,
  scanId: string,
  termId: string,
  replay: ActOutcome & { ticketId: string; direction: 'in' | 'out' },
): Promise<ScanAnswer> {
  if (replay.ticketId !== termId) {
    const visit = await db('tickets').where({ id: replay.ticketId, parent_ticket_id: termId }).first('id');
    if (!visit) throw new DomainError('invalidParam', { field: 'scan_id' });
  }
  return answerOf(scanId, replay.ticketId, replay, replay.direction);
}
