// The back office's ticket packs: editors and owners list the park's packs and move their sale labels.
import type { ServerRoute } from '@hapi/hapi';
import Joi from 'joi';
import type { SaleLabel } from '../../../common/enums';
import { notFound } from '../../lib/errors';
import { answers, camelKeys, id, isoDate, ok, text } from '../../lib/routeKit';
import { currentUserId, EDITOR, REQUIRED } from '../../plugins/auth';
import {
  OFFICE_PACK_ANSWER,
  OFFICE_PACK_CREATED_ANSWER,
  OFFICE_PACK_ROW_ANSWER,
  OFFICE_PACKS_ANSWER,
} from './responses';
import { listOfficePacks, movePackSaleLabel } from './services/movePackSaleLabel';
import { createPack, loadOfficePack, type PackFields, updatePack } from './services/savePack';

const parkParams = Joi.object({ parkId: id().required() });
const packParams = Joi.object({ parkId: id().required(), packId: id().required() });
const optional = (max: number, multiline = false) => text(max, { multiline }).allow(null, '').empty('');
const fields = {
  name_ja: text(255).min(1),
  name_en: optional(255),
  description_ja: text(5000, { multiline: true }).min(1),
  description_en: optional(5000, true),
  price: Joi.number().integer().min(0).max(1_000_000),
  min_total: Joi.number().integer().min(1).max(100),
  max_total: Joi.number().integer().min(1).max(100),
  selectable_times: Joi.array()
    .items(Joi.string().pattern(/^([01]\d|2[0-3]):[0-5]\d$/))
    .min(1)
    .max(24),
  application_starts_at: Joi.date().iso(),
  application_ends_at: Joi.date().iso(),
  available_from: isoDate(),
  available_until: isoDate(),
  contents: Joi.array()
    .items(Joi.object({ item_id: id().required(), quantity: Joi.number().integer().min(1).max(10).default(1) }))
    .min(1)
    .max(10),
};

export const staffPackRoutes: ServerRoute[] = [
  {
    method: 'GET',
    path: '/api/v1/staff/parks/{parkId}/ticket-packs',
    options: {
      response: OFFICE_PACKS_ANSWER,
      auth: REQUIRED,
      app: EDITOR,
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
      response: OFFICE_PACK_ROW_ANSWER,
      auth: REQUIRED,
      app: EDITOR,
      plugins: answers({
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
  {
    method: 'GET',
    path: '/api/v1/staff/parks/{parkId}/ticket-packs/{packId}',
    options: {
      response: OFFICE_PACK_ANSWER,
      auth: REQUIRED,
      app: EDITOR,
      tags: ['api', 'staff'],
      description: 'One ticket pack of the park as its editors edit it (contents, price, times, periods)',
      validate: { params: packParams },
    },
    async handler(request, h) {
      const { parkId, packId } = request.params as { parkId: number; packId: number };
      const pack = await loadOfficePack(request.server.app.knex, parkId, packId);
      if (!pack) throw notFound();
      return ok(h, pack);
    },
  },
  {
    method: 'POST',
    path: '/api/v1/staff/parks/{parkId}/ticket-packs',
    options: {
      response: OFFICE_PACK_CREATED_ANSWER,
      auth: REQUIRED,
      app: EDITOR,
      plugins: answers({
        201: 'Created (private: sale label 1)',
        200: null,
      }),
      tags: ['api', 'staff'],
      description: 'Create a ticket pack of items of the park; it starts private (sale label 1)',
      validate: {
        params: parkParams,
        payload: Joi.object(
          Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, k.endsWith('_en') ? v : v.required()])),
        ),
      },
    },
    async handler(request, h) {
      const { parkId } = request.params as { parkId: number };
      const pack = await createPack(request.server.app.knex, {
        parkId,
        actorUserId: currentUserId(request),
        fields: camelKeys<PackFields>(request.payload) as Required<PackFields>,
      });
      return ok(h, pack, {}, 201);
    },
  },
  {
    method: 'PUT',
    path: '/api/v1/staff/parks/{parkId}/ticket-packs/{packId}',
    options: {
      response: OFFICE_PACK_ANSWER,
      auth: REQUIRED,
      app: EDITOR,
      plugins: answers({
        409: 'The contents of a pack that has sold (packContentsLocked)',
      }),
      tags: ['api', 'staff'],
      description:
        'Change the fields given: names, texts, price, totals, times, application window, use period, contents',
      validate: { params: packParams, payload: Joi.object(fields).min(1) },
    },
    async handler(request, h) {
      const { parkId, packId } = request.params as { parkId: number; packId: number };
      return ok(
        h,
        await updatePack(request.server.app.knex, {
          parkId,
          packId,
          actorUserId: currentUserId(request),
          fields: camelKeys<PackFields>(request.payload),
        }),
      );
    },
  },
];
