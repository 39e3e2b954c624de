// The client session (spec section 4): signed in while the token cookie exists, an expiry timer,
// the guest uuid lifecycle, and the cart hand-over on login.
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Profile } from '../../../common/dto/user';
import { readCookie } from './locale';

export const STORAGE_KEYS = {
  guestUserId: 'guest_user_id',
  socialUserId: 'social_user_id',
  redirectUrl: 'redirect_url',
  returnUrl: 'return_url',
  returnRoute: 'return_route',
} as const;

/** The readable companion of the http-only token cookie: holds the expiry (unix seconds). */
export const EXPIRY_COOKIE = 'access_token_expires_at';
/** setTimeout's largest delay (about 24.8 days): longer sessions get no timer. */
export const MAX_TIMER_MS = 2_147_483_647;

export interface SessionState {
  user: Profile | null;
  /** Unix seconds when the token expires; null when signed out. */
  expiresAt: number | null;
}

const initialState: SessionState = { user: null, expiresAt: null };

export const sessionSlice = createSlice({
  name: 'session',
  initialState,
  reducers: {
    userLoaded(state, action: PayloadAction<Profile>) {
      state.user = action.payload;
    },
    signedIn(state, action: PayloadAction<number>) {
      state.expiresAt = action.payload;
    },
    cleared() {
      return initialState;
    },
  },
});

export const { userLoaded, signedIn, cleared } = sessionSlice.actions;

/** Token expiry from the cookie, or null when there is no session cookie. */
export function tokenExpiry(cookies?: string): number | null {
  const value = readCookie(EXPIRY_COOKIE, cookies);
  return value && /^\d+$/.test(value) ? Number(value) : null;
}

/** Not logged in: a guest uuid is created and kept in storage. */
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

export function removeGuestId(): void {
  localStorage.removeItem(STORAGE_KEYS.guestUserId);
}

/** Delay until expiry in ms, or null when it cannot be timed (already past, or beyond setTimeout's range). */
export function expiryDelay(expiresAt: number, now = Date.now()): number | null {
  const delay = expiresAt * 1000 - now;
  if (delay <= 0 || delay >= MAX_TIMER_MS) return null;
  return delay;
}
