// The back office's lottery settings: editors and owners of a park set up the rounds of its lottery items.
import type { ServerRoute } from '@hapi/hapi';
import Joi from 'joi';
import { notFound } from '../../lib/errors';
import { answers, id, isoDate, ok } from '../../lib/routeKit';
import { fields, route, type TypedRequest } from '../../lib/typedInput';
import { currentUserId, EDITOR, REQUIRED } from '../../plugins/auth';
import { ROUND_ANSWER, ROUND_CREATED_ANSWER, ROUND_REMOVED_ANSWER, ROUNDS_ANSWER } from './responses';
import {
  createLotteryRound,
  deleteLotteryRound,
  listLotteryRounds,
  type RoundFields,
  updateLotteryRound,
} from './services/saveLotteryRound';

const itemParams = () => fields({ parkId: id(), itemId: id() });
const roundParams = () => fields({ parkId: id(), itemId: id(), roundId: id() });
const at = () => Joi.date().iso();
const payload = () =>
  fields({
    use_from: isoDate(),
    use_to: isoDate(),
    entry_opens_at: at(),
    entry_closes_at: at(),
    draw_at: at(),
    announce_at: at(),
    purchase_deadline: at(),
  });
type RoundPayload = ReturnType<typeof payload> extends Joi.ObjectSchema<infer T> ? T : never;

const roundFields = (p: RoundPayload): RoundFields => ({
  useFrom: p.use_from,
  useTo: p.use_to,
  entryOpensAt: p.entry_opens_at,
  entryClosesAt: p.entry_closes_at,
  drawAt: p.draw_at,
  announceAt: p.announce_at,
  purchaseDeadline: p.purchase_deadline,
});

const actorOf = (request: TypedRequest<{ parkId: number; itemId: number }, Record<string, unknown>, object>) => {
  const { parkId, itemId } = request.params;
  return { parkId, itemId, actorUserId: currentUserId(request), now: request.server.app.clock.now() };
};

export const staffLotteryRoutes: ServerRoute[] = [
  route({
    method: 'GET',
    path: '/api/v1/staff/parks/{parkId}/items/{itemId}/lottery-rounds',
    options: {
      response: ROUNDS_ANSWER,
      auth: REQUIRED,
      app: EDITOR,
      tags: ['api', 'staff'],
      description: "The lottery rounds of one of the park's items, with their entries counted",
      validate: { params: itemParams() },
    },
    async handler(request, h) {
      const { parkId, itemId } = request.params;
      const item = await request.server.app.knex('items').where({ id: itemId, park_id: parkId }).first('id');
      if (!item) throw notFound();
      return ok(h, await listLotteryRounds(request.server.app.knex, itemId));
    },
  }),
  route({
    method: 'POST',
    path: '/api/v1/staff/parks/{parkId}/items/{itemId}/lottery-rounds',
    options: {
      response: ROUND_CREATED_ANSWER,
      auth: REQUIRED,
      app: EDITOR,
      plugins: answers({ 201: 'Created', 200: null, 409: 'Not a lottery item (lotteryItemRequired)' }),
      tags: ['api', 'staff'],
      description:
        'Set up a lottery round: use dates, entry period, draw, announcement, purchase deadline (in that order, before the first use date, no overlap with another round)',
      validate: { params: itemParams(), payload: payload() },
    },
    async handler(request, h) {
      const round = roundFields(request.payload);
      return ok(h, await createLotteryRound(request.server.app.knex, { ...actorOf(request), fields: round }), {}, 201);
    },
  }),
  route({
    method: 'PUT',
    path: '/api/v1/staff/parks/{parkId}/items/{itemId}/lottery-rounds/{roundId}',
    options: {
      response: ROUND_ANSWER,
      auth: REQUIRED,
      app: EDITOR,
      plugins: answers({
        409: 'Entries have opened (lotteryRoundStarted), or not a lottery item (lotteryItemRequired)',
      }),
      tags: ['api', 'staff'],
      description: 'Change a lottery round while its entries have not opened',
      validate: { params: roundParams(), payload: payload() },
    },
    async handler(request, h) {
      const { roundId } = request.params;
      const round = roundFields(request.payload);
      return ok(h, await updateLotteryRound(request.server.app.knex, { ...actorOf(request), roundId, fields: round }));
    },
  }),
  route({
    method: 'DELETE',
    path: '/api/v1/staff/parks/{parkId}/items/{itemId}/lottery-rounds/{roundId}',
    options: {
      response: ROUND_REMOVED_ANSWER,
      auth: REQUIRED,
      app: EDITOR,
      plugins: answers({
        409: 'Entries have opened (lotteryRoundStarted), or not a lottery item (lotteryItemRequired)',
      }),
      tags: ['api', 'staff'],
      description: 'Remove a lottery round while its entries have not opened',
      validate: { params: roundParams() },
    },
    async handler(request, h) {
      const { roundId } = request.params;
      await deleteLotteryRound(request.server.app.knex, { ...actorOf(request), roundId });
      return ok(h, { id: roundId });
    },
  }),
];
