// Client session storage keys (spec section 3) and the guest identity.
export const STORAGE_KEYS = {
  guestUserId: 'guest_user_id',
  redirectUrl: 'redirect_url',
  returnUrl: 'return_url',
} as const;

/** Not logged in: a guest uuid is created and kept in storage (spec section 4). */
export function ensureGuestId(): string {
  let id = localStorage.getItem(STORAGE_KEYS.guestUserId);
  if (!id) {
    id = crypto.randomUUID();
    localStorage.setItem(STORAGE_KEYS.guestUserId, id);
  }
  return id;
}

export function guestId(): string | null {
  return localStorage.getItem(STORAGE_KEYS.guestUserId);
}
