// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { sanitizeHtml } from './sanitize';
import { ensureGuestId, expiryDelay, guestId, MAX_TIMER_MS, removeGuestId, tokenExpiry } from './session';
import { bindSession, handleUnauthorized, loadSession } from './sessionService';

describe('session cookie and timer', () => {
  it('reads the expiry from the readable companion cookie', () => {
    expect(tokenExpiry('locale=ja; access_token_expires_at=1800000000')).toBe(1800000000);
    expect(tokenExpiry('locale=ja')).toBeNull();
    expect(tokenExpiry('access_token_expires_at=abc')).toBeNull();
  });

  it('arms a timer only below 2147483647 ms', () => {
    const now = 1_000_000_000_000;
    expect(expiryDelay(now / 1000 + 60, now)).toBe(60_000);
    expect(expiryDelay(now / 1000 - 1, now)).toBeNull();
    expect(expiryDelay((now + MAX_TIMER_MS) / 1000, now)).toBeNull();
    expect(expiryDelay((now + MAX_TIMER_MS - 1000) / 1000, now)).toBe(MAX_TIMER_MS - 1000);
  });

  it('keeps one guest uuid until it is removed', () => {
    removeGuestId();
    const id = ensureGuestId();
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(ensureGuestId()).toBe(id);
    removeGuestId();
    expect(guestId()).toBeNull();
  });
});

describe('401 flow and start-up', () => {
  const navigate = vi.fn();
  let clock = Date.now();
  const dispatch = vi.fn();
  beforeEach(() => {
    // The 401 flow runs once per burst of failed calls: let its guard lapse between tests.
    clock += 10_000;
    vi.useFakeTimers({ toFake: ['Date'], now: clock });
    navigate.mockReset();
    dispatch.mockReset();
    sessionStorage.clear();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(null, { status: 204 })),
    );
    bindSession({ store: { dispatch, getState: () => ({ session: { user: null, expiresAt: null } }) }, navigate });
  });

  it('sends story readers to /user-registration', async () => {
    await handleUnauthorized({ pathname: '/story/12', search: '' } as Location);
    expect(navigate).toHaveBeenCalledWith('/user-registration');
  });

  it('remembers the route name and id, then goes to sign-in', async () => {
    await handleUnauthorized({ pathname: '/my-tickets/ticket/7', search: '' } as Location);
    expect(JSON.parse(sessionStorage.getItem('return_route') ?? '{}')).toEqual({ name: 'my-ticket', id: '7' });
    expect(navigate).toHaveBeenCalledWith('/signin');
  });

  it('brings an item detail with link_id back to its full path', async () => {
    await handleUnauthorized({ pathname: '/items/5', search: '?link_id=abc' } as Location);
    expect(navigate).toHaveBeenCalledWith(`/signin?redirect=${encodeURIComponent('/items/5?link_id=abc')}`);
  });

  it('treats a missing token cookie as a guest with a uuid', async () => {
    removeGuestId();
    const session = await loadSession();
    expect(session).toEqual({ loggedIn: false, isChild: undefined });
    expect(guestId()).not.toBeNull();
  });

  it('logs out through the server when the cookie says the token expired', async () => {
    // biome-ignore lint/suspicious/noDocumentCookie: test setup
    document.cookie = `access_token_expires_at=${Math.floor(Date.now() / 1000) - 10}; path=/`;
    const session = await loadSession();
    expect(session.loggedIn).toBe(false);
    const calls = (fetch as unknown as { mock: { calls: [string, RequestInit][] } }).mock.calls;
    const logout = calls.find(([url]) => url === '/api/access-token');
    expect(JSON.parse(String(logout?.[1].body))).toEqual({ access_token: null, expires_in: -1 });
    // biome-ignore lint/suspicious/noDocumentCookie: test cleanup
    document.cookie = 'access_token_expires_at=; max-age=0; path=/';
  });
});

describe('sanitising server HTML', () => {
  it('keeps simple formatting and drops scripts, handlers and links', () => {
    expect(sanitizeHtml('<b>在庫</b>が<br>不足')).toBe('<b>在庫</b>が<br>不足');
    expect(sanitizeHtml('<img src=x onerror=alert(1)>x')).toBe('x');
    expect(sanitizeHtml('<b onclick="alert(1)">ok</b><script>alert(1)</script>')).toBe('<b>ok</b>alert(1)');
    expect(sanitizeHtml('<a href="javascript:alert(1)">link</a>')).toBe('link');
  });
});
