// The back office's stock: editors and owners of a park read and set an item's capacity per date and slot.
import type { ServerRoute } from '@hapi/hapi';
import Joi from 'joi';
import { answers, id, isoDate, ok } from '../../lib/routeKit';
import { fields, optional, orNull, route } from '../../lib/typedInput';
import { currentUserId, EDITOR, REQUIRED } from '../../plugins/auth';
import { PASS_CAPACITY_ANSWER, STOCK_DAY_ANSWER, STOCK_SET_ANSWER } from './responses';
import { getStockDay } from './services/getStockDay';
import { setPassCapacity } from './services/setPassCapacity';
import { setStockCapacity } from './services/setStockCapacity';

// Places set aside for pass holders are a benefit the park sells with its passes: its owners decide them.
const OWNER = { access: { staff: 'owner' as const } };

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
        "Set the capacity of an item's date (or of one time slot: time_slot_id), its general places; never below " +
        'the places sold and held',
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
  route({
    method: 'PUT',
    path: '/api/v1/staff/parks/{parkId}/items/{itemId}/time-slots/{timeSlotId}/pass-capacity',
    options: {
      response: PASS_CAPACITY_ANSWER,
      auth: REQUIRED,
      app: OWNER,
      plugins: answers({
        400: 'More than the slot holds (passCapacityOverSlot) or a bad value (invalidParam, field pass_capacity)',
        404: 'No such item or time slot at the park',
        409:
          'A date from today would have fewer places than sold and held in one pool (passCapacityBelowTaken), or ' +
          'the item is a lottery, has seat selection or is a pass (passCapacityNotForItem)',
      }),
      tags: ['api', 'staff'],
      description:
        "Set how many of a time slot's places are for annual-pass holders (owner). New dates get them; dates " +
        'already made from today move the difference between their general and pass-holder places',
      validate: {
        params: fields({ parkId: id(), itemId: id(), timeSlotId: id() }),
        payload: fields({ pass_capacity: Joi.number().integer().min(0).max(1_000_000).required() }),
      },
    },
    async handler(request, h) {
      const { parkId, itemId, timeSlotId } = request.params;
      return ok(
        h,
        await setPassCapacity(request.server.app.knex, {
          parkId,
          itemId,
          timeSlotId,
          passCapacity: request.payload.pass_capacity,
          actorUserId: currentUserId(request),
          now: request.server.app.clock.now(),
        }),
      );
    },
  }),
];
