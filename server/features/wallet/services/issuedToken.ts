// The token a gate presents must be the one we issued, byte for byte: same token id, ticket, park, key id and text.
// (A token naming this park, signed with this park's key, but bound to another park's ticket, or re-signed with
// another key of the park, would otherwise pass the signature check and mark a ticket it is not the token of.)
// Shared by the ticket scan (recordScan.ts) and the member card scan (recordPassScan.ts).
import type { Knex } from 'knex';
import { decodeTicketToken, type TicketTokenPayload, type VerifyContext } from '../../../../common/rules/ticketToken';
import { DomainError } from '../../../lib/errors';

export interface IssuedToken {
  ticketId: string;
  parkId: number;
  kid: string;
  token: string;
  revokedAt: Date | null;
  issuedAt: Date;
}

/** The token's payload, or ticketTokenInvalid when it cannot be read. */
export function decodedOrRefused(token: string): TicketTokenPayload {
  const payload = decodeTicketToken(token);
  if (!payload) throw new DomainError('ticketTokenInvalid');
  return payload;
}

/** The issued token row the presented token is, or ticketTokenInvalid. */
export async function issuedTokenOf(knex: Knex, payload: TicketTokenPayload, token: string): Promise<IssuedToken> {
  const stored = (await knex('ticket_tokens')
    .where({ jti: payload.jti })
    .first('ticket_id', 'park_id', 'kid', 'token', 'revoked_at', 'issued_at')) as IssuedToken | undefined;
  if (
    !stored ||
    stored.token !== token ||
    stored.parkId !== payload.park ||
    stored.kid !== payload.kid ||
    stored.ticketId !== payload.tid
  ) {
    throw new DomainError('ticketTokenInvalid');
  }
  return stored;
}

/** A park's signing keys as the shared verifier takes them (retired ones too: their tokens stay valid). */
export async function parkVerifyKeys(knex: Knex, parkId: number): Promise<VerifyContext['keys']> {
  const keys = (await knex('ticket_signing_keys')
    .where({ park_id: parkId })
    .select('kid', 'park_id', 'public_key', 'retired_at')) as {
    kid: string;
    parkId: number;
    publicKey: string;
    retiredAt: Date | null;
  }[];
  return keys.map((k) => ({ ...k, retiredAt: k.retiredAt ? new Date(k.retiredAt).toISOString() : null }));
}
