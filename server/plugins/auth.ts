import Boom from '@hapi/boom';
import type { Plugin, Request, RequestRoute, Server } from '@hapi/hapi';
import { rolesAllowed, STAFF_ROLES, type StaffNeed } from '../../common/dto/staff';
import { verifyAccessToken } from '../features/auth/accessToken';
import { DomainError } from '../lib/errors';
import { assertParkStaff } from '../lib/staffAccess';

export interface AuthCredentials {
  userId: number;
  sessionId: string;
  /** The parent's id while acting as one of their kids. */
  actorId: number | null;
  childFlag: number;
  parentId: number | null;
  [key: string]: unknown;
}

/**
 * Who may call a route beyond being signed in, declared in the route's options (`app: { access }`), enforced here:
 *   'parent'            not a kids account (kids cannot pay, hold stock, keep cards or coupons, manage the family).
 *   { staff: need }     staff of a park with that role, or owner, or any role for 'any' (table park_staff,
 *                       common/dto/staff.ts rolesAllowed): of the park named by the path parameter `parkId` when
 *                       the route has one, else of some park (the service then checks the park of the object: the
 *                       scanned ticket's, the reviewed act's). A park that requires two-factor sign-in refuses
 *                       members without it (totpRequiredByPark). Read from the database on every request, never from
 *                       the token: a removed member is refused at once. Every route under /api/v1/staff must
 *                       declare it (checked at start).
 */
export type Access = 'parent' | { staff: StaffNeed };

declare module '@hapi/hapi' {
  interface UserCredentials extends AuthCredentials {}
  interface RouteOptionsApp {
    access?: Access;
    /**
     * A GET polled by many (the waiting room's status): it may take a session this instance checked up to this
     * many ms ago, instead of a database read per request; a revoked session is refused within it.
     */
    sessionCheckMs?: number;
  }
}

/** Paths that must never answer without a signed-in caller (checked at start). */
const PRIVATE_PATHS = /^\/api\/v1\/(me|staff)(\/|$)/;
/** Paths that must say which staff role may call them (checked at start). */
const STAFF_PATHS = /^\/api\/v1\/staff(\/|$)/;

/** The token cookie: host-only prefixed, except over plain http on localhost where __Host- cannot be set. */
export function tokenCookieName(publicUrl: string): string {
  return new URL(publicUrl).protocol === 'https:' ? '__Host-access_token' : 'access_token';
}
/** Readable by scripts, holds only the expiry: tells the PWA it is signed in and when that ends. */
export const EXPIRY_COOKIE = 'access_token_expires_at';

const UNSAFE = new Set(['post', 'put', 'patch', 'delete']);
/** The most sessions kept as recently checked (sessionCheckMs), per instance. */
const RECENT_SESSIONS_LIMIT = 20_000;

/** No token on a route that may be called without one (see authenticate). */
const NO_TOKEN = Boom.unauthorized(null, 'Bearer');

/** Failures of the session lookup itself (the database's, not a verdict on the token): see onPostAuth. */
const unchecked = new WeakSet<object>();

/** The request comes from a page of our own origin (Origin, else Referer). */
export function sameOrigin(request: Request, publicUrl: string): boolean {
  const origin = (request.headers.origin as string | undefined) ?? (request.headers.referer as string | undefined);
  if (!origin) return false;
  try {
    const o = new URL(origin);
    const allowed = new Set([new URL(publicUrl).host, request.info.host]);
    return allowed.has(o.host);
  } catch {
    return false;
  }
}

/**
 * The `session` strategy: a JWT from `Authorization: Bearer` or the token cookie, checked for algorithm,
 * signature, exp, aud and iss, and against the sessions table (revoked at logout). Writes authenticated by
 * the cookie must come from our own origin (CSRF).
 */
export const authPlugin: Plugin<void> = {
  name: 'auth',
  dependencies: ['db'],
  register(server) {
    const config = server.app.config;
    const cookieName = tokenCookieName(config.publicUrl);
    const secure = new URL(config.publicUrl).protocol === 'https:';
    server.state(cookieName, {
      isHttpOnly: true,
      isSecure: secure,
      isSameSite: 'Lax',
      path: '/',
      encoding: 'none',
      strictHeader: true,
    });
    server.state(EXPIRY_COOKIE, {
      isHttpOnly: false,
      isSecure: secure,
      isSameSite: 'Lax',
      path: '/',
      encoding: 'none',
    });

    type SessionRow = { userId: number; childFlag: number; parentId: number | null; actorId: number | null };
    const readSession = (jti: string): Promise<SessionRow | undefined> =>
      server.app
        .knex('sessions')
        .join('users', 'users.id', 'sessions.user_id')
        .where('sessions.id', jti)
        .whereNull('sessions.revoked_at')
        .where('sessions.expires_at', '>', new Date())
        .whereNull('users.deleted_at')
        .first(
          'users.id as userId',
          'users.child_flag as childFlag',
          'users.parent_id as parentId',
          'sessions.actor_id as actorId',
        )
        .catch((err: unknown) => {
          if (err instanceof Object) unchecked.add(err);
          throw err;
        });
    // Sessions found valid for routes with `sessionCheckMs`, by token id; the oldest go first past the bound.
    const recentSessions = new Map<string, { at: number; row: SessionRow }>();
    const keepSession = (jti: string, row: SessionRow) => {
      recentSessions.delete(jti);
      recentSessions.set(jti, { at: server.app.clock.now().getTime(), row });
      for (const key of recentSessions.keys()) {
        if (recentSessions.size <= RECENT_SESSIONS_LIMIT) break;
        recentSessions.delete(key);
      }
    };

    server.auth.scheme('zoo-session', () => ({
      async authenticate(request, h) {
        const header = request.headers.authorization as string | undefined;
        const bearer = header?.match(/^Bearer\s+(\S+)$/i)?.[1];
        const cookie = (request.state as Record<string, string | undefined>)[cookieName];
        const token = bearer ?? cookie;
        if (!token) {
          // Most callers of an open route (a guest's add to cart, a catalogue read) have no token: one shared
          // "missing" answer instead of a new error (and its stack) each time. hapi only reads it.
          if (request.route.settings.auth && request.route.settings.auth.mode !== 'required') {
            return h.unauthenticated(NO_TOKEN);
          }
          throw Boom.unauthorized(null, 'Bearer');
        }
        let claims: ReturnType<typeof verifyAccessToken>;
        try {
          claims = verifyAccessToken(token, config);
        } catch {
          throw Boom.unauthorized('invalid token', 'Bearer');
        }
        const maxAge = request.method === 'get' ? request.route.settings.app?.sessionCheckMs : undefined;
        const recent = maxAge ? recentSessions.get(claims.jti) : undefined;
        const row: SessionRow | undefined =
          recent && server.app.clock.now().getTime() - recent.at < (maxAge as number)
            ? recent.row
            : await readSession(claims.jti);
        if (maxAge && row && row !== recent?.row) keepSession(claims.jti, row);
        if (!row || String(row.userId) !== claims.sub) throw Boom.unauthorized('session ended', 'Bearer');
        if (!bearer && UNSAFE.has(request.method) && !sameOrigin(request, config.publicUrl)) {
          throw new DomainError('csrf');
        }
        const credentials: AuthCredentials = {
          userId: row.userId,
          sessionId: claims.jti,
          actorId: row.actorId ?? null,
          childFlag: row.childFlag,
          parentId: row.parentId ?? null,
        };
        return h.authenticated({ credentials });
      },
    }));
    server.auth.strategy('session', 'zoo-session');
    // Signed in unless the route says otherwise: a route that forgets its auth is closed, not open.
    server.auth.default({ strategy: 'session', mode: 'required' });

    server.ext('onPostAuth', (request, h) => {
      // hapi's "try" mode goes on unauthenticated whatever failed. A refused token (401) and the CSRF refusal keep
      // doing so; a session lookup that could not run (pool, lock or statement timeout) is no answer about the
      // caller, so it is answered as on any route (errors.ts: 503 databaseBusy) instead of as a stranger's request.
      if (request.auth.error && unchecked.has(request.auth.error)) throw request.auth.error;
      const access = request.route.settings.app?.access;
      const credentials = request.auth.credentials as AuthCredentials | null;
      if (access === 'parent' && credentials?.childFlag === 1) throw new DomainError('childRestricted');
      return h.continue;
    });
    // Staff roles are checked once the path is validated (parkId is then a real id).
    server.ext('onPreHandler', async (request, h) => {
      const access = request.route.settings.app?.access;
      const credentials = request.auth.credentials as AuthCredentials | null;
      if (typeof access === 'object' && access.staff) {
        // Any route's params: a staff route's schema has made parkId a number when the path has one.
        const parkId: unknown = request.params.parkId;
        if (!credentials || credentials.actorId !== null) throw new DomainError('notParkStaff');
        if (parkId !== undefined) {
          // Throws notParkStaff, or totpRequiredByPark when the park requires two-factor sign-in.
          await assertParkStaff(server.app.knex, credentials.userId, Number(parkId), access.staff);
          return h.continue;
        }
        const allowed = await server.app
          .knex('park_staff')
          .where({ user_id: credentials.userId })
          .whereIn('role', rolesAllowed(access.staff))
          .first('park_id');
        if (!allowed) throw new DomainError('notParkStaff');
      }
      return h.continue;
    });
    // Checked at start, over every route: open or optional only by the route's own word, never under /me or /staff.
    server.ext('onPreStart', () => assertDeclaredAuth(server));
  },
};

/** The auth a route runs with (its own, else the default): 'required', 'optional', 'try', or null when open. */
export function authModeOf(server: Server, route: RequestRoute): string | null {
  // hapi's own lookup; present at runtime, missing from its types.
  const auth = server.auth as unknown as { lookup(route: RequestRoute): { mode?: string } | null | false };
  const config = auth.lookup(route);
  return config ? (config.mode ?? 'required') : null;
}

/**
 * Who may call each route, checked when the server starts: the default is signed in; a route that answers signed
 * out declares it itself (`auth: false`, `{ mode: 'try' }` or `'optional'`), and no route under /api/v1/me or
 * /api/v1/staff can; every route under /api/v1/staff names the staff role it wants.
 */
export function assertDeclaredAuth(server: Server): void {
  const name = (r: RequestRoute) => `${r.method.toUpperCase()} ${r.path}`;
  const routes = server.table();
  const defaultMode = (server.auth.settings.default as { mode?: string } | null)?.mode;
  if (defaultMode !== 'required') throw new Error(`the default auth mode must be 'required', not ${defaultMode}`);
  const undeclared = routes
    .filter((r) => STAFF_PATHS.test(r.path))
    .filter((r) => {
      const access = r.settings.app?.access;
      return !(typeof access === 'object' && (access.staff === 'any' || STAFF_ROLES.includes(access.staff)));
    })
    .map(name);
  if (undeclared.length)
    throw new Error(`routes under /api/v1/staff without app.access.staff: ${undeclared.join(', ')}`);
  const open = routes.filter((r) => PRIVATE_PATHS.test(r.path) && authModeOf(server, r) !== 'required').map(name);
  if (open.length)
    throw new Error(`routes under /api/v1/me or /api/v1/staff without required auth: ${open.join(', ')}`);
}

/** Route auth settings: signed-in users only (the default; kept where a route says it anyway). */
export const REQUIRED = { strategy: 'session', mode: 'required' } as const;

/** `app` of a route for the park's editors and owners (its 403 is described in the OpenAPI document from it). */
export const EDITOR = { access: { staff: 'editor' as const } };

export function currentUserId(request: Pick<Request, 'auth'>): number {
  const credentials = request.auth.credentials as AuthCredentials | null;
  if (!credentials) throw Boom.unauthorized();
  return credentials.userId;
}
