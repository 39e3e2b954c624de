import { GUARDS, type GuardName, type RouteDef } from '../../../common/routes';

/** What guards can see of the session. */
export interface GuardSession {
  loggedIn: boolean;
  /** child_flag of the loaded user; undefined when no user is loaded. */
  isChild: boolean | undefined;
}

export interface GuardContext {
  route: RouteDef;
  params: Record<string, string>;
  url: URL;
  session: GuardSession;
}

/** A guard returns a path to redirect to, or null to let the navigation through. */
export type Guard = (ctx: GuardContext) => string | null;

export class UnknownGuardError extends Error {
  constructor(readonly guard: string) {
    super(`Unknown route guard: ${guard}`);
    this.name = 'UnknownGuardError';
  }
}

const signinWithReturn = (url: URL) => `/signin?redirect=${encodeURIComponent(url.pathname + url.search)}`;

export const GUARD_IMPLEMENTATIONS: Record<GuardName, Guard> = {
  guest: ({ session }) => (session.loggedIn ? '/' : null),
  auth: ({ session, url }) => (session.loggedIn ? null : signinWithReturn(url)),
  'auth-parent': ({ session, url }) => {
    if (!session.loggedIn) return signinWithReturn(url);
    return session.isChild ? '/me' : null;
  },
  'child-user-block': ({ session }) => (session.isChild ? '/my-tickets' : null),
  // The spec does not give the rule: a child account cannot use the cart (it cannot pay),
  // so kids are sent to My Tickets; guests and parents may use it.
  'unauth-kid': ({ session }) => (session.loggedIn && session.isChild ? '/my-tickets' : null),
};

export function resolveGuard(name: string): Guard {
  if (!(GUARDS as readonly string[]).includes(name)) throw new UnknownGuardError(name);
  return GUARD_IMPLEMENTATIONS[name as GuardName];
}

/** Run a route's guards in order; the first redirect wins. Unknown guard names throw. */
export function runGuards(ctx: GuardContext): string | null {
  for (const name of ctx.route.guards ?? []) {
    const target = resolveGuard(name)(ctx);
    if (target !== null) return target;
  }
  return null;
}
