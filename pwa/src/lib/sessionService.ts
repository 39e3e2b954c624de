// Session actions shared by every feature: start-up loading, sign-in, sign-out, expiry and the 401 flow.

import type { SwitchCartRequest } from '../../../common/dto/cart';
import type { Profile } from '../../../common/dto/user';
import { findRoute } from '../../../common/routes';
import { currentLocale } from './i18n';
import { sanitizeHtml } from './sanitize';
import {
  cleared,
  ensureGuestId,
  expiryDelay,
  guestId,
  removeGuestId,
  STORAGE_KEYS,
  signedIn,
  tokenExpiry,
  userLoaded,
} from './session';
import { showToast } from './toast';

interface Store {
  dispatch(action: unknown): unknown;
  getState(): { session: { user: Profile | null; expiresAt: number | null } };
}

let store: Store | null = null;
let navigate: (to: string) => void = (to) => window.location.assign(to);
let timer: ReturnType<typeof setTimeout> | null = null;
let resetApi: () => void = () => {};
/** When the last 401 was handled (or a sign-out began): 401s within 2 s of it are the same event. */
let lastUnauthorizedAt = 0;

export function bindSession(deps: { store: Store; navigate?: (to: string) => void; resetApi?: () => void }) {
  store = deps.store;
  if (deps.navigate) navigate = deps.navigate;
  if (deps.resetApi) resetApi = deps.resetApi;
}

const headers = () => ({
  Accept: 'application/json',
  'Content-Type': 'application/json',
  'Accept-Language': currentLocale(),
});

async function postToken(body: { access_token: string | null; expires_in: number }) {
  return fetch('/api/access-token', {
    method: 'POST',
    credentials: 'same-origin',
    headers: headers(),
    body: JSON.stringify(body),
  });
}

function armTimer(expiresAt: number) {
  if (timer) clearTimeout(timer);
  timer = null;
  const delay = expiryDelay(expiresAt);
  if (delay !== null) timer = setTimeout(() => void expire(), delay);
}

async function fetchProfile(): Promise<Profile | null> {
  const res = await fetch('/api/v1/me', { credentials: 'same-origin', headers: headers() });
  if (!res.ok) return null;
  return ((await res.json()) as { data: Profile }).data;
}

/** How long a sign-out waits for the acts not yet sent (a gate's admissions, usage marks) to reach the server. */
const SIGN_OUT_FLUSH_MS = 3000;

/** The device's stored data and its outbox, loaded when an account signs in or out (deviceData.ts). */
const deviceData = () => import('./deviceData');

/** The device's stored data now belongs to `userId` (null: nobody), wiped first when it was another account's. */
async function bindDevice(userId: number | null): Promise<void> {
  await (await deviceData()).bindDevice(userId);
}

async function profileLoaded(user: Profile): Promise<void> {
  await bindDevice(user.id);
  store?.dispatch(userLoaded(user));
}

/** Clears the session locally and on the server (the cookie is http-only: only the server can drop it). */
export async function clearSession(): Promise<void> {
  if (timer) clearTimeout(timer);
  timer = null;
  // The cookie goes first: the queries the reset refetches must go out signed out, not with the old token.
  await postToken({ access_token: null, expires_in: -1 }).catch(() => undefined);
  store?.dispatch(cleared());
  resetApi();
  ensureGuestId();
}

async function expire() {
  await clearSession();
}

/**
 * Runs on every navigation: signed in when the token cookie exists; expired on load means logout through the
 * server; not signed in keeps a guest uuid; signed in without a loaded user fetches the profile and then drops
 * the guest uuid (a failed fetch is ignored); with a loaded user only the expiry timer is set.
 */
export async function loadSession(): Promise<{ loggedIn: boolean; isChild: boolean | undefined }> {
  const state = store?.getState().session;
  const expiresAt = tokenExpiry();
  if (expiresAt === null) {
    if (state?.user) store?.dispatch(cleared());
    ensureGuestId();
    return { loggedIn: false, isChild: undefined };
  }
  if (expiresAt * 1000 <= Date.now()) {
    await clearSession();
    return { loggedIn: false, isChild: undefined };
  }
  if (state?.expiresAt !== expiresAt) store?.dispatch(signedIn(expiresAt));
  let user = state?.user ?? null;
  if (!user) {
    user = await fetchProfile().catch(() => null);
    if (user) {
      await profileLoaded(user);
      removeGuestId();
    }
  }
  armTimer(expiresAt);
  return { loggedIn: true, isChild: user ? user.child_flag === 1 : undefined };
}

/**
 * After a successful sign-in (e-mail, social, switch): the token goes into the cookie, the guest cart is moved
 * to the account, the guest uuid is removed once the server has answered the move, and the profile is loaded.
 */
export async function completeSignIn(token: { access_token: string; expires_in: number }): Promise<Profile | null> {
  const res = await postToken(token);
  if (!res.ok) throw new Error(`access-token ${res.status}`);
  resetApi();
  const guest = guestId();
  if (guest) {
    const moved = await fetch('/api/v1/carts/switch', {
      method: 'PUT',
      credentials: 'same-origin',
      headers: headers(),
      body: JSON.stringify({ guest_user_id: guest } satisfies SwitchCartRequest),
    }).catch(() => null);
    if (moved?.status === 400) {
      const body = (await moved.json().catch(() => null)) as { meta?: { message?: string } } | null;
      if (body?.meta?.message) showToast({ html: sanitizeHtml(body.meta.message), kind: 'error' });
    }
    // A network failure or a server error keeps the guest id (and so the guest's holds) for the next sign-in.
    if (moved && (moved.ok || moved.status === 400)) removeGuestId();
  }
  const expiresAt = tokenExpiry() ?? Math.floor(Date.now() / 1000) + token.expires_in;
  store?.dispatch(signedIn(expiresAt));
  armTimer(expiresAt);
  const user = await fetchProfile().catch(() => null);
  if (user) await profileLoaded(user);
  return user;
}

/** Reload the profile after a change (language, account information, icon). */
export async function refreshProfile(): Promise<void> {
  const user = await fetchProfile().catch(() => null);
  if (user) store?.dispatch(userLoaded(user));
}

/**
 * This device's push subscription endpoint, if any (sign-out removes it on the server). Here rather than in push.ts:
 * signing out is on every page, the push offers are not.
 */
async function currentPushEndpoint(): Promise<string | null> {
  if (!('serviceWorker' in navigator) || !('PushManager' in window)) return null;
  const registration = await navigator.serviceWorker.getRegistration();
  return (await registration?.pushManager.getSubscription())?.endpoint ?? null;
}

/** Signs out on the server, which also forgets this device's push subscription (no pushes for the next user). */
export async function signOut(): Promise<void> {
  // Acts not yet sent go now, as this account; offline (or past the budget) they stay and go at its next sign-in.
  if (navigator.onLine) {
    await Promise.race([
      (async () => (await deviceData()).sendOutbox())().catch(() => undefined),
      new Promise((resolve) => setTimeout(resolve, SIGN_OUT_FLUSH_MS)),
    ]);
  }
  const pushEndpoint = await currentPushEndpoint().catch(() => null);
  await fetch('/api/v1/auth/logout', {
    method: 'POST',
    credentials: 'same-origin',
    headers: headers(),
    body: JSON.stringify(pushEndpoint ? { push_endpoint: pushEndpoint } : {}),
  }).catch(() => null);
  // The open page's queries refetch signed out and may answer 401: that is this sign-out, not a lost session,
  // so the caller's navigation wins over the sign-in redirect.
  lastUnauthorizedAt = Date.now();
  await clearSession();
  await bindDevice(null);
}

/**
 * HTTP 401 anywhere: clear the session and user. On story pages go to /user-registration; otherwise remember the
 * current route name and id and go to sign-in; an item detail with link_id comes back to its full path.
 */
export async function handleUnauthorized(location: Location = window.location): Promise<void> {
  // Clearing the session refetches open queries, which answer 401 again: handle the first one only, and never
  // remember the sign-in or registration pages as the way back.
  if (Date.now() - lastUnauthorizedAt < 2000) return;
  const path = location.pathname;
  if (path.startsWith('/signin') || path.startsWith('/register') || path === '/user-registration') return;
  lastUnauthorizedAt = Date.now();
  await clearSession();
  if (path.includes('/story') || path.includes('stories')) {
    navigate('/user-registration');
    return;
  }
  const match = findRoute(path);
  if (match) {
    sessionStorage.setItem(
      STORAGE_KEYS.returnRoute,
      JSON.stringify({ name: match.route.name, id: match.params.id ?? null }),
    );
  }
  const params = new URLSearchParams(location.search);
  const full = path + location.search;
  if (match?.route.name === 'item' && params.get('link_id')) {
    navigate(`/signin?redirect=${encodeURIComponent(full)}`);
    return;
  }
  sessionStorage.setItem(STORAGE_KEYS.returnUrl, full);
  navigate('/signin');
}
