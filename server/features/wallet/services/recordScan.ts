// POST api/v1/staff/scans: a gate scan, often made offline and uploaded later. Idempotent by scan_id; the scan's
// own time is kept. The token is verified with the same code the staff device runs (common/rules/ticketToken.ts)
// as of the scan's time. The earliest act wins: a scan earlier than the act that marked the ticket takes its
// place (that act becomes a flagged duplicate); a later one is stored as a flagged duplicate for staff review.

import type { Knex } from 'knex';
import type { ScanAnswer } from '../../../../common/dto/wallet';
import { decodeTicketToken, verifyTicketToken } from '../../../../common/rules/ticketToken';
import { tokyoDate } from '../../../../common/time';
import { audit } from '../../../lib/audit';
import { DomainError } from '../../../lib/errors';
import { nodeSignatureCheck } from '../signatureCheck';
import { checkActTime } from './markUsed';

export interface ScanInput {
  staffUserId: number;
  scanId: string;
  token: string;
  scannedAt: Date;
  deviceId?: string | null;
}

async function answerFor(db: Knex | Knex.Transaction, scanId: string): Promise<ScanAnswer | null> {
  const row = await db('ticket_usages as u')
    .join('tickets as t', 't.id', 'u.ticket_id')
    .where('u.client_id', scanId)
    .first('u.ticket_id', 'u.duplicate', 't.used_at');
  if (!row) return null;
  return {
    scanId,
    ticketId: row.ticketId,
    result: row.duplicate ? 'duplicate' : 'accepted',
    usedAt: new Date(row.usedAt).toISOString(),
  };
}

export async function recordScan(knex: Knex, input: ScanInput, now = new Date()): Promise<ScanAnswer> {
  const payload = decodeTicketToken(input.token);
  if (!payload) throw new DomainError('ticketTokenInvalid', 400);
  const staff = await knex('park_staff').where({ user_id: input.staffUserId, park_id: payload.park }).first('user_id');
  if (!staff) throw new DomainError('notParkStaff', 403);
  const replay = await answerFor(knex, input.scanId);
  if (replay) return replay;
  checkActTime(input.scannedAt, now);

  // The presented token must be the one we issued, byte for byte: same token id, ticket, park, key id and text.
  // (A token naming this park, signed with this park's key, but bound to another park's ticket, or re-signed with
  // another key of the park, would otherwise pass the signature check and mark a ticket it is not the token of.)
  const stored = (await knex('ticket_tokens')
    .where({ jti: payload.jti })
    .first('ticket_id', 'park_id', 'kid', 'token', 'revoked_at')) as
    | { ticketId: string; parkId: number; kid: string; token: string; revokedAt: Date | null }
    | undefined;
  if (
    !stored ||
    stored.token !== input.token ||
    stored.parkId !== payload.park ||
    stored.kid !== payload.kid ||
    stored.ticketId !== payload.tid
  ) {
    throw new DomainError('ticketTokenInvalid', 400);
  }
  const keys = (await knex('ticket_signing_keys')
    .where({ park_id: stored.parkId })
    .select('kid', 'park_id', 'public_key', 'retired_at')) as {
    kid: string;
    parkId: number;
    publicKey: string;
    retiredAt: Date | null;
  }[];
  const verdict = verifyTicketToken(input.token, {
    parkId: stored.parkId,
    keys: keys.map((k) => ({ ...k, retiredAt: k.retiredAt ? new Date(k.retiredAt).toISOString() : null })),
    // Revoked before the scan: the gate should have refused it. Revoked after: the scan stands.
    isRevoked: () => stored.revokedAt !== null && new Date(stored.revokedAt) <= input.scannedAt,
    now: input.scannedAt,
    today: tokyoDate(input.scannedAt),
    verifySignature: nodeSignatureCheck,
  });
  if (!verdict.ok) {
    if (verdict.reason === 'revoked') throw new DomainError('ticketTokenRevoked', 409);
    if (verdict.reason === 'wrongDay' || verdict.reason === 'expired') throw new DomainError('ticketWrongDay', 409);
    throw new DomainError('ticketTokenInvalid', 400);
  }

  return knex.transaction(async (trx) => {
    const ticket = await trx('tickets')
      .where({ id: stored.ticketId, park_id: stored.parkId })
      .forUpdate()
      .first('id', 'state', 'used_at', 'user_id');
    if (!ticket) throw new DomainError('ticketTokenInvalid', 400);
    const again = await answerFor(trx, input.scanId);
    if (again) return again;
    if (ticket.state === 'cancelled' || ticket.state === 'cancel_waiting') {
      throw new DomainError('ticketTokenRevoked', 409);
    }
    const usage = {
      client_id: input.scanId,
      ticket_id: ticket.id,
      source: 'scan',
      acted_at: input.scannedAt,
      received_at: now,
      device_id: input.deviceId ?? null,
      staff_user_id: input.staffUserId,
      user_id: ticket.userId,
    };
    let result: ScanAnswer['result'];
    if (ticket.state !== 'used') {
      result = 'accepted';
      await trx('ticket_usages').insert({ ...usage, duplicate: false });
      await trx('tickets')
        .where({ id: ticket.id })
        .update({ state: 'used', used_at: input.scannedAt, updated_at: now });
    } else if (input.scannedAt < new Date(ticket.usedAt)) {
      // This scan happened before the act that marked the ticket: it wins, the other becomes the duplicate.
      result = 'accepted';
      await trx('ticket_usages').where({ ticket_id: ticket.id }).update({ duplicate: true });
      await trx('ticket_usages').insert({ ...usage, duplicate: false });
      await trx('tickets').where({ id: ticket.id }).update({ used_at: input.scannedAt, updated_at: now });
    } else {
      result = 'duplicate';
      await trx('ticket_usages').insert({ ...usage, duplicate: true });
    }
    await audit(trx, {
      entity: 'ticket',
      entityId: ticket.id,
      action: result === 'accepted' ? 'used' : 'scan_duplicate',
      actorUserId: input.staffUserId,
      data: { scanId: input.scanId, scannedAt: input.scannedAt.toISOString(), deviceId: input.deviceId ?? null },
    });
    return (await answerFor(trx, input.scanId)) as ScanAnswer;
  });
}
