import type { ServerRoute } from '@hapi/hapi';
import Joi from 'joi';
import { NOTIFICATION_KINDS } from '../../../common/notifications';
import { pageMeta, pagingQuery } from '../../lib/paging';
import { answers, id, ok } from '../../lib/routeKit';
import { fields, oneOf, optional, orNull, route } from '../../lib/typedInput';
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
import { dropSubscription, keepSubscription } from './services/keepSubscription';
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
  route({
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
  }),
  route({
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
        payload: fields({
          endpoint: endpoint(),
          expirationTime: optional(orNull(Joi.number())),
          keys: fields({ p256dh: base64url().max(200), auth: base64url().max(100) }),
          language: oneOf(['ja', 'en']).default('ja'),
        }),
      },
    },
    async handler(request, h) {
      const p = request.payload;
      await keepSubscription(request.server.app.knex, currentUserId(request), p);
      return ok(h, { endpoint: p.endpoint }, {}, 201);
    },
  }),
  route({
    method: 'DELETE',
    path: '/api/v1/me/push-subscriptions',
    options: {
      response: UNSUBSCRIBED_ANSWER,
      auth: REQUIRED,
      tags: ['api', 'notifications'],
      description: "Remove this device's subscription: `{ endpoint }`",
      validate: { payload: fields({ endpoint: endpoint() }) },
    },
    async handler(request, h) {
      const { endpoint: url } = request.payload;
      return ok(h, { removed: await dropSubscription(request.server.app.knex, currentUserId(request), url) });
    },
  }),
  route({
    method: 'GET',
    path: '/api/v1/me/notifications',
    options: {
      response: INBOX_ANSWER,
      auth: REQUIRED,
      tags: ['api', 'notifications'],
      description: 'The inbox, newest first, paged; `meta.unread` counts the unread ones',
      validate: { query: fields(pagingQuery) },
    },
    async handler(request, h) {
      const { page, per_page } = request.query;
      const inbox = await listInbox(request.server.app.knex, currentUserId(request), page, per_page);
      return ok(h, inbox.items, { ...pageMeta(page, per_page, inbox.total), unread: inbox.unread });
    },
  }),
  route({
    method: 'PUT',
    path: '/api/v1/me/notifications/read',
    options: {
      response: UNREAD_ANSWER,
      auth: REQUIRED,
      tags: ['api', 'notifications'],
      description: 'Mark notifications read: `{ ids: [...] }` or `{ all: true }`; answers the unread count',
      validate: {
        payload: fields({
          ids: optional(Joi.array<number[]>().items(id()).min(1).max(100).unique()),
          all: optional(Joi.boolean<true>().valid(true)),
        }).xor('ids', 'all'),
      },
    },
    async handler(request, h) {
      const p = request.payload;
      const { knex, clock } = request.server.app;
      return ok(h, { unread: await markRead(knex, currentUserId(request), p.ids ?? 'all', clock.now()) });
    },
  }),
  route({
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
  }),
  route({
    method: 'PUT',
    path: '/api/v1/me/notification-settings',
    options: {
      response: KINDS_ANSWER,
      auth: REQUIRED,
      tags: ['api', 'notifications'],
      description: 'Turn kinds on or off: `{ kinds: { <kind>: true|false } }`',
      validate: {
        payload: fields({
          kinds: Joi.object<Record<string, boolean>>(
            Object.fromEntries(NOTIFICATION_KINDS.map((k) => [k, Joi.boolean()])),
          ).min(1),
        }),
      },
    },
    async handler(request, h) {
      const { kinds } = request.payload;
      await setNotificationKinds(request.server.app.knex, currentUserId(request), kinds);
      return ok(h, { kinds });
    },
  }),
];
