// The spec's route table (SPEC.md section 2): one source for the PWA router and the server.

export const LAYOUTS = ['default', 'empty', 'auth', 'map', 'registration'] as const;
export type Layout = (typeof LAYOUTS)[number];

export const GUARDS = ['guest', 'auth', 'auth-parent', 'child-user-block', 'unauth-kid'] as const;
export type GuardName = (typeof GUARDS)[number];

export interface RouteDef {
  /** Route name: stable id used in session storage after a 401 and in the PWA page registry. */
  name: string;
  path: string;
  layout?: Layout;
  guards?: readonly string[];
  /** Direct entry without browser history redirects to / (cart steps). */
  requiresHistory?: boolean;
  /** Query keys that must be present, else redirect to `redirectTo`. */
  requiredQuery?: readonly string[];
  redirectTo?: string;
}

export const ROUTES: readonly RouteDef[] = [
  { name: 'home', path: '/' },
  { name: 'social-callback', path: '/:provider/callback', layout: 'empty', guards: ['guest'] },
  { name: 'about-us', path: '/about-us', layout: 'default' },
  { name: 'cart', path: '/cart', guards: ['unauth-kid'] },
  { name: 'cart-add-info', path: '/cart/:park/add-info', requiresHistory: true },
  { name: 'cart-payment', path: '/cart/:park/payment', requiresHistory: true },
  { name: 'cart-credit-card', path: '/cart/:park/payment/credit-card', requiresHistory: true },
  { name: 'cart-payment-completed', path: '/cart/:park/payment-completed' },
  { name: 'corporations', path: '/corporations' },
  { name: 'seat-reservation', path: '/custom/seat_reservation' },
  { name: 'email-verify', path: '/email/verify/:token', layout: 'empty' },
  { name: 'find-living-thing', path: '/find/living-thing' },
  { name: 'find-living-thing-result', path: '/find/living-thing/result' },
  { name: 'find-parks', path: '/find/parks' },
  { name: 'find-parks-result', path: '/find/parks/result' },
  { name: 'find-stories', path: '/find/stories' },
  { name: 'find-stories-result', path: '/find/stories/result' },
  { name: 'find-tickets', path: '/find/tickets' },
  { name: 'find-tickets-result', path: '/find/tickets/result' },
  { name: 'forgot-password', path: '/forgot-password', layout: 'auth', guards: ['guest'] },
  { name: 'forgot-password-notify', path: '/forgot-password/notify', layout: 'auth', guards: ['guest'] },
  // Group visits (issue 31; not in the spec's table): the request form, the requester's requests.
  { name: 'groups-request', path: '/groups/request', guards: ['auth'] },
  { name: 'groups-requests', path: '/groups/requests', guards: ['auth'] },
  { name: 'groups-request-detail', path: '/groups/requests/:id', guards: ['auth'] },
  { name: 'groups-request-pay', path: '/groups/requests/:id/pay', guards: ['auth-parent'] },
  { name: 'item', path: '/items/:id' },
  // A high-demand sale's waiting room (issue 30): the visitor's place, then on to buy.
  { name: 'item-queue', path: '/items/:id/queue' },
  { name: 'map', path: '/maps/:parkId' },
  { name: 'map-route', path: '/maps/:parkId/route', layout: 'map' },
  { name: 'me', path: '/me', guards: ['auth'] },
  { name: 'me-follows', path: '/me/follows', guards: ['auth'] },
  { name: 'me-library', path: '/me/library', guards: ['auth'] },
  { name: 'me-my-coupon', path: '/me/my-coupon', guards: ['auth-parent'] },
  { name: 'me-notification', path: '/me/notification' },
  { name: 'me-settings', path: '/me/settings' },
  { name: 'me-account-information', path: '/me/settings/account-infomation', layout: 'default', guards: ['auth'] },
  { name: 'me-change-icon', path: '/me/settings/change-icon' },
  { name: 'me-family-account', path: '/me/settings/family-account', guards: ['auth-parent'] },
  { name: 'me-family-account-create', path: '/me/settings/family-account/create' },
  { name: 'me-family-account-edit', path: '/me/settings/family-account/edit/:id' },
  { name: 'me-password', path: '/me/settings/password', guards: ['auth-parent'] },
  { name: 'me-register-card', path: '/me/settings/register-card', guards: ['auth'] },
  { name: 'me-registered-credit-card', path: '/me/settings/registered-credit-card', guards: ['auth-parent'] },
  // Two-factor sign-in for staff accounts (issue 18; not in the spec's table).
  { name: 'me-settings-two-factor', path: '/me/settings/two-factor', guards: ['auth'] },
  { name: 'me-wallet-histories', path: '/me/wallet/histories' },
  { name: 'my-tickets', path: '/my-tickets', layout: 'map' },
  { name: 'my-tickets-history', path: '/my-tickets/history' },
  { name: 'my-tickets-receipt', path: '/my-tickets/orders/:orderId/receipt', guards: ['auth'] },
  { name: 'my-tickets-lottery', path: '/my-tickets/lottery', guards: ['auth'] },
  { name: 'my-tickets-waitlist-offer', path: '/my-tickets/waitlist/:id', guards: ['auth'] },
  // A konbini refund owed by bank transfer: the buyer enters the account (not in the spec's table).
  { name: 'my-tickets-refund', path: '/my-tickets/refunds/:id', guards: ['auth'] },
  { name: 'my-ticket', path: '/my-tickets/ticket/:id', guards: ['child-user-block'] },
  // Annual pass member cards (issue 29): a kids account may show its own card; renewal is the owner's (a parent).
  { name: 'my-tickets-pass', path: '/my-tickets/pass/:passId' },
  { name: 'my-tickets-pass-visits', path: '/my-tickets/pass/:passId/visits', guards: ['auth'] },
  { name: 'my-tickets-pass-renew', path: '/my-tickets/pass/:passId/renew', guards: ['auth-parent'] },
  { name: 'my-ticket-advance-information', path: '/my-tickets/ticket/:id/advance-information' },
  { name: 'my-ticket-detail', path: '/my-tickets/ticket/:id/detail' },
  { name: 'my-ticket-share', path: '/my-tickets/ticket/share' },
  { name: 'my-ticket-share-receive', path: '/my-tickets/ticket/share/:id' },
  { name: 'page', path: '/page/:slug' },
  { name: 'payment-error', path: '/payment/error' },
  { name: 'payment-gmo-callback', path: '/payment/gmo/callback' },
  { name: 'payment-konbini', path: '/payment/konbini' },
  { name: 'private-item', path: '/private/items/:id' },
  { name: 'private-park', path: '/private/profile/park/:id' },
  { name: 'private-story', path: '/private/story/:id' },
  { name: 'private-ticket-pack', path: '/private/ticket-pack/:id' },
  { name: 'product-trigger', path: '/product/trigger/:id' },
  { name: 'profile-living-thing', path: '/profile/living-thing/:id' },
  { name: 'profile-park-living-thing', path: '/profile/park-living-thing/:id' },
  { name: 'profile-park-user', path: '/profile/park-user/:id' },
  { name: 'profile-park', path: '/profile/park/:id' },
  { name: 'register', path: '/register' },
  { name: 'register-email', path: '/register/email', requiredQuery: ['email'], redirectTo: '/register' },
  { name: 'register-notify', path: '/register/notify' },
  { name: 'register-provider', path: '/register/:provider' },
  {
    name: 'reset-password',
    path: '/reset-password',
    requiredQuery: ['email', 'token'],
    redirectTo: '/forgot-password',
  },
  { name: 'reset-password-notify', path: '/reset-password/notify' },
  { name: 'signin', path: '/signin' },
  // Park staff (not in the spec's table: DESIGN.md "Staff and map"): the gate scanner and the review of its flags.
  { name: 'staff', path: '/staff', guards: ['auth'] },
  { name: 'staff-scan', path: '/staff/scan', layout: 'empty', guards: ['auth'] },
  { name: 'staff-scans', path: '/staff/scans', guards: ['auth'] },
  // The back office: a park's stories and members (roles checked by the server per park), invitation links.
  { name: 'staff-office', path: '/staff/office', guards: ['auth'] },
  { name: 'staff-office-stories', path: '/staff/office/:parkId/stories', guards: ['auth'] },
  { name: 'staff-office-members', path: '/staff/office/:parkId/members', guards: ['auth'] },
  { name: 'staff-office-audit', path: '/staff/office/:parkId/audit', guards: ['auth'] },
  { name: 'staff-office-items', path: '/staff/office/:parkId/items', guards: ['auth'] },
  { name: 'staff-office-profile', path: '/staff/office/:parkId/profile', guards: ['auth'] },
  { name: 'staff-office-map', path: '/staff/office/:parkId/map', guards: ['auth'] },
  // Its finance pages: orders found by number, e-mail or phone, one order (cancel and refund), the daily report.
  { name: 'staff-office-orders', path: '/staff/office/:parkId/orders', guards: ['auth'] },
  { name: 'staff-office-order', path: '/staff/office/:parkId/orders/:orderId', guards: ['auth'] },
  { name: 'staff-office-reports', path: '/staff/office/:parkId/reports', guards: ['auth'] },
  // Konbini refunds owed by bank transfer: the list of transfers to make, marked transferred.
  { name: 'staff-office-bank-transfers', path: '/staff/office/:parkId/bank-transfers', guards: ['auth'] },
  // An item's places per date and slot (editors, owners).
  { name: 'staff-office-stock', path: '/staff/office/:parkId/stock', guards: ['auth'] },
  // An item's waiting room: set up, queue length and rate, pause (editors, owners).
  { name: 'staff-office-waiting-room', path: '/staff/office/:parkId/waiting-room', guards: ['auth'] },
  { name: 'staff-office-passes', path: '/staff/office/:parkId/passes', guards: ['auth'] },
  // A park's pass holders: found by name, pass number, e-mail or phone; one holder (suspend, reinstate, reissue).
  { name: 'staff-office-pass-holders', path: '/staff/office/:parkId/passes/holders', guards: ['auth'] },
  { name: 'staff-office-pass-holder', path: '/staff/office/:parkId/passes/holders/:holderId', guards: ['auth'] },
  // The review queue of holders' face photos (editors, owners).
  { name: 'staff-office-pass-photos', path: '/staff/office/:parkId/passes/photos', guards: ['auth'] },
  // Group visits (issue 31): the park's group requests and settings; one request (decide, transfer, admit).
  { name: 'staff-office-groups', path: '/staff/office/:parkId/groups', guards: ['auth'] },
  { name: 'staff-office-group', path: '/staff/office/:parkId/groups/:requestId', guards: ['auth'] },
  { name: 'staff-invitation', path: '/staff/invitations/:token', guards: ['auth'] },
  { name: 'story', path: '/story/:id' },
  { name: 'ticket-pack', path: '/ticket-pack/:id' },
  { name: 'user-guide', path: '/user-guide' },
  { name: 'user-registration', path: '/user-registration' },
];

/** Match a concrete pathname against a pattern like /items/:id. Returns params or null. */
export function matchPath(pattern: string, pathname: string): Record<string, string> | null {
  const pp = pattern.split('/').filter(Boolean);
  const sp = pathname.split('/').filter(Boolean);
  if (pp.length !== sp.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < pp.length; i++) {
    const p = pp[i] as string;
    const s = sp[i] as string;
    if (p.startsWith(':')) {
      let value: string;
      try {
        value = decodeURIComponent(s);
      } catch {
        return null;
      }
      params[p.slice(1)] = value;
    } else if (p !== s) return null;
  }
  return params;
}

/**
 * Find the route for a pathname. Static segments win over parameters
 * (/register/email before /register/:provider, /my-tickets/ticket/share before /:id).
 */
export function findRoute(pathname: string): { route: RouteDef; params: Record<string, string> } | null {
  let best: { route: RouteDef; params: Record<string, string>; score: number } | null = null;
  for (const route of ROUTES) {
    const params = matchPath(route.path, pathname);
    if (!params) continue;
    const score = route.path.split('/').filter((s) => s && !s.startsWith(':')).length;
    if (!best || score > best.score) best = { route, params, score };
  }
  return best ? { route: best.route, params: best.params } : null;
}
/** Any path other than the root that ends with a slash -> the same path without trailing slashes. */
export function stripTrailingSlash(pathname: string): string | null {
  if (pathname === '/' || !pathname.endsWith('/')) return null;
  const stripped = pathname.replace(/\/+$/, '');
  return stripped === '' ? '/' : stripped;
}
