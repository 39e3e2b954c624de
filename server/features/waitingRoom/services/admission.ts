// Admission: a short-lived token signed with a key derived from APP_SECRET, bound to the room's item and the
// place's holder (account or guest), single use (the place keeps the token's id and its use). The cart asks for it
// to add the item while the item's waiting room is active (admissionFor), and the add spends it in its own statement.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Knex } from 'knex';
import { DomainError } from '../../../lib/errors';
import { frontier, isActive } from '../frontier';
import { cachedRoom, roomOpenedIfDue } from '../store';

interface Claims {
  /** item id */
  i: number;
  /** holder key */
  h: string;
  /** token id */
  j: string;
  /** expiry, ms since epoch */
  e: number;
}

const keyOf = (appSecret: string) => createHmac('sha256', appSecret).update('waiting-room-admission').digest();
const sign = (appSecret: string, body: string) => createHmac('sha256', keyOf(appSecret)).update(body).digest();

function encode(appSecret: string, claims: Claims): string {
  const body = Buffer.from(JSON.stringify(claims)).toString('base64url');
  return `${body}.${sign(appSecret, body).toString('base64url')}`;
}

function decode(appSecret: string, token: string): Claims | null {
  const [body, mac] = token.split('.');
  if (!body || !mac) return null;
  const given = Buffer.from(mac, 'base64url');
  const want = sign(appSecret, body);
  if (given.length !== want.length || !timingSafeEqual(given, want)) return null;
  try {
    return JSON.parse(Buffer.from(body, 'base64url').toString()) as Claims;
  } catch {
    return null;
  }
}

/** The caller's admission token, once the queue's frontier has reached its place; a new one replaces the last. */
export async function issueAdmission(
  knex: Knex,
  appSecret: string,
  itemId: number,
  holderKey: string,
  now: Date,
): Promise<{ token: string; expiresAt: Date }> {
  const room = await roomOpenedIfDue(knex, itemId, now);
  if (!room || !isActive(room, now)) throw new DomainError('waitingRoomNotActive');
  const place = (await knex('waiting_room_places')
    .where({ room_id: room.id, holder_key: holderKey })
    .first('id', 'position', 'token_used_at')) as
    | { id: number; position: number | null; tokenUsedAt: Date | null }
    | undefined;
  if (!place) throw new DomainError('waitingRoomNoPlace');
  if (place.tokenUsedAt) throw new DomainError('waitingRoomAdmissionUsed');
  if (place.position === null || place.position > frontier(room, now)) throw new DomainError('waitingRoomNotYet');
  const jti = randomBytes(12).toString('hex');
  const expiresAt = new Date(now.getTime() + room.tokenMinutes * 60_000);
  const updated = await knex('waiting_room_places')
    .where({ id: place.id })
    .whereNull('token_used_at')
    .update({ token_jti: jti });
  if (updated === 0) throw new DomainError('waitingRoomAdmissionUsed');
  return { token: encode(appSecret, { i: itemId, h: holderKey, j: jti, e: expiresAt.getTime() }), expiresAt };
}

/** An admission to spend: the place it belongs to and the token's id. Spent by the add that uses it, in the add's
 *  own statement (sql/spend_admission.sql), so the spend and the line commit together. */
export interface Admission {
  roomId: number;
  holderKey: string;
  jti: string;
  /** When it is spent (the request's time). */
  at: Date;
}

/**
 * The admission the cart's add of `itemId` must spend, or null when the item has no active waiting room. With one,
 * the token must be ours, for this item and this holder, and unexpired; whether it is still unused is decided when
 * the add spends it (zoo_spend_admission: two tabs racing with one token get one add).
 */
export async function admissionFor(
  knex: Knex,
  appSecret: string,
  itemId: number | undefined,
  holderKey: string,
  token: string | undefined,
  now: Date,
): Promise<Admission | null> {
  if (itemId === undefined) return null;
  // Every add of every item asks: the room as read within the last second (store.ts, shared with the status poll),
  // not a query per add. A room set up or opened by the high-demand sweep is asked for within that second.
  const room = (await cachedRoom(knex, itemId, now))?.room;
  if (!room || !isActive(room, now)) return null;
  const claims = token ? decode(appSecret, token) : null;
  if (!claims) throw new DomainError('waitingRoomAdmissionRequired');
  if (claims.i !== itemId || claims.h !== holderKey) throw new DomainError('waitingRoomAdmissionNotYours');
  if (claims.e <= now.getTime()) throw new DomainError('waitingRoomAdmissionExpired');
  return { roomId: room.id, holderKey, jti: claims.j, at: now };
}

/** Spends `admission` in the caller's transaction (an add that is not zoo_add_cart_line's: an annual pass's line). */
export async function spendAdmission(trx: Knex.Transaction, admission: Admission): Promise<void> {
  try {
    await trx.raw('SELECT zoo_spend_admission(?::jsonb)', [JSON.stringify(admission)]);
  } catch (err) {
    if ((err as { message?: string }).message?.includes('waitingRoomAdmissionUsed')) {
      throw new DomainError('waitingRoomAdmissionUsed');
    }
    throw err;
  }
}
