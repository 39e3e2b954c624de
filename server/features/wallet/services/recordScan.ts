// POST api/v1/staff/scans: a gate admission or exit, often made offline and uploaded later, by QR token or (the camera could
// not read it) by ticket number. Idempotent by scan_id; the scan's own time is kept. A token must be the one we
// issued, byte for byte, and is verified with the code the staff device runs (common/rules/ticketToken.ts) as of
// the scan's time. Then the act is recorded by the one rule for all acts (../acts.ts): earliest wins, later ones
// are flagged duplicates, a revoked token or a cancelled ticket is stored flagged (the gate let someone in), a
// device time before the token existed is a clock suspect.
import type { Knex } from 'knex';
import type { ScanAnswer } from '../../../../common/dto/wallet';
import { PASS_NUMBER } from '../../../../common/rules/passValidity';
import { decodeTicketToken, isPassToken, verifyTicketToken } from '../../../../common/rules/ticketToken';
import { tokyoDate } from '../../../../common/time';
import { DomainError } from '../../../lib/errors';
import { assertParkStaff } from '../../../lib/staffAccess';
import { type ActOutcome, type Direction, recordAct, storedAct } from '../acts';
import { nodeSignatureCheck } from '../signatureCheck';
import { decodedOrRefused, issuedTokenOf, parkVerifyKeys } from './issuedToken';
import { checkActTime } from './markUsed';
import { passByNumber, passByToken, recordPassScan } from './recordPassScan';

export interface ScanInput {
  staffUserId: number;
  scanId: string;
  /** The QR token read, or the ticket number typed when the code could not be read. */
  token?: string | null;
  ticketNumber?: string | null;
  scannedAt: Date;
  deviceId?: string | null;
  gateName?: string | null;
  /** The gate is online and shows its verdict from this answer (within its budget): see Act.waitsForAnswer. */
  confirm?: boolean;
  /** An entry (default) or an exit. */
  direction?: Direction;
  /** The gate's park: a member card may be admitted at several parks (default: the card's own, else a partner's). */
  parkId?: number | null;
}

const CANCELLED = ['cancelled', 'cancel_waiting'];

const answer = (scanId: string, ticketId: string, o: ActOutcome, direction: Direction): ScanAnswer => ({
  scanId,
  ticketId,
  result: o.result,
  flag: o.flag,
  usedAt: o.usedAt ? o.usedAt.toISOString() : null,
  direction,
  inside: o.inside,
  entries: o.entries,
});

async function assertScanner(knex: Knex, userId: number, parkId: number) {
  await assertParkStaff(knex, userId, parkId, 'scanner');
}

/** What was presented, checked: the ticket it names, whether its token was revoked by the scan, its issue time. */
interface Presented {
  ticketId: string;
  parkId: number;
  jti: string | null;
  revokedBy: boolean;
  notBefore: Date | null;
}

async function byToken(knex: Knex, input: ScanInput, token: string): Promise<Presented> {
  const payload = decodedOrRefused(token);
  await assertScanner(knex, input.staffUserId, payload.park);
  const stored = await issuedTokenOf(knex, payload, token);
  // Revocation is not a refusal here: the device let the holder in, and that is kept on record (flagged).
  const verdict = verifyTicketToken(token, {
    parkId: stored.parkId,
    keys: await parkVerifyKeys(knex, stored.parkId),
    now: input.scannedAt,
    today: tokyoDate(input.scannedAt),
    verifySignature: nodeSignatureCheck,
  });
  if (!verdict.ok) {
    if (verdict.reason === 'wrongDay' || verdict.reason === 'expired') throw new DomainError('ticketWrongDay');
    throw new DomainError('ticketTokenInvalid');
  }
  return {
    ticketId: stored.ticketId,
    parkId: stored.parkId,
    jti: payload.jti,
    revokedBy: stored.revokedAt !== null && new Date(stored.revokedAt) <= input.scannedAt,
    notBefore: new Date(stored.issuedAt),
  };
}

async function byNumber(knex: Knex, input: ScanInput, ticketNumber: string): Promise<Presented> {
  const ticket = (await knex('tickets').where({ ticket_number: ticketNumber }).first('id', 'park_id', 'use_date')) as
    | { id: string; parkId: number; useDate: string }
    | undefined;
  if (!ticket) throw new DomainError('ticketNumberUnknown');
  await assertScanner(knex, input.staffUserId, ticket.parkId);
  if (ticket.useDate !== tokyoDate(input.scannedAt)) throw new DomainError('ticketWrongDay');
  return { ticketId: ticket.id, parkId: ticket.parkId, jti: null, revokedBy: false, notBefore: null };
}

export async function recordScan(knex: Knex, input: ScanInput, now = new Date()): Promise<ScanAnswer> {
  // A member card (an annual pass): its own walk from the pass to the day's visit ticket (recordPassScan.ts).
  const decoded = input.token ? decodeTicketToken(input.token) : null;
  if (input.token && decoded && isPassToken(decoded)) {
    return recordPassScan(knex, input, await passByToken(knex, input.token, input.scannedAt), now);
  }
  if (!input.token && input.ticketNumber && PASS_NUMBER.test(input.ticketNumber)) {
    return recordPassScan(knex, input, await passByNumber(knex, input.ticketNumber, tokyoDate(input.scannedAt)), now);
  }
  const presented = input.token
    ? await byToken(knex, input, input.token)
    : await byNumber(knex, input, input.ticketNumber ?? '');
  const replay = await storedAct(knex, input.scanId);
  if (replay) {
    if (replay.ticketId !== presented.ticketId) throw new DomainError('invalidParam', { field: 'scan_id' });
    return answer(input.scanId, replay.ticketId, replay, replay.direction);
  }
  checkActTime(input.scannedAt, now);

  return knex.transaction(async (trx) => {
    const ticket = (await trx('tickets')
      .where({ id: presented.ticketId, park_id: presented.parkId })
      .forUpdate()
      .first('id', 'state', 'used_at', 'user_id', 'created_at')) as
      | { id: string; state: string; usedAt: Date | null; userId: number; createdAt: Date }
      | undefined;
    if (!ticket) throw new DomainError('ticketTokenInvalid');
    const again = await storedAct(trx, input.scanId);
    if (again) return answer(input.scanId, again.ticketId, again, again.direction);
    const outcome = await recordAct(trx, ticket, {
      clientId: input.scanId,
      ticketId: ticket.id,
      source: 'scan',
      direction: input.direction ?? 'in',
      actedAt: input.scannedAt,
      receivedAt: now,
      notBefore: presented.notBefore ?? new Date(ticket.createdAt),
      revoked: presented.revokedBy || CANCELLED.includes(ticket.state),
      deviceId: input.deviceId ?? null,
      gateName: input.gateName ?? null,
      jti: presented.jti,
      userId: ticket.userId,
      staffUserId: input.staffUserId,
      waitsForAnswer: input.confirm === true,
    });
    return answer(input.scanId, ticket.id, outcome, input.direction ?? 'in');
  });
}
