// The back office's stock: editors and owners of a park read and set an item's capacity per date and slot.
import type { ServerRoute } from '@hapi/hapi';
import Joi from 'joi';
import { answers, id, isoDate, ok } from '../../lib/routeKit';
import { fields, optional, orNull, route } from '../../lib/typedInput';
import { currentUserId, EDITOR, REQUIRED } from '../../plugins/auth';
import { STOCK_DAY_ANSWER, STOCK_SET_ANSWER } from './responses';
import { getStockDay } from './services/getStockDay';
import { setStockCapacity } from './services/setStockCapacity';

const dayParams = () => fields({ parkId: id(), itemId: id(), date: isoDate() });

export const staffStockRoutes: ServerRoute[] = [
  route({
    method: 'GET',
    path: '/api/v1/staff/parks/{parkId}/items/{itemId}/stock/{date}',
    options: {
      response: STOCK_DAY_ANSWER,
      auth: REQUIRED,
      app: EDITOR,
      plugins: answers({
        404: 'No such item at the park',
      }),
      tags: ['api', 'staff'],
      description:
        "An item's stock on a date: the day's row or one per time slot, with capacity, sold, held and remaining",
      validate: {
        params: dayParams(),
      },
    },
    async handler(request, h) {
      const { parkId, itemId, date } = request.params;
      return ok(h, await getStockDay(request.server.app.knex, parkId, itemId, date));
    },
  }),
  route({
    method: 'PUT',
    path: '/api/v1/staff/parks/{parkId}/items/{itemId}/stock/{date}',
    options: {
      response: STOCK_SET_ANSWER,
      auth: REQUIRED,
      app: EDITOR,
      plugins: answers({
        409: 'Below the places sold and held (capacityBelowTaken)',
      }),
      tags: ['api', 'staff'],
      description:
        "Set the capacity of an item's date (or of one time slot: time_slot_id); never below the places sold and held",
      validate: {
        params: dayParams(),
        payload: fields({
          capacity: Joi.number().integer().min(0).max(1_000_000),
          time_slot_id: optional(orNull(id())),
        }),
      },
    },
    async handler(request, h) {
      const { parkId, itemId, date } = request.params;
      const p = request.payload;
      return ok(
        h,
        await setStockCapacity(request.server.app.knex, {
          parkId,
          itemId,
          date,
          timeSlotId: p.time_slot_id ?? null,
          capacity: p.capacity,
          actorUserId: currentUserId(request),
        }),
      );
    },
  }),
];
