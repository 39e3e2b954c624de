// The back office's ticket packs: editors and owners list the park's packs and move their sale labels.
import type { ServerRoute } from '@hapi/hapi';
import Joi from 'joi';
import { SaleLabel } from '../../../common/enums';
import { notFound } from '../../lib/errors';
import { answers, camelKeys, id, isoDate, ok, text } from '../../lib/routeKit';
import { optionalText, parkParams, staffOnly } from '../../lib/staffRouteKit';
import { allOptional, fields, listOf, oneOfNumbers, optional, route } from '../../lib/typedInput';
import { currentUserId } from '../../plugins/auth';
import {
  OFFICE_PACK_ANSWER,
  OFFICE_PACK_CREATED_ANSWER,
  OFFICE_PACK_ROW_ANSWER,
  OFFICE_PACKS_ANSWER,
} from './responses';
import { listOfficePacks, movePackSaleLabel } from './services/movePackSaleLabel';
import { createPack, loadOfficePack, updatePack } from './services/savePack';

const packParams = fields({ parkId: id(), packId: id() });
const SALE_LABELS = Object.values(SaleLabel);
/** A pack's fields: POST requires all but the English texts, PUT changes what it names. */
const packFields = {
  name_ja: text(255).min(1),
  name_en: optionalText(255),
  description_ja: text(5000, { multiline: true }).min(1),
  description_en: optionalText(5000, true),
  price: Joi.number().integer().min(0).max(1_000_000),
  min_total: Joi.number().integer().min(1).max(100),
  max_total: Joi.number().integer().min(1).max(100),
  selectable_times: listOf(Joi.string().pattern(/^([01]\d|2[0-3]):[0-5]\d$/))
    .min(1)
    .max(24),
  application_starts_at: Joi.date().iso(),
  application_ends_at: Joi.date().iso(),
  available_from: isoDate(),
  available_until: isoDate(),
  contents: listOf(fields({ item_id: id(), quantity: Joi.number().integer().min(1).max(10).default(1) }))
    .min(1)
    .max(10),
};

export const staffPackRoutes: ServerRoute[] = [
  route({
    method: 'GET',
    path: '/api/v1/staff/parks/{parkId}/ticket-packs',
    options: {
      response: OFFICE_PACKS_ANSWER,
      ...staffOnly('editor'),
      description: "The park's ticket packs, every sale label, with packs sold and the labels each may move to",
      validate: { params: parkParams },
    },
    async handler(request, h) {
      const { parkId } = request.params;
      return ok(h, await listOfficePacks(request.server.app.knex, parkId, request.app.locale));
    },
  }),
  route({
    method: 'POST',
    path: '/api/v1/staff/parks/{parkId}/ticket-packs/{packId}/sale-label',
    options: {
      response: OFFICE_PACK_ROW_ANSWER,
      plugins: answers({
        409: 'Not an allowed move (saleLabelMoveNotAllowed), or back before sale after sales (saleLabelAlreadySold)',
      }),
      ...staffOnly('editor'),
      description: "Move a ticket pack's sale label (the items' lifecycle)",
      validate: {
        params: packParams,
        payload: fields({ sale_label: oneOfNumbers(SALE_LABELS).integer() }),
      },
    },
    async handler(request, h) {
      const { parkId, packId } = request.params;
      return ok(
        h,
        await movePackSaleLabel(request.server.app.knex, {
          parkId,
          packId,
          to: request.payload.sale_label,
          actorUserId: currentUserId(request),
          locale: request.app.locale,
        }),
      );
    },
  }),
  route({
    method: 'GET',
    path: '/api/v1/staff/parks/{parkId}/ticket-packs/{packId}',
    options: {
      response: OFFICE_PACK_ANSWER,
      ...staffOnly('editor'),
      description: 'One ticket pack of the park as its editors edit it (contents, price, times, periods)',
      validate: { params: packParams },
    },
    async handler(request, h) {
      const { parkId, packId } = request.params;
      const pack = await loadOfficePack(request.server.app.knex, parkId, packId);
      if (!pack) throw notFound();
      return ok(h, pack);
    },
  }),
  route({
    method: 'POST',
    path: '/api/v1/staff/parks/{parkId}/ticket-packs',
    options: {
      response: OFFICE_PACK_CREATED_ANSWER,
      plugins: answers({
        201: 'Created (private: sale label 1)',
        200: null,
      }),
      ...staffOnly('editor'),
      description: 'Create a ticket pack of items of the park; it starts private (sale label 1)',
      validate: {
        params: parkParams,
        payload: fields({
          ...packFields,
          name_en: optional(packFields.name_en),
          description_en: optional(packFields.description_en),
        }),
      },
    },
    async handler(request, h) {
      const { parkId } = request.params;
      const pack = await createPack(request.server.app.knex, {
        parkId,
        actorUserId: currentUserId(request),
        fields: camelKeys(request.payload),
      });
      return ok(h, pack, {}, 201);
    },
  }),
  route({
    method: 'PUT',
    path: '/api/v1/staff/parks/{parkId}/ticket-packs/{packId}',
    options: {
      response: OFFICE_PACK_ANSWER,
      plugins: answers({
        409: 'The contents of a pack that has sold (packContentsLocked)',
      }),
      ...staffOnly('editor'),
      description:
        'Change the fields given: names, texts, price, totals, times, application window, use period, contents',
      validate: { params: packParams, payload: fields(allOptional(packFields)).min(1) },
    },
    async handler(request, h) {
      const { parkId, packId } = request.params;
      return ok(
        h,
        await updatePack(request.server.app.knex, {
          parkId,
          packId,
          actorUserId: currentUserId(request),
          fields: camelKeys(request.payload),
        }),
      );
    },
  }),
];
