// The back office's ticket packs: editors and owners list the park's packs and move their sale labels.
import type { ServerRoute } from '@hapi/hapi';
import Joi from 'joi';
import type { SaleLabel } from '../../../common/enums';
import { answers, id, ok } from '../../lib/routeKit';
import { currentUserId, REQUIRED } from '../../plugins/auth';
import { listOfficePacks, movePackSaleLabel } from './services/movePackSaleLabel';

const EDITOR = { access: { staff: 'editor' as const } };
const parkParams = Joi.object({ parkId: id().required() });

export const staffPackRoutes: ServerRoute[] = [
  {
    method: 'GET',
    path: '/api/v1/staff/parks/{parkId}/ticket-packs',
    options: {
      auth: REQUIRED,
      app: EDITOR,
      plugins: answers({ 403: 'Not editor or owner of the park (notParkStaff)' }),
      tags: ['api', 'staff'],
      description: "The park's ticket packs, every sale label, with packs sold and the labels each may move to",
      validate: { params: parkParams },
    },
    async handler(request, h) {
      const { parkId } = request.params as { parkId: number };
      return ok(h, await listOfficePacks(request.server.app.knex, parkId, request.app.locale));
    },
  },
  {
    method: 'POST',
    path: '/api/v1/staff/parks/{parkId}/ticket-packs/{packId}/sale-label',
    options: {
      auth: REQUIRED,
      app: EDITOR,
      plugins: answers({
        403: 'Not editor or owner of the park (notParkStaff)',
        409: 'Not an allowed move (saleLabelMoveNotAllowed), or back before sale after sales (saleLabelAlreadySold)',
      }),
      tags: ['api', 'staff'],
      description: "Move a ticket pack's sale label (the items' lifecycle)",
      validate: {
        params: Joi.object({ parkId: id().required(), packId: id().required() }),
        payload: Joi.object({ sale_label: Joi.number().integer().valid(1, 2, 3, 4, 5, 6, 99).required() }),
      },
    },
    async handler(request, h) {
      const { parkId, packId } = request.params as { parkId: number; packId: number };
      return ok(
        h,
        await movePackSaleLabel(request.server.app.knex, {
          parkId,
          packId,
          to: (request.payload as { sale_label: SaleLabel }).sale_label,
          actorUserId: currentUserId(request),
          locale: request.app.locale,
        }),
      );
    },
  },
];
