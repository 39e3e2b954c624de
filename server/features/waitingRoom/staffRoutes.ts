// The back office's waiting room of an item (owners and editors): the queue's length, rate and admissions; set it
// up, change the rate, pause and resume.
import type { ServerRoute } from '@hapi/hapi';
import Joi from 'joi';
import { notFound } from '../../lib/errors';
import { answers, id, ok } from '../../lib/routeKit';
import { fields, optional, orNull, route } from '../../lib/typedInput';
import { currentUserId, EDITOR, REQUIRED } from '../../plugins/auth';
import { OVERVIEW_ANSWER } from './responses';
import { roomOverview, saveRoom } from './services/saveRoom';

const itemParams = () => fields({ parkId: id(), itemId: id() });

async function parkItem(request: { server: { app: { knex: import('knex').Knex } } }, parkId: number, itemId: number) {
  const item = await request.server.app.knex('items').where({ id: itemId, park_id: parkId }).first('id');
  if (!item) throw notFound();
}

export const staffWaitingRoomRoutes: ServerRoute[] = [
  route({
    method: 'GET',
    path: '/api/v1/staff/parks/{parkId}/items/{itemId}/waiting-room',
    options: {
      response: OVERVIEW_ANSWER,
      auth: REQUIRED,
      app: EDITOR,
      plugins: answers({ 404: 'No such item of the park, or it has no waiting room' }),
      tags: ['api', 'staff'],
      description: "An item's waiting room: places taken, let in, used in the cart, rate, paused",
      validate: { params: itemParams() },
    },
    async handler(request, h) {
      const { parkId, itemId } = request.params;
      await parkItem(request, parkId, itemId);
      const o = await roomOverview(request.server.app.knex, itemId, request.server.app.clock.now());
      if (!o) throw notFound();
      return ok(h, o);
    },
  }),
  route({
    method: 'PUT',
    path: '/api/v1/staff/parks/{parkId}/items/{itemId}/waiting-room',
    options: {
      response: OVERVIEW_ANSWER,
      auth: REQUIRED,
      app: EDITOR,
      plugins: answers({
        404: 'No such item of the park',
        409: 'The opening cannot move once the queue has opened (waitingRoomAlreadyOpen)',
      }),
      tags: ['api', 'staff'],
      description:
        "Mark an item's sale as high demand (opens_at required the first time: its seed is committed at once), or change the closing, the admissions per second, the token's minutes, or pause and resume",
      validate: {
        params: itemParams(),
        payload: fields({
          opens_at: optional(Joi.date().iso()),
          closes_at: optional(orNull(Joi.date().iso())),
          rate: optional(Joi.number().min(0.01).max(1000)),
          paused: optional(Joi.boolean()),
          token_minutes: optional(Joi.number().integer().min(1).max(60)),
        }),
      },
    },
    async handler(request, h) {
      const { parkId, itemId } = request.params;
      await parkItem(request, parkId, itemId);
      const { knex, clock } = request.server.app;
      const p = request.payload;
      const now = clock.now();
      await saveRoom(
        knex,
        itemId,
        { opensAt: p.opens_at, closesAt: p.closes_at, rate: p.rate, paused: p.paused, tokenMinutes: p.token_minutes },
        now,
        currentUserId(request),
      );
      return ok(h, await roomOverview(knex, itemId, now));
    },
  }),
];
