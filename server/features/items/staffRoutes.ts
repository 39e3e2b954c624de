// The back office's catalogue: editors and owners of a park list, create and change its items and move their sale
// labels. Requests are snake_case, answers camelCase (common/dto/catalogueOffice.ts).
import type { ServerRoute } from '@hapi/hapi';
import Joi from 'joi';
import type { SaleLabel } from '../../../common/enums';
import { notFound } from '../../lib/errors';
import { answers, camelKeys, id, isoDate, ok, text } from '../../lib/routeKit';
import { currentUserId, EDITOR, REQUIRED } from '../../plugins/auth';
import { loadOfficeItem } from './officeItem';
import { OFFICE_ITEM_ANSWER, OFFICE_ITEM_CREATED_ANSWER, OFFICE_ITEMS_ANSWER } from './responses';
import { listOfficeItems } from './services/listOfficeItems';
import { moveSaleLabel } from './services/moveSaleLabel';
import { createOfficeItem, type ItemFields, updateOfficeItem } from './services/saveOfficeItem';

const yen = () => Joi.number().integer().min(0).max(1_000_000);
const hhmm = () => Joi.string().pattern(/^([01]\d|2[0-3]):[0-5]\d$/);
const optionalText = (max: number, multiline = false) => text(max, { multiline }).allow(null, '').empty('');

/** Every field optional (a PUT changes what it names); POST requires the Japanese name and description. */
const fields = {
  name_ja: text(255).min(1),
  name_en: optionalText(255),
  description_ja: text(5000, { multiline: true }).min(1),
  description_en: optionalText(5000, true),
  notes_ja: optionalText(5000, true),
  notes_en: optionalText(5000, true),
  category: Joi.number().integer().valid(0, 1, 2, 3, 4, 5),
  combination_label: Joi.number().integer().valid(1, 2, 3, 4, 99),
  usage_trigger: Joi.number().integer().valid(0, 1, 2, 3),
  reservation_required: Joi.boolean(),
  lottery: Joi.boolean(),
  waitlist: Joi.boolean(),
  minimum_participant: Joi.number().integer().min(1).max(100),
  max_per_order: Joi.number().integer().min(1).max(100),
  disability_price: yen().allow(null),
  available_from: isoDate(),
  available_until: isoDate(),
  application_deadline_days: Joi.number().integer().min(0).max(365),
  application_deadline_time: hhmm(),
  sale_starts_at: Joi.date().iso().allow(null),
  sale_ends_at: Joi.date().iso().allow(null),
  shareable_until: isoDate().allow(null),
  reward_coins: Joi.number().integer().min(0).max(10_000),
  daily_capacity: Joi.number().integer().min(0).max(1_000_000),
  reentry: Joi.boolean(),
  // With re-entry, entries in all (2-99); null: as many as the day allows.
  max_entries: Joi.number().integer().min(2).max(99).allow(null),
  is_private: Joi.boolean(),
  image_url: Joi.string().pattern(/^\/media\/[\w\-./]{1,200}$/),
  prices: Joi.array()
    .items(Joi.object({ age_group_id: id().required(), price: yen().required() }))
    .max(20),
  cancellation_policy: Joi.array()
    .items(
      Joi.object({
        days_before: Joi.number().integer().min(0).max(365).required(),
        charge_rate: Joi.number().integer().min(0).max(100).required(),
      }),
    )
    .max(20),
  excluded_days: Joi.array().items(isoDate()).max(366),
  time_slots: Joi.array()
    .items(
      Joi.object({
        id: id(),
        start_time: hhmm().required(),
        end_time: hhmm().required(),
        capacity: Joi.number().integer().min(0).max(1_000_000).required(),
      }),
    )
    .max(48),
  additional_plans: Joi.array()
    .items(
      Joi.object({
        id: id(),
        name_ja: text(120).min(1).required(),
        name_en: text(120).allow(null, '').empty('').default(null),
        prices: Joi.array()
          .items(Joi.object({ age_group_id: id().required(), price: yen().required() }))
          .max(20)
          .required(),
      }),
    )
    .max(10),
  advance_info_fields: Joi.array()
    .items(
      Joi.object({
        key: Joi.string()
          .pattern(/^[a-z][a-z0-9_]{0,31}$/)
          .required(),
        kind: Joi.string().valid('text', 'face_photo', 'gate_photo').required(),
        label_ja: text(60).min(1).required(),
        label_en: text(60).allow('').default(''),
        required: Joi.boolean().default(false),
        max_length: Joi.number().integer().min(1).max(1000),
      }),
    )
    .max(10),
};

const parkParams = Joi.object({ parkId: id().required() });
const itemParams = Joi.object({ parkId: id().required(), itemId: id().required() });

export const staffItemRoutes: ServerRoute[] = [
  {
    method: 'GET',
    path: '/api/v1/staff/parks/{parkId}/items',
    options: {
      response: OFFICE_ITEMS_ANSWER,
      auth: REQUIRED,
      app: EDITOR,
      tags: ['api', 'staff'],
      description:
        "The park's items, every sale label (the catalogue and the stock page), with places sold, time slots and the labels each may move to",
      validate: { params: parkParams },
    },
    async handler(request, h) {
      const { parkId } = request.params as { parkId: number };
      return ok(h, await listOfficeItems(request.server.app.knex, parkId, request.app.locale));
    },
  },
  {
    method: 'POST',
    path: '/api/v1/staff/parks/{parkId}/items',
    options: {
      response: OFFICE_ITEM_CREATED_ANSWER,
      auth: REQUIRED,
      app: EDITOR,
      plugins: answers({
        201: 'Created (private: sale label 1)',
        200: null,
      }),
      tags: ['api', 'staff'],
      description: 'Create an item of the park; it starts private (sale label 1) until its label is moved',
      validate: {
        params: parkParams,
        payload: Joi.object({
          ...fields,
          name_ja: fields.name_ja.required(),
          description_ja: fields.description_ja.required(),
          prices: fields.prices.min(1).required(),
        }),
      },
    },
    async handler(request, h) {
      const item = await createOfficeItem(request.server.app.knex, {
        parkId: (request.params as { parkId: number }).parkId,
        actorUserId: currentUserId(request),
        fields: camelKeys<ItemFields>(request.payload) as ItemFields & {
          nameJa: string;
          descriptionJa: string;
        },
      });
      return ok(h, item, {}, 201);
    },
  },
  {
    method: 'GET',
    path: '/api/v1/staff/parks/{parkId}/items/{itemId}',
    options: {
      response: OFFICE_ITEM_ANSWER,
      auth: REQUIRED,
      app: EDITOR,
      tags: ['api', 'staff'],
      description: 'One item of the park as its editors edit it',
      validate: { params: itemParams },
    },
    async handler(request, h) {
      const { parkId, itemId } = request.params as { parkId: number; itemId: number };
      const item = await loadOfficeItem(request.server.app.knex, parkId, itemId, request.app.locale);
      if (!item) throw notFound();
      return ok(h, item);
    },
  },
  {
    method: 'PUT',
    path: '/api/v1/staff/parks/{parkId}/items/{itemId}',
    options: {
      response: OFFICE_ITEM_ANSWER,
      auth: REQUIRED,
      app: EDITOR,
      plugins: answers({
        409: 'A time slot in use (timeSlotInUse) or an add-on of a sold item (planInUse) would be removed',
      }),
      tags: ['api', 'staff'],
      description:
        'Change the fields given (the rest stay): names, texts, kind, flags, prices of the basic plan, cancellation policy rows, excluded days, dates, capacity for new days',
      validate: { params: itemParams, payload: Joi.object(fields).min(1) },
    },
    async handler(request, h) {
      const { parkId, itemId } = request.params as { parkId: number; itemId: number };
      return ok(
        h,
        await updateOfficeItem(request.server.app.knex, {
          parkId,
          itemId,
          actorUserId: currentUserId(request),
          fields: camelKeys<ItemFields>(request.payload),
        }),
      );
    },
  },
  {
    method: 'POST',
    path: '/api/v1/staff/parks/{parkId}/items/{itemId}/sale-label',
    options: {
      response: OFFICE_ITEM_ANSWER,
      auth: REQUIRED,
      app: EDITOR,
      plugins: answers({
        409: 'Not an allowed move (saleLabelMoveNotAllowed), or back before sale after sales (saleLabelAlreadySold)',
      }),
      tags: ['api', 'staff'],
      description:
        'Move the sale label: 1→2,3,4,99; 2→1,3,4; 3→1,2,4; 4→5 (1,2 while nothing is sold); 5→4,6; 6 is the last; 99→1,6',
      validate: {
        params: itemParams,
        payload: Joi.object({ sale_label: Joi.number().integer().valid(1, 2, 3, 4, 5, 6, 99).required() }),
      },
    },
    async handler(request, h) {
      const { parkId, itemId } = request.params as { parkId: number; itemId: number };
      return ok(
        h,
        await moveSaleLabel(request.server.app.knex, {
          parkId,
          itemId,
          to: (request.payload as { sale_label: SaleLabel }).sale_label,
          actorUserId: currentUserId(request),
        }),
      );
    },
  },
];
