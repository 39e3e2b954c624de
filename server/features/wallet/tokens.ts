// Ticket tokens (table ticket_tokens). A ticket has at most one live token (unique index on ticket_id where
// revoked_at is null): tokens are issued lazily, when a wallet or ticket is read, by an INSERT ... ON CONFLICT
// DO NOTHING, so two readers at once still give one token. A change of holder (share received), a cancellation
// or a key retirement revokes the live token; the next read issues a new one.
import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import {
  encodePayload,
  endOfTokyoDay,
  joinToken,
  type TicketTokenPayload,
  TOKEN_VERSION,
} from '../../../common/rules/ticketToken';
import { signBytes, signingKey } from './keys';

type Db = Knex | Knex.Transaction;

export interface TokenFacts {
  id: string;
  parkId: number;
  itemId: number;
  useDate: string;
  time: string | null;
}

/** Issues a token for each ticket that has no live one; answers ticket id -> live token. */
export async function ensureTokens(
  db: Db,
  appSecret: string,
  tickets: readonly TokenFacts[],
): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  if (tickets.length === 0) return out;
  const ids = tickets.map((t) => t.id);
  const live = (await db('ticket_tokens')
    .whereIn('ticket_id', ids)
    .whereNull('revoked_at')
    .select('ticket_id', 'token')) as {
    ticketId: string;
    token: string;
  }[];
  for (const r of live) out.set(r.ticketId, r.token);
  const missing = tickets.filter((t) => !out.has(t.id));
  if (missing.length === 0) return out;
  const keyByPark = new Map<number, Awaited<ReturnType<typeof signingKey>>>();
  const rows: Record<string, unknown>[] = [];
  for (const t of missing) {
    let key = keyByPark.get(t.parkId);
    if (!key) {
      key = await signingKey(db, t.parkId, appSecret);
      keyByPark.set(t.parkId, key);
    }
    const payload: TicketTokenPayload = {
      v: TOKEN_VERSION,
      kid: key.kid,
      jti: randomUUID(),
      tid: t.id,
      park: t.parkId,
      item: t.itemId,
      date: t.useDate,
      slot: t.time,
      exp: endOfTokyoDay(t.useDate),
    };
    const bytes = encodePayload(payload);
    rows.push({
      jti: payload.jti,
      ticket_id: t.id,
      park_id: t.parkId,
      kid: key.kid,
      token: joinToken(bytes, signBytes(key, appSecret, bytes)),
      expires_at: new Date(payload.exp * 1000),
    });
  }
  const values = rows.map(() => '(?, ?, ?, ?, ?, ?)').join(', ');
  await db.raw(
    `INSERT INTO ticket_tokens (jti, ticket_id, park_id, kid, token, expires_at) VALUES ${values}
     ON CONFLICT (ticket_id) WHERE revoked_at IS NULL DO NOTHING`,
    rows.flatMap((r) => [r.jti, r.ticket_id, r.park_id, r.kid, r.token, r.expires_at]) as Knex.RawBinding[],
  );
  const issued = (await db('ticket_tokens')
    .whereIn(
      'ticket_id',
      missing.map((t) => t.id),
    )
    .whereNull('revoked_at')
    .select('ticket_id', 'token')) as { ticketId: string; token: string }[];
  for (const r of issued) out.set(r.ticketId, r.token);
  return out;
}

/** Revokes the live tokens of these tickets (they go onto the park's revocation list). */
export async function revokeTokens(
  trx: Db,
  ticketIds: readonly string[],
  reason: 'shared' | 'cancelled' | 'changed' | 'rotated',
  now = new Date(),
): Promise<number> {
  if (ticketIds.length === 0) return 0;
  return trx('ticket_tokens')
    .whereIn('ticket_id', ticketIds)
    .whereNull('revoked_at')
    .update({ revoked_at: now, revoke_reason: reason });
}

/** Revoked, not yet expired token ids of a park since a moment (staff devices sync this list). */
export async function listRevocations(db: Db, parkId: number, since: Date | null, now = new Date()) {
  const q = db('ticket_tokens')
    .where({ park_id: parkId })
    .whereNotNull('revoked_at')
    .where('expires_at', '>', now)
    .orderBy('revoked_at')
    .limit(10_000)
    .select('jti', 'revoked_at');
  if (since) q.where('revoked_at', '>', since);
  const rows = (await q) as { jti: string; revokedAt: Date }[];
  return rows.map((r) => ({ jti: r.jti, revokedAt: new Date(r.revokedAt).toISOString() }));
}
