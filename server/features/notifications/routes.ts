import type { Request, ServerRoute } from '@hapi/hapi';
import Joi from 'joi';
import { NOTIFICATION_KINDS, type NotificationKind, OFF_BY_DEFAULT } from '../../../common/notifications';
import { pageMeta, pagingQuery } from '../../lib/paging';
import { answers, id, ok } from '../../lib/routeKit';
import { type AuthCredentials, REQUIRED } from '../../plugins/auth';
import { vapidKeys } from './vapid';

// Web push and the inbox (DESIGN "Notifications"): the public VAPID key, this device's subscription, the inbox with
// its unread count, read marks, and one switch per kind (the spec's on/off flag stays on /api/v1/me/notification).
const who = (request: Request) => request.auth.credentials as AuthCredentials;
const base64url = () => Joi.string().pattern(/^[\w-]+=*$/);
const endpoint = () =>
  Joi.string()
    .uri({ scheme: ['https'] })
    .max(2048);

export const notificationRoutes: ServerRoute[] = [
  {
    method: 'GET',
    path: '/api/v1/push/public-key',
    options: { auth: false, tags: ['api', 'notifications'], description: 'The VAPID public key (base64url)' },
    async handler(request, h) {
      const keys = await vapidKeys(request.server.app.knex, request.server.app.config);
      return h
        .response({ data: { publicKey: keys.publicKey }, meta: {} })
        .header('cache-control', 'public, max-age=3600');
    },
  },
  {
    method: 'POST',
    path: '/api/v1/me/push-subscriptions',
    options: {
      plugins: answers({ 200: null, 201: 'Subscription kept' }),
      auth: REQUIRED,
      tags: ['api', 'notifications'],
      description:
        "This device's PushSubscription.toJSON() and language; a device belongs to one account (signing in as another moves it)",
      validate: {
        payload: Joi.object({
          endpoint: endpoint().required(),
          expirationTime: Joi.number().allow(null),
          keys: Joi.object({
            p256dh: base64url().max(200).required(),
            auth: base64url().max(100).required(),
          }).required(),
          language: Joi.string().valid('ja', 'en').default('ja'),
        }),
      },
    },
    async handler(request, h) {
      const p = request.payload as { endpoint: string; keys: { p256dh: string; auth: string }; language: 'ja' | 'en' };
      const row = {
        user_id: who(request).userId,
        endpoint: p.endpoint,
        p256dh: p.keys.p256dh,
        auth: p.keys.auth,
        language: p.language === 'en' ? 1 : 0,
      };
      await request.server.app
        .knex('push_subscriptions')
        .insert(row)
        .onConflict('endpoint')
        .merge(['user_id', 'p256dh', 'auth', 'language']);
      return ok(h, { endpoint: p.endpoint }, {}, 201);
    },
  },
  {
    method: 'DELETE',
    path: '/api/v1/me/push-subscriptions',
    options: {
      auth: REQUIRED,
      tags: ['api', 'notifications'],
      description: "Remove this device's subscription: `{ endpoint }`",
      validate: { payload: Joi.object({ endpoint: endpoint().required() }) },
    },
    async handler(request, h) {
      const { endpoint: url } = request.payload as { endpoint: string };
      const removed = await request.server.app
        .knex('push_subscriptions')
        .where({ user_id: who(request).userId, endpoint: url })
        .delete();
      return ok(h, { removed });
    },
  },
  {
    method: 'GET',
    path: '/api/v1/me/notifications',
    options: {
      auth: REQUIRED,
      tags: ['api', 'notifications'],
      description: 'The inbox, newest first, paged; `meta.unread` counts the unread ones',
      validate: { query: Joi.object(pagingQuery) },
    },
    async handler(request, h) {
      const { page, per_page } = request.query as { page: number; per_page: number };
      const { knex } = request.server.app;
      const userId = who(request).userId;
      const [rows, counts] = await Promise.all([
        knex('notifications')
          .where({ user_id: userId })
          .orderBy([
            { column: 'created_at', order: 'desc' },
            { column: 'id', order: 'desc' },
          ])
          .offset((page - 1) * per_page)
          .limit(per_page)
          .select('id', 'kind', 'title', 'body', 'navigate', 'read_at', 'created_at'),
        knex('notifications')
          .where({ user_id: userId })
          .select(
            knex.raw('count(*)::int AS total'),
            knex.raw('count(*) FILTER (WHERE read_at IS NULL)::int AS unread'),
          )
          .first(),
      ]);
      const data = (rows as Record<string, unknown>[]).map((r) => ({
        id: Number(r.id),
        kind: r.kind,
        title: r.title,
        body: r.body,
        navigate: r.navigate,
        read: r.readAt !== null,
        createdAt: new Date(r.createdAt as string).toISOString(),
      }));
      const total = Number(counts?.total ?? 0);
      return ok(h, data, { ...pageMeta(page, per_page, total), unread: Number(counts?.unread ?? 0) });
    },
  },
  {
    method: 'PUT',
    path: '/api/v1/me/notifications/read',
    options: {
      auth: REQUIRED,
      tags: ['api', 'notifications'],
      description: 'Mark notifications read: `{ ids: [...] }` or `{ all: true }`; answers the unread count',
      validate: {
        payload: Joi.object({
          ids: Joi.array().items(id()).min(1).max(100).unique(),
          all: Joi.boolean().valid(true),
        }).xor('ids', 'all'),
      },
    },
    async handler(request, h) {
      const p = request.payload as { ids?: number[]; all?: true };
      const { knex, clock } = request.server.app;
      const userId = who(request).userId;
      await knex('notifications')
        .where({ user_id: userId })
        .whereNull('read_at')
        .modify((q) => {
          if (p.ids) q.whereIn('id', p.ids);
        })
        .update({ read_at: clock.now() });
      const left = await knex('notifications')
        .where({ user_id: userId })
        .whereNull('read_at')
        .count({ n: '*' })
        .first();
      return ok(h, { unread: Number(left?.n ?? 0) });
    },
  },
  {
    method: 'GET',
    path: '/api/v1/me/notification-settings',
    options: {
      auth: REQUIRED,
      tags: ['api', 'notifications'],
      description: 'Notifications on or off (the spec flag) and one switch per kind',
    },
    async handler(request, h) {
      const { knex } = request.server.app;
      const userId = who(request).userId;
      const [user, prefs] = await Promise.all([
        knex('users').where({ id: userId }).first('notifications_enabled'),
        knex('notification_preferences').where({ user_id: userId }).select('kind', 'enabled'),
      ]);
      const set = new Map((prefs as { kind: string; enabled: boolean }[]).map((p) => [p.kind, p.enabled]));
      const kinds = Object.fromEntries(
        NOTIFICATION_KINDS.map((k) => [k, set.get(k) ?? !OFF_BY_DEFAULT.includes(k)]),
      ) as Record<NotificationKind, boolean>;
      return ok(h, { enabled: Boolean(user?.notificationsEnabled), kinds });
    },
  },
  {
    method: 'PUT',
    path: '/api/v1/me/notification-settings',
    options: {
      auth: REQUIRED,
      tags: ['api', 'notifications'],
      description: 'Turn kinds on or off: `{ kinds: { <kind>: true|false } }`',
      validate: {
        payload: Joi.object({
          kinds: Joi.object(Object.fromEntries(NOTIFICATION_KINDS.map((k) => [k, Joi.boolean()])))
            .min(1)
            .required(),
        }),
      },
    },
    async handler(request, h) {
      const { kinds } = request.payload as { kinds: Record<string, boolean> };
      const userId = who(request).userId;
      const rows = Object.entries(kinds).map(([kind, enabled]) => ({ user_id: userId, kind, enabled }));
      await request.server.app
        .knex('notification_preferences')
        .insert(rows)
        .onConflict(['user_id', 'kind'])
        .merge(['enabled']);
      return ok(h, { kinds });
    },
  },
];
