// The back office's stock: editors and owners of a park set an item's capacity per date and slot.
import type { ServerRoute } from '@hapi/hapi';
import Joi from 'joi';
import { answers, id, isoDate, ok } from '../../lib/routeKit';
import { currentUserId, REQUIRED } from '../../plugins/auth';
import { setStockCapacity } from './services/setStockCapacity';

export const staffStockRoutes: ServerRoute[] = [
  {
    method: 'PUT',
    path: '/api/v1/staff/parks/{parkId}/items/{itemId}/stock/{date}',
    options: {
      auth: REQUIRED,
      app: { access: { staff: 'editor' } },
      plugins: answers({
        403: 'Not editor or owner of the park (notParkStaff)',
        409: 'Below the places sold and held (capacityBelowTaken)',
      }),
      tags: ['api', 'staff'],
      description:
        "Set the capacity of an item's date (or of one time slot: time_slot_id); never below the places sold and held",
      validate: {
        params: Joi.object({ parkId: id().required(), itemId: id().required(), date: isoDate().required() }),
        payload: Joi.object({
          capacity: Joi.number().integer().min(0).max(1_000_000).required(),
          time_slot_id: id().allow(null),
        }),
      },
    },
    async handler(request, h) {
      const { parkId, itemId, date } = request.params as { parkId: number; itemId: number; date: string };
      const p = request.payload as { capacity: number; time_slot_id?: number | null };
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
  },
];
