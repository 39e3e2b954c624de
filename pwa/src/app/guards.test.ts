import { describe, expect, it } from 'vitest';
import { ROUTES, type RouteDef } from '../../../common/routes';
import { type GuardSession, resolveGuard, runGuards, UnknownGuardError } from './guards';
import { resolveRedirect, runNavigation } from './navigation';

const route = (name: string): RouteDef => {
  const r = ROUTES.find((x) => x.name === name);
  if (!r) throw new Error(name);
  return r;
};
const guest: GuardSession = { loggedIn: false, isChild: undefined };
const parent: GuardSession = { loggedIn: true, isChild: false };
const child: GuardSession = { loggedIn: true, isChild: true };
const ctx = (name: string, session: GuardSession, path = '/x') => ({
  route: route(name),
  params: {},
  url: new URL(`http://localhost${path}`),
  session,
});

describe('route guards', () => {
  it('resolves every guard named in the route table', () => {
    for (const r of ROUTES) for (const g of r.guards ?? []) expect(() => resolveGuard(g)).not.toThrow();
  });

  it('throws on an unknown guard name', () => {
    expect(() => resolveGuard('admin-only')).toThrow(UnknownGuardError);
    const bogus: RouteDef = { name: 'bogus', path: '/bogus', guards: ['auth', 'no-such-guard'] };
    expect(() =>
      runGuards({ route: bogus, params: {}, url: new URL('http://localhost/bogus'), session: parent }),
    ).toThrow(/Unknown route guard: no-such-guard/);
  });

  it('guest pages send signed-in users home', () => {
    expect(runGuards(ctx('forgot-password', parent))).toBe('/');
    expect(runGuards(ctx('forgot-password', guest))).toBeNull();
  });

  it('auth pages send guests to sign-in with a way back', () => {
    expect(runGuards(ctx('me-follows', guest, '/me/follows?tab=parks'))).toBe(
      '/signin?redirect=%2Fme%2Ffollows%3Ftab%3Dparks',
    );
    expect(runGuards(ctx('me-follows', parent))).toBeNull();
  });

  it('auth-parent refuses child accounts and guests', () => {
    expect(runGuards(ctx('me-family-account', child))).toBe('/me');
    expect(runGuards(ctx('me-family-account', guest))).toMatch(/^\/signin/);
    expect(runGuards(ctx('me-family-account', parent))).toBeNull();
  });

  it('child-user-block and unauth-kid keep kids out of ticket detail and the cart', () => {
    expect(runGuards(ctx('my-ticket', child))).toBe('/my-tickets');
    expect(runGuards(ctx('my-ticket', parent))).toBeNull();
    expect(runGuards(ctx('cart', child))).toBe('/my-tickets');
    expect(runGuards(ctx('cart', guest))).toBeNull();
  });
});

describe('navigation pipeline', () => {
  const deps = (session = guest) => {
    const calls: string[] = [];
    return {
      calls,
      deps: {
        loadSession: async () => {
          calls.push('session');
          return session;
        },
        scrollToTop: () => calls.push('scroll'),
      },
    };
  };
  const nav = (
    name: string,
    path: string,
    extra: Partial<{ historyIndex: number; previousRouteName: string }> = {},
  ) => ({
    route: route(name),
    params: {},
    url: new URL(`http://localhost${path}`),
    historyIndex: extra.historyIndex ?? 1,
    previousRouteName: extra.previousRouteName ?? null,
  });

  it('runs session loading, then trailing-slash removal before scroll and redirects', async () => {
    const { calls, deps: d } = deps();
    expect(await runNavigation(nav('find-parks', '/find/parks/?a=1'), d)).toEqual({
      kind: 'redirect',
      to: '/find/parks?a=1',
    });
    expect(calls).toEqual(['session']);
  });

  it('redirects /register/email without an email, and reset-password without email and token', () => {
    expect(
      resolveRedirect({ route: route('register-email'), url: new URL('http://l/register/email'), historyIndex: 1 }),
    ).toBe('/register');
    expect(
      resolveRedirect({
        route: route('register-email'),
        url: new URL('http://l/register/email?email=a@b.jp'),
        historyIndex: 1,
      }),
    ).toBeNull();
    expect(
      resolveRedirect({
        route: route('reset-password'),
        url: new URL('http://l/reset-password?email=a@b.jp'),
        historyIndex: 1,
      }),
    ).toBe('/forgot-password');
  });

  it('sends direct entry to cart steps home', async () => {
    const { deps: d } = deps();
    expect(await runNavigation(nav('cart-payment', '/cart/3/payment', { historyIndex: 0 }), d)).toEqual({
      kind: 'redirect',
      to: '/',
    });
    expect(await runNavigation(nav('cart-payment', '/cart/3/payment', { historyIndex: 2 }), d)).toEqual({
      kind: 'continue',
    });
  });

  it('loads the next page in full when leaving a page-slug page', async () => {
    const { calls, deps: d } = deps();
    expect(await runNavigation(nav('home', '/', { previousRouteName: 'page' }), d)).toEqual({
      kind: 'reload',
      to: '/',
    });
    expect(calls).toEqual([]);
  });

  it('applies route guards after the global steps', async () => {
    const { calls, deps: d } = deps(child);
    expect(await runNavigation(nav('my-ticket', '/my-tickets/ticket/1'), d)).toEqual({
      kind: 'redirect',
      to: '/my-tickets',
    });
    expect(calls).toEqual(['session', 'scroll']);
  });
});
