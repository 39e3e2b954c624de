import type { ServerRoute } from '@hapi/hapi';
import Joi from 'joi';
import { NOTIFICATION_KINDS } from '../../../common/notifications';
import { pageMeta, pagingQuery } from '../../lib/paging';
import { answers, id, ok } from '../../lib/routeKit';
import { currentUserId, REQUIRED } from '../../plugins/auth';
import {
  INBOX_ANSWER,
  KINDS_ANSWER,
  PUBLIC_KEY_ANSWER,
  SETTINGS_ANSWER,
  SUBSCRIBED_ANSWER,
  UNREAD_ANSWER,
  UNSUBSCRIBED_ANSWER,
} from './responses';
import { dropSubscription, keepSubscription, type SubscriptionInput } from './services/keepSubscription';
import { listInbox, markRead } from './services/listInbox';
import { notificationSettings, setNotificationKinds } from './services/notificationSettings';
import { vapidKeys } from './vapid';

// Web push and the inbox (DESIGN "Notifications"): the public VAPID key, this device's subscription, the inbox with
// its unread count, read marks, and one switch per kind (the spec's on/off flag stays on /api/v1/me/notification).
const base64url = () => Joi.string().pattern(/^[\w-]+=*$/);
const endpoint = () =>
  Joi.string()
    .uri({ scheme: ['https'] })
    .max(2048);

export const notificationRoutes: ServerRoute[] = [
  {
    method: 'GET',
    path: '/api/v1/push/public-key',
    options: {
      response: PUBLIC_KEY_ANSWER,
      auth: false,
      tags: ['api', 'notifications'],
      description: 'The VAPID public key (base64url)',
    },
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
      response: SUBSCRIBED_ANSWER,
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
      const p = request.payload as SubscriptionInput;
      await keepSubscription(request.server.app.knex, currentUserId(request), p);
      return ok(h, { endpoint: p.endpoint }, {}, 201);
    },
  },
  {
    method: 'DELETE',
    path: '/api/v1/me/push-subscriptions',
    options: {
      response: UNSUBSCRIBED_ANSWER,
      auth: REQUIRED,
      tags: ['api', 'notifications'],
      description: "Remove this device's subscription: `{ endpoint }`",
      validate: { payload: Joi.object({ endpoint: endpoint().required() }) },
    },
    async handler(request, h) {
      const { endpoint: url } = request.payload as { endpoint: string };
      return ok(h, { removed: await dropSubscription(request.server.app.knex, currentUserId(request), url) });
    },
  },
  {
    method: 'GET',
    path: '/api/v1/me/notifications',
    options: {
      response: INBOX_ANSWER,
      auth: REQUIRED,
      tags: ['api', 'notifications'],
      description: 'The inbox, newest first, paged; `meta.unread` counts the unread ones',
      validate: { query: Joi.object(pagingQuery) },
    },
    async handler(request, h) {
      const { page, per_page } = request.query as { page: number; per_page: number };
      const inbox = await listInbox(request.server.app.knex, currentUserId(request), page, per_page);
      return ok(h, inbox.items, { ...pageMeta(page, per_page, inbox.total), unread: inbox.unread });
    },
  },
  {
    method: 'PUT',
    path: '/api/v1/me/notifications/read',
    options: {
      response: UNREAD_ANSWER,
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
      return ok(h, { unread: await markRead(knex, currentUserId(request), p.ids ?? 'all', clock.now()) });
    },
  },
  {
    method: 'GET',
    path: '/api/v1/me/notification-settings',
    options: {
      response: SETTINGS_ANSWER,
      auth: REQUIRED,
      tags: ['api', 'notifications'],
      description: 'Notifications on or off (the spec flag) and one switch per kind',
    },
    async handler(request, h) {
      return ok(h, await notificationSettings(request.server.app.knex, currentUserId(request)));
    },
  },
  {
    method: 'PUT',
    path: '/api/v1/me/notification-settings',
    options: {
      response: KINDS_ANSWER,
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
      await setNotificationKinds(request.server.app.knex, currentUserId(request), kinds);
      return ok(h, { kinds });
    },
  },
];
