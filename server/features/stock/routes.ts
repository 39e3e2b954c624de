import type { ServerRoute } from '@hapi/hapi';
import Joi from 'joi';
import { DomainError, notFound } from '../../lib/errors';
import { isoDate } from '../../lib/routeKit';
import { fields, optional, route } from '../../lib/typedInput';
import { assertVisible, loadItems } from './catalogue';
import { AVAILABILITY_ANSWER, SEATS_ANSWER } from './responses';
import { getAvailability } from './services/getAvailability';
import { seatStates } from './services/seats';

const MAX_ID = 2_147_483_647;
const id = () => Joi.number().integer().min(1).max(MAX_ID);
// Stock changes with every hold: never cached.
const NO_STORE = 'private, no-store';

export const stockRoutes: ServerRoute[] = [
  route({
    method: 'GET',
    path: '/api/v1/items/{id}/availability',
    options: {
      response: AVAILABILITY_ANSWER,
      tags: ['api', 'items'],
      description:
        'Places left per date and time slot from `from` to `to` (YYYY-MM-DD, at most 62 days): remaining, status ' +
        'available | few (fewer than 10) | soldOut | unavailable, and the reason (and its text) when unavailable',
      auth: false,
      validate: {
        params: fields({ id: id() }),
        query: fields({ from: isoDate(), to: isoDate(), link_id: optional(Joi.string().guid()) }),
      },
    },
    async handler(request, h) {
      const { id: itemId } = request.params;
      const q = request.query;
      const data = await getAvailability(
        request.server.app.knex,
        itemId,
        { from: q.from, to: q.to, linkId: q.link_id },
        request.app.locale,
        request.server.app.clock.now(),
      );
      return h.response({ data, meta: { from: q.from, to: q.to } }).header('cache-control', NO_STORE);
    },
  }),
  route({
    method: 'GET',
    path: '/api/v1/items/{id}/seats',
    options: {
      response: SEATS_ANSWER,
      tags: ['api', 'items'],
      description:
        'The seat map of an item with seat selection, with the seats taken on a date and slot (held or sold)',
      auth: false,
      validate: {
        params: fields({ id: id() }),
        query: fields({ date: isoDate(), time_slot_id: optional(id()), link_id: optional(Joi.string().guid()) }),
      },
    },
    async handler(request, h) {
      const { id: itemId } = request.params;
      const q = request.query;
      const knex = request.server.app.knex;
      const item = (await loadItems(knex, [itemId])).get(itemId);
      if (!item) throw notFound();
      assertVisible(item, q.link_id);
      if (!item.seatSelection) throw new DomainError('seatsNotSelectable');
      if (item.slots.length > 0 && !item.slots.some((s) => s.id === q.time_slot_id)) {
        throw new DomainError(q.time_slot_id ? 'timeSlotInvalid' : 'timeSlotRequired');
      }
      const unit = (await knex('stock_units')
        .where({ item_id: itemId, date: q.date, pool: 0 })
        .whereRaw('COALESCE(time_slot_id, 0) = ?', [q.time_slot_id ?? 0])
        .first('id')) as { id: number } | undefined;
      const seats = await seatStates(knex, itemId, unit ? Number(unit.id) : null);
      return h
        .response({ data: seats, meta: { date: q.date, timeSlotId: q.time_slot_id ?? null } })
        .header('cache-control', NO_STORE);
    },
  }),
];
