// Whose cart a request works on: the signed-in user's, else the guest's named by the `x-guest-user-id` header
// (the uuid the PWA keeps while signed out). A custom header cannot be sent cross-site without a CORS preflight,
// so guest writes need no other CSRF check; cookie-signed-in writes are checked by the auth plugin.
import type { Request } from '@hapi/hapi';
import type { Knex } from 'knex';
import { GUEST_HEADER } from '../../../common/dto/cart';
import { DomainError } from '../../lib/errors';
import type { AuthCredentials } from '../../plugins/auth';

export interface CartOwner {
  /** 'u:<user id>' or 'g:<guest uuid>' */
  key: string;
  userId: number | null;
  guestUserId: string | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function isGuestId(value: unknown): value is string {
  return typeof value === 'string' && UUID.test(value.toLowerCase());
}

export const userOwner = (userId: number): CartOwner => ({ key: `u:${userId}`, userId, guestUserId: null });
export const guestOwner = (guestUserId: string): CartOwner => {
  const id = guestUserId.toLowerCase();
  return { key: `g:${id}`, userId: null, guestUserId: id };
};

/** The caller's cart owner; a 400 when the caller is neither signed in nor sends a guest id. */
export function cartOwner(request: Pick<Request, 'auth' | 'headers'>): CartOwner {
  const credentials = request.auth.credentials as AuthCredentials | null;
  if (credentials?.userId) return userOwner(credentials.userId);
  const guest = request.headers[GUEST_HEADER];
  if (isGuestId(guest)) return guestOwner(guest);
  throw new DomainError('guestIdRequired');
}

/**
 * The phone rule (SPEC section 5: a telephone number is required to add a ticket) for a signed-in owner. A kids
 * account counts its parent's number. Guests are not asked: their cart moves to an account only through
 * `PUT /api/v1/carts/switch`, which applies the same rule.
 */
export async function assertPhoneRegistered(db: Knex | Knex.Transaction, owner: CartOwner): Promise<void> {
  if (owner.userId === null) return;
  const row = (await db('users as u')
    .leftJoin('users as p', 'p.id', 'u.parent_id')
    .where('u.id', owner.userId)
    .first({ own: 'u.telephone', parent: 'p.telephone' })) as { own: string | null; parent: string | null } | undefined;
  const phone = row?.own?.trim() || row?.parent?.trim();
  if (!phone) throw new DomainError('phoneRequired');
}
