import { describe, expect, it } from 'vitest';
import { findRoute, GUARDS, LAYOUTS, ROUTES, stripTrailingSlash } from './routes';

describe('route table', () => {
  it('holds every route of the spec once, with known layouts and guards', () => {
    const paths = ROUTES.map((r) => r.path);
    expect(new Set(paths).size).toBe(paths.length);
    expect(new Set(ROUTES.map((r) => r.name)).size).toBe(ROUTES.length);
    // The spec's 69, plus My Tickets' lottery and waitlist pages, plus the staff area's scan and review pages,
    // plus the back office's finance pages (orders, one order, the daily report), its stock page, its catalogue,
    // park profile, map editor and audit trail, its annual pass products, and the two-factor sign-in setting, plus an
    // annual pass's member card, visits and renewal, plus the back office's pass holders (list, one holder).
    // Plus the group visit pages (6: with its card payment), konbini's slip page, the waiting room's queue page and its back office page.
    // Plus konbini refunds by bank transfer: the visitor's account page and the back office's list of transfers.
    expect(ROUTES.length).toBe(106);
    for (const r of ROUTES) {
      if (r.layout) expect(LAYOUTS).toContain(r.layout);
      for (const g of r.guards ?? []) expect(GUARDS).toContain(g);
    }
  });

  it('assigns the spec layouts and guards', () => {
    const byPath = (p: string) => ROUTES.find((r) => r.path === p);
    expect(byPath('/:provider/callback')).toMatchObject({ layout: 'empty', guards: ['guest'] });
    expect(byPath('/my-tickets')?.layout).toBe('map');
    expect(byPath('/maps/:parkId/route')?.layout).toBe('map');
    expect(byPath('/forgot-password')).toMatchObject({ layout: 'auth', guards: ['guest'] });
    expect(byPath('/me/settings/family-account')?.guards).toEqual(['auth-parent']);
    expect(byPath('/my-tickets/ticket/:id')?.guards).toEqual(['child-user-block']);
    // A kids account shows its own member card; only the owner (a parent) renews.
    expect(byPath('/my-tickets/pass/:passId')?.guards).toBeUndefined();
    expect(byPath('/my-tickets/pass/:passId/renew')?.guards).toEqual(['auth-parent']);
    expect(byPath('/cart')?.guards).toEqual(['unauth-kid']);
    expect(byPath('/email/verify/:token')?.layout).toBe('empty');
  });

  it('prefers static segments over parameters', () => {
    expect(findRoute('/register/email')?.route.name).toBe('register-email');
    expect(findRoute('/register/line')?.route).toMatchObject({ name: 'register-provider' });
    expect(findRoute('/register/line')?.params).toEqual({ provider: 'line' });
    expect(findRoute('/my-tickets/ticket/share')?.route.name).toBe('my-ticket-share');
    expect(findRoute('/my-tickets/ticket/42')?.params).toEqual({ id: '42' });
    expect(findRoute('/google/callback')?.route.name).toBe('social-callback');
    expect(findRoute('/profile/park/3')?.route.name).toBe('profile-park');
    expect(findRoute('/nowhere/at/all')).toBeNull();
  });

  it('strips trailing slashes except on the root', () => {
    expect(stripTrailingSlash('/')).toBeNull();
    expect(stripTrailingSlash('/find/parks')).toBeNull();
    expect(stripTrailingSlash('/find/parks/')).toBe('/find/parks');
    expect(stripTrailingSlash('/find/parks///')).toBe('/find/parks');
    expect(stripTrailingSlash('//')).toBe('/');
  });
});
