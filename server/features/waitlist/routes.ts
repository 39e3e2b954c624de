import type { ServerRoute } from '@hapi/hapi';
import Joi from 'joi';
import { notFound } from '../../lib/errors';
import { answers, id, isoDate, ok } from '../../lib/routeKit';
import { currentUserId, REQUIRED } from '../../plugins/auth';
import { ACCEPTED_ANSWER, JOINED_ANSWER, LEFT_ANSWER, PLACE_ANSWER, PLACES_ANSWER } from './responses';
import { acceptOffer, leaveWaitlist } from './services/answerOffer';
import { joinWaitlist } from './services/joinWaitlist';
import { listMyWaitlist } from './services/listMyWaitlist';

// The waitlist: join for a sold-out date, see your place and offers, accept (pay by card) or decline an offer.

export const waitlistRoutes: ServerRoute[] = [
  {
    method: 'POST',
    path: '/api/v1/items/{id}/waitlist',
    options: {
      response: JOINED_ANSWER,
      plugins: answers({
        200: null,
        201: 'Joined',
        404: 'No such item',
        409: 'Places are free, the deadline passed or already joined (waitlistUnavailable, waitlistAlreadyJoined)',
      }),
      auth: REQUIRED,
      app: { access: 'parent' },
      tags: ['api', 'waitlist'],
      description:
        'Join the waitlist of a sold-out date (and slot) until the day before it, with the party and a registered card',
      validate: {
        params: Joi.object({ id: id().required() }),
        payload: Joi.object({
          date: isoDate().required(),
          time_slot_id: id().allow(null).default(null),
          quantities: Joi.array()
            .items(
              Joi.object({ age_group_id: id().required(), quantity: Joi.number().integer().min(0).max(99).required() }),
            )
            .min(1)
            .max(10)
            .required(),
          user_card_id: id().required(),
        }),
      },
    },
    async handler(request, h) {
      const p = request.payload as {
        date: string;
        time_slot_id: number | null;
        quantities: { age_group_id: number; quantity: number }[];
        user_card_id: number;
      };
      const { knex, clock } = request.server.app;
      const userId = currentUserId(request);
      const entryId = await joinWaitlist(knex, {
        userId,
        itemId: (request.params as { id: number }).id,
        date: p.date,
        timeSlotId: p.time_slot_id,
        quantities: p.quantities.map((q) => ({ ageGroupId: q.age_group_id, quantity: q.quantity })),
        userCardId: p.user_card_id,
        now: clock.now(),
      });
      const [view] = await listMyWaitlist(knex, userId, request.app.locale, entryId);
      return ok(h, view, {}, 201);
    },
  },
  {
    method: 'GET',
    path: '/api/v1/me/waitlist',
    options: {
      response: PLACES_ANSWER,
      auth: REQUIRED,
      tags: ['api', 'waitlist'],
      description: 'Your waitlist entries, newest first: your place in the queue, offers and their deadlines',
    },
    async handler(request, h) {
      return ok(h, await listMyWaitlist(request.server.app.knex, currentUserId(request), request.app.locale));
    },
  },
  {
    method: 'GET',
    path: '/api/v1/me/waitlist/{id}',
    options: {
      response: PLACE_ANSWER,
      plugins: answers({ 404: 'Not your entry' }),
      auth: REQUIRED,
      tags: ['api', 'waitlist'],
      description: 'One of your waitlist entries',
      validate: { params: Joi.object({ id: id().required() }) },
    },
    async handler(request, h) {
      const [view] = await listMyWaitlist(
        request.server.app.knex,
        currentUserId(request),
        request.app.locale,
        (request.params as { id: number }).id,
      );
      if (!view) throw notFound();
      return ok(h, view);
    },
  },
  {
    method: 'POST',
    path: '/api/v1/me/waitlist/{id}/accept',
    options: {
      response: ACCEPTED_ANSWER,
      plugins: answers({
        200: null,
        201: 'Order placed for the offer (payment next)',
        404: 'Not your entry',
        409: 'The offer expired or was answered (waitlistOfferGone)',
        503: 'The payment provider is unavailable (paymentUnavailable)',
      }),
      auth: REQUIRED,
      app: { access: 'parent' },
      tags: ['api', 'waitlist'],
      description:
        'Accept an offer: its held places are ordered and paid by card (the card registered when joining, or the one given)',
      validate: {
        params: Joi.object({ id: id().required() }),
        payload: Joi.object({ user_card_id: id(), card_token: Joi.string().max(128) }).allow(null),
      },
    },
    async handler(request, h) {
      const p = (request.payload ?? {}) as { user_card_id?: number; card_token?: string };
      const { knex, config, clock, paymentOutcome } = request.server.app;
      const card = p.card_token ? { token: p.card_token } : p.user_card_id ? { userCardId: p.user_card_id } : undefined;
      const placed = await acceptOffer(knex, config, paymentOutcome, {
        userId: currentUserId(request),
        entryId: (request.params as { id: number }).id,
        card,
        now: clock.now(),
      });
      const r = placed.payment;
      return ok(
        h,
        {
          orderId: placed.orderId,
          payment:
            r.kind === 'redirect'
              ? { kind: 'redirect', url: r.url, paymentId: r.payment.id }
              : r.kind === 'failed'
                ? { kind: 'failed', paymentId: r.payment.id, reason: r.reason }
                : { kind: 'completed', paymentId: r.payment.id },
        },
        {},
        201,
      );
    },
  },
  {
    method: 'DELETE',
    path: '/api/v1/me/waitlist/{id}',
    options: {
      response: LEFT_ANSWER,
      plugins: answers({ 404: 'Not your entry', 409: 'Already answered (waitlistOfferGone)' }),
      auth: REQUIRED,
      app: { access: 'parent' },
      tags: ['api', 'waitlist'],
      description: 'Decline an offer (its places go to the next party) or leave the queue',
      validate: { params: Joi.object({ id: id().required() }) },
    },
    async handler(request, h) {
      await leaveWaitlist(request.server.app.knex, {
        userId: currentUserId(request),
        entryId: (request.params as { id: number }).id,
        now: request.server.app.clock.now(),
      });
      return ok(h, { left: true });
    },
  },
];
