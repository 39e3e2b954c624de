import type { RouteDef } from '../../../common/routes';
import { stripTrailingSlash } from '../../../common/routes';
import { type GuardSession, runGuards } from './guards';

export interface NavContext {
  route: RouteDef;
  params: Record<string, string>;
  url: URL;
  /** Position in the browser history of this app (react-router's idx); 0 means direct entry. */
  historyIndex: number;
  previousRouteName: string | null;
}

export interface NavDeps {
  /** Session and user loader (spec section 4); returns what guards need. */
  loadSession(): Promise<GuardSession>;
  scrollToTop(): void;
}

export type NavOutcome = { kind: 'continue' } | { kind: 'redirect'; to: string } | { kind: 'reload'; to: string };

/** App-wide guard: leaving a page-slug page loads the new path in full (pages may carry their own scripts/styles). */
function appGuard(ctx: NavContext): NavOutcome | null {
  if (ctx.previousRouteName === 'page' && ctx.route.name !== 'page') {
    return { kind: 'reload', to: ctx.url.pathname + ctx.url.search + ctx.url.hash };
  }
  return null;
}

/** Path-keyed redirects: required query keys, and cart steps entered without history. */
export function resolveRedirect(ctx: Pick<NavContext, 'route' | 'url' | 'historyIndex'>): string | null {
  const { route, url } = ctx;
  if (route.requiredQuery?.some((k) => !url.searchParams.get(k))) return route.redirectTo ?? '/';
  if (route.requiresHistory && ctx.historyIndex === 0) return '/';
  return null;
}

/**
 * Every navigation, in the spec's order: app guard, session and user loader, trailing-slash removal,
 * scroll reset, path-keyed redirect resolver; then the route's own guards.
 */
export async function runNavigation(ctx: NavContext, deps: NavDeps): Promise<NavOutcome> {
  const app = appGuard(ctx);
  if (app) return app;
  const session = await deps.loadSession();
  const stripped = stripTrailingSlash(ctx.url.pathname);
  if (stripped !== null) return { kind: 'redirect', to: stripped + ctx.url.search + ctx.url.hash };
  if (!ctx.url.hash) deps.scrollToTop();
  const redirect = resolveRedirect(ctx);
  if (redirect !== null) return { kind: 'redirect', to: redirect };
  const guarded = runGuards({ route: ctx.route, params: ctx.params, url: ctx.url, session });
  if (guarded !== null) return { kind: 'redirect', to: guarded };
  return { kind: 'continue' };
}
