import type { ServerRoute } from '@hapi/hapi';
import Joi from 'joi';
import { notFound } from '../../lib/errors';
import { answers, id, isoDate, ok } from '../../lib/routeKit';
import { fields, optional, orNoBody, orNull, route } from '../../lib/typedInput';
import { currentUserId, REQUIRED } from '../../plugins/auth';
import { paymentStartAnswer } from '../payments';
import { ACCEPTED_ANSWER, JOINED_ANSWER, LEFT_ANSWER, PLACE_ANSWER, PLACES_ANSWER } from './responses';
import { acceptOffer, leaveWaitlist } from './services/answerOffer';
import { joinWaitlist } from './services/joinWaitlist';
import { listMyWaitlist } from './services/listMyWaitlist';

// The waitlist: join for a sold-out date, see your place and offers, accept (pay by card) or decline an offer.

export const waitlistRoutes: ServerRoute[] = [
  route({
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
        params: fields({ id: id() }),
        payload: fields({
          date: isoDate(),
          time_slot_id: orNull(id()).default(null),
          quantities: Joi.array<{ age_group_id: number; quantity: number }[]>()
            .items(fields({ age_group_id: id(), quantity: Joi.number().integer().min(0).max(99) }))
            .min(1)
            .max(10),
          user_card_id: id(),
        }),
      },
    },
    async handler(request, h) {
      const p = request.payload;
      const { knex, clock } = request.server.app;
      const userId = currentUserId(request);
      const entryId = await joinWaitlist(knex, {
        userId,
        itemId: request.params.id,
        date: p.date,
        timeSlotId: p.time_slot_id,
        quantities: p.quantities.map((q) => ({ ageGroupId: q.age_group_id, quantity: q.quantity })),
        userCardId: p.user_card_id,
        now: clock.now(),
      });
      const [view] = await listMyWaitlist(knex, userId, request.app.locale, entryId);
      return ok(h, view, {}, 201);
    },
  }),
  route({
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
  }),
  route({
    method: 'GET',
    path: '/api/v1/me/waitlist/{id}',
    options: {
      response: PLACE_ANSWER,
      plugins: answers({ 404: 'Not your entry' }),
      auth: REQUIRED,
      tags: ['api', 'waitlist'],
      description: 'One of your waitlist entries',
      validate: { params: fields({ id: id() }) },
    },
    async handler(request, h) {
      const [view] = await listMyWaitlist(
        request.server.app.knex,
        currentUserId(request),
        request.app.locale,
        request.params.id,
      );
      if (!view) throw notFound();
      return ok(h, view);
    },
  }),
  route({
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
        params: fields({ id: id() }),
        payload: orNoBody(fields({ user_card_id: optional(id()), card_token: optional(Joi.string().max(128)) })),
      },
    },
    async handler(request, h) {
      const p = request.payload ?? {};
      const { knex, config, clock, paymentOutcome } = request.server.app;
      const card = p.card_token ? { token: p.card_token } : p.user_card_id ? { userCardId: p.user_card_id } : undefined;
      const placed = await acceptOffer(knex, config, paymentOutcome, {
        userId: currentUserId(request),
        entryId: request.params.id,
        card,
        now: clock.now(),
      });
      return ok(
        h,
        { orderId: placed.orderId, payment: paymentStartAnswer(placed.payment, request.app.locale) },
        {},
        201,
      );
    },
  }),
  route({
    method: 'DELETE',
    path: '/api/v1/me/waitlist/{id}',
    options: {
      response: LEFT_ANSWER,
      plugins: answers({ 404: 'Not your entry', 409: 'Already answered (waitlistOfferGone)' }),
      auth: REQUIRED,
      app: { access: 'parent' },
      tags: ['api', 'waitlist'],
      description: 'Decline an offer (its places go to the next party) or leave the queue',
      validate: { params: fields({ id: id() }) },
    },
    async handler(request, h) {
      await leaveWaitlist(request.server.app.knex, {
        userId: currentUserId(request),
        entryId: request.params.id,
        now: request.server.app.clock.now(),
      });
      return ok(h, { left: true });
    },
  }),
];
