// Whose place a request is: 'u:<user id>' signed in, else 'g:<guest uuid>' from x-guest-user-id: the same keys as
// the cart's owner (carts/owner.ts), so the admission binds to the cart it is spent in. Read here rather than
// imported, since the cart calls into this feature.
import type { Request } from '@hapi/hapi';
import { GUEST_HEADER } from '../../../common/dto/cart';
import { DomainError } from '../../lib/errors';
import type { AuthCredentials } from '../../plugins/auth';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function holderOf(request: Pick<Request, 'auth' | 'headers'>): { key: string; signedIn: boolean } | null {
  const credentials = request.auth.credentials as AuthCredentials | null;
  if (credentials?.userId) return { key: `u:${credentials.userId}`, signedIn: true };
  const guest = request.headers[GUEST_HEADER];
  if (typeof guest === 'string' && UUID.test(guest.toLowerCase()))
    return { key: `g:${guest.toLowerCase()}`, signedIn: false };
  return null;
}

export function requiredHolder(request: Pick<Request, 'auth' | 'headers'>) {
  const holder = holderOf(request);
  if (!holder) throw new DomainError('guestIdRequired');
  return holder;
}
