// The back office's lottery settings: editors and owners of a park set up the rounds of its lottery items.
import type { ServerRoute } from '@hapi/hapi';
import Joi from 'joi';
import { notFound } from '../../lib/errors';
import { answers, camelKeys, id, isoDate, ok } from '../../lib/routeKit';
import { currentUserId, EDITOR, REQUIRED } from '../../plugins/auth';
import {
  createLotteryRound,
  deleteLotteryRound,
  listLotteryRounds,
  type RoundFields,
  updateLotteryRound,
} from './services/saveLotteryRound';

const itemParams = Joi.object({ parkId: id().required(), itemId: id().required() });
const roundParams = Joi.object({ parkId: id().required(), itemId: id().required(), roundId: id().required() });
const at = () => Joi.date().iso().required();
const payload = Joi.object({
  use_from: isoDate().required(),
  use_to: isoDate().required(),
  entry_opens_at: at(),
  entry_closes_at: at(),
  draw_at: at(),
  announce_at: at(),
  purchase_deadline: at(),
});

const actorOf = (
  request: Parameters<typeof currentUserId>[0] & { params: unknown; server: { app: { clock: { now(): Date } } } },
) => {
  const { parkId, itemId } = request.params as { parkId: number; itemId: number };
  return { parkId, itemId, actorUserId: currentUserId(request), now: request.server.app.clock.now() };
};

export const staffLotteryRoutes: ServerRoute[] = [
  {
    method: 'GET',
    path: '/api/v1/staff/parks/{parkId}/items/{itemId}/lottery-rounds',
    options: {
      auth: REQUIRED,
      app: EDITOR,
      tags: ['api', 'staff'],
      description: "The lottery rounds of one of the park's items, with their entries counted",
      validate: { params: itemParams },
    },
    async handler(request, h) {
      const { parkId, itemId } = request.params as { parkId: number; itemId: number };
      const item = await request.server.app.knex('items').where({ id: itemId, park_id: parkId }).first('id');
      if (!item) throw notFound();
      return ok(h, await listLotteryRounds(request.server.app.knex, itemId));
    },
  },
  {
    method: 'POST',
    path: '/api/v1/staff/parks/{parkId}/items/{itemId}/lottery-rounds',
    options: {
      auth: REQUIRED,
      app: EDITOR,
      plugins: answers({ 201: 'Created', 200: null, 409: 'Not a lottery item (lotteryItemRequired)' }),
      tags: ['api', 'staff'],
      description:
        'Set up a lottery round: use dates, entry period, draw, announcement, purchase deadline (in that order, before the first use date, no overlap with another round)',
      validate: { params: itemParams, payload },
    },
    async handler(request, h) {
      const fields = camelKeys<RoundFields>(request.payload);
      return ok(h, await createLotteryRound(request.server.app.knex, { ...actorOf(request), fields }), {}, 201);
    },
  },
  {
    method: 'PUT',
    path: '/api/v1/staff/parks/{parkId}/items/{itemId}/lottery-rounds/{roundId}',
    options: {
      auth: REQUIRED,
      app: EDITOR,
      plugins: answers({
        409: 'Entries have opened (lotteryRoundStarted), or not a lottery item (lotteryItemRequired)',
      }),
      tags: ['api', 'staff'],
      description: 'Change a lottery round while its entries have not opened',
      validate: { params: roundParams, payload },
    },
    async handler(request, h) {
      const { roundId } = request.params as { roundId: number };
      const fields = camelKeys<RoundFields>(request.payload);
      return ok(h, await updateLotteryRound(request.server.app.knex, { ...actorOf(request), roundId, fields }));
    },
  },
  {
    method: 'DELETE',
    path: '/api/v1/staff/parks/{parkId}/items/{itemId}/lottery-rounds/{roundId}',
    options: {
      auth: REQUIRED,
      app: EDITOR,
      plugins: answers({
        409: 'Entries have opened (lotteryRoundStarted), or not a lottery item (lotteryItemRequired)',
      }),
      tags: ['api', 'staff'],
      description: 'Remove a lottery round while its entries have not opened',
      validate: { params: roundParams },
    },
    async handler(request, h) {
      const { roundId } = request.params as { roundId: number };
      await deleteLotteryRound(request.server.app.knex, { ...actorOf(request), roundId });
      return ok(h, { id: roundId });
    },
  },
];
