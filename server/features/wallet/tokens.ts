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
  PASS_TOKEN_VERSION,
  type TicketTokenPayload,
  TOKEN_VERSION,
} from '../../../common/rules/ticketToken';
import { signBytes, signingKey } from './keys';

type Db = Knex | Knex.Transaction;

export interface TokenFacts {
  id: string;
  parkId: number;
  itemId: number;
  /** A ticket's day of use; a pass's term: its last day. */
  useDate: string;
  time: string | null;
  /** A member card (an annual pass's term ticket): token version 3 with the term's first day (null: first entry). */
  pass?: { validFrom: string | null };
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
      v: t.pass ? PASS_TOKEN_VERSION : TOKEN_VERSION,
      kid: key.kid,
      jti: randomUUID(),
      tid: t.id,
      park: t.parkId,
      item: t.itemId,
      date: t.useDate,
      slot: t.pass ? null : t.time,
      ...(t.pass ? { from: t.pass.validFrom } : {}),
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

/** Class id of the per-park revocation lock (pg_advisory_xact_lock(class, park id)). */
const REVOCATION_LOCK = 20_261_125;

export type RevokeReason = 'shared' | 'cancelled' | 'changed' | 'rotated' | 'reissued';

/**
 * Revokes the live tokens the filter picks (they go onto their parks' revocation lists). The one writer of
 * `revoked_at`: each revocation gets the next number of `ticket_revocation_seq` while its transaction holds the
 * park's revocation lock (taken in park order, held until commit), so within a park the numbers become visible in
 * the order they were given. A device that has everything up to number n misses nothing by asking for "after n".
 */
export async function revokeTokensWhere(
  db: Db,
  filter: (q: Knex.QueryBuilder) => Knex.QueryBuilder,
  reason: RevokeReason,
  now = new Date(),
): Promise<number> {
  const run = async (trx: Knex.Transaction) => {
    const parks = (await filter(trx('ticket_tokens').whereNull('revoked_at'))
      .distinct('park_id')
      .orderBy('park_id')
      .pluck('park_id')) as number[];
    if (parks.length === 0) return 0;
    for (const park of parks) await trx.raw('SELECT pg_advisory_xact_lock(?::int, ?::int)', [REVOCATION_LOCK, park]);
    return filter(trx('ticket_tokens').whereNull('revoked_at'))
      .whereIn('park_id', parks)
      .update({ revoked_at: now, revoke_reason: reason, revoke_seq: trx.raw("nextval('ticket_revocation_seq')") });
  };
  return (db as Knex.Transaction).isTransaction ? run(db as Knex.Transaction) : (db as Knex).transaction(run);
}

/** Revokes the live tokens of these tickets. */
export async function revokeTokens(
  db: Db,
  ticketIds: readonly string[],
  reason: RevokeReason,
  now = new Date(),
): Promise<number> {
  if (ticketIds.length === 0) return 0;
  return revokeTokensWhere(db, (q) => q.whereIn('ticket_id', ticketIds), reason, now);
}

export const REVOCATION_PAGE_MAX = 5000;

export interface RevocationPage {
  revoked: { jti: string; revokedAt: string; seq: number }[];
  /** The cursor to ask from next: the last number delivered, or the park's newest when nothing more is to come. */
  next: number;
  more: boolean;
}

/**
 * Revocations of a park numbered after `after`, oldest first, up to `limit`; tokens already expired are left out
 * (a gate refuses them anyway). One statement, so the page and the park's newest number come from one snapshot.
 */
export async function listRevocations(
  db: Db,
  parkId: number,
  after: number,
  limit: number,
  now = new Date(),
): Promise<RevocationPage> {
  const { rows } = (await db.raw(
    `SELECT top.newest, r.jti, r.revoked_at, r.seq
       FROM (SELECT coalesce(max(revoke_seq), 0)::float8 AS newest
               FROM ticket_tokens WHERE park_id = ? AND revoke_seq IS NOT NULL) top
       LEFT JOIN LATERAL (
         SELECT jti, revoked_at, revoke_seq::float8 AS seq FROM ticket_tokens
          WHERE park_id = ? AND revoke_seq > ? AND expires_at > ?
          ORDER BY revoke_seq LIMIT ?) r ON true
      ORDER BY r.seq`,
    [parkId, parkId, after, now, limit + 1],
  )) as { rows: { newest: number; jti: string | null; revoked_at: Date | null; seq: number | null }[] };
  const found = rows.filter((r) => r.jti !== null);
  const more = found.length > limit;
  const page = found.slice(0, limit);
  const newest = Number(rows[0]?.newest ?? 0);
  return {
    revoked: page.map((r) => ({
      jti: r.jti as string,
      revokedAt: new Date(r.revoked_at as Date).toISOString(),
      seq: Number(r.seq),
    })),
    next: more ? Number(page.at(-1)?.seq) : Math.max(after, newest),
    more,
  };
}
