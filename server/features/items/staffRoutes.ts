// The back office's catalogue: editors and owners of a park list, create and change its items and move their sale
// labels. Requests are snake_case, answers camelCase (common/dto/catalogueOffice.ts).
import type { ServerRoute } from '@hapi/hapi';
import Joi from 'joi';
import { SaleLabel } from '../../../common/enums';
import { notFound } from '../../lib/errors';
import { answers, camelKeys, id, isoDate, ok, text } from '../../lib/routeKit';
import { optionalText, parkParams, staffOnly } from '../../lib/staffRouteKit';
import { allOptional, fields, listOf, oneOf, oneOfNumbers, optional, orNull, route } from '../../lib/typedInput';
import { currentUserId } from '../../plugins/auth';
import { loadOfficeItem } from './officeItem';
import { OFFICE_ITEM_ANSWER, OFFICE_ITEM_CREATED_ANSWER, OFFICE_ITEMS_ANSWER } from './responses';
import { listOfficeItems } from './services/listOfficeItems';
import { moveSaleLabel } from './services/moveSaleLabel';
import { createOfficeItem, updateOfficeItem } from './services/saveOfficeItem';

const yen = () => Joi.number().integer().min(0).max(1_000_000);
const hhmm = () => Joi.string().pattern(/^([01]\d|2[0-3]):[0-5]\d$/);
const price = () => fields({ age_group_id: id(), price: yen() });
const ADVANCE_FIELD_KINDS = ['text', 'face_photo', 'gate_photo'] as const;

/** Every field optional (a PUT changes what it names); POST requires the Japanese name and description. */
const itemFields = {
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
  disability_price: orNull(yen()),
  available_from: isoDate(),
  available_until: isoDate(),
  application_deadline_days: Joi.number().integer().min(0).max(365),
  application_deadline_time: hhmm(),
  sale_starts_at: orNull(Joi.date().iso()),
  sale_ends_at: orNull(Joi.date().iso()),
  shareable_until: orNull(isoDate()),
  reward_coins: Joi.number().integer().min(0).max(10_000),
  daily_capacity: Joi.number().integer().min(0).max(1_000_000),
  reentry: Joi.boolean(),
  // With re-entry, entries in all (2-99); null: as many as the day allows.
  max_entries: orNull(Joi.number().integer().min(2).max(99)),
  is_private: Joi.boolean(),
  image_url: Joi.string().pattern(/^\/media\/[\w\-./]{1,200}$/),
  prices: listOf(price()).max(20),
  cancellation_policy: listOf(
    fields({
      days_before: Joi.number().integer().min(0).max(365),
      charge_rate: Joi.number().integer().min(0).max(100),
    }),
  ).max(20),
  excluded_days: listOf(isoDate()).max(366),
  time_slots: listOf(
    fields({
      id: optional(id()),
      start_time: hhmm(),
      end_time: hhmm(),
      capacity: Joi.number().integer().min(0).max(1_000_000),
    }),
  ).max(48),
  additional_plans: listOf(
    fields({
      id: optional(id()),
      name_ja: text(120).min(1),
      name_en: orNull(text(120)).allow('').empty('').default(null),
      prices: listOf(price()).max(20),
    }),
  ).max(10),
  advance_info_fields: listOf(
    fields({
      key: Joi.string().pattern(/^[a-z][a-z0-9_]{0,31}$/),
      kind: oneOf(ADVANCE_FIELD_KINDS),
      label_ja: text(60).min(1),
      label_en: text(60).allow('').default(''),
      required: Joi.boolean().default(false),
      max_length: optional(Joi.number().integer().min(1).max(1000)),
    }),
  ).max(10),
};
const SALE_LABELS = Object.values(SaleLabel);

const itemParams = fields({ parkId: id(), itemId: id() });

export const staffItemRoutes: ServerRoute[] = [
  route({
    method: 'GET',
    path: '/api/v1/staff/parks/{parkId}/items',
    options: {
      response: OFFICE_ITEMS_ANSWER,
      ...staffOnly('editor'),
      description:
        "The park's items, every sale label (the catalogue and the stock page), with places sold, time slots and the labels each may move to",
      validate: { params: parkParams },
    },
    async handler(request, h) {
      const { parkId } = request.params;
      return ok(h, await listOfficeItems(request.server.app.knex, parkId, request.app.locale));
    },
  }),
  route({
    method: 'POST',
    path: '/api/v1/staff/parks/{parkId}/items',
    options: {
      response: OFFICE_ITEM_CREATED_ANSWER,
      plugins: answers({
        201: 'Created (private: sale label 1)',
        200: null,
      }),
      ...staffOnly('editor'),
      description: 'Create an item of the park; it starts private (sale label 1) until its label is moved',
      validate: {
        params: parkParams,
        payload: fields({
          ...allOptional(itemFields),
          name_ja: itemFields.name_ja,
          description_ja: itemFields.description_ja,
          prices: itemFields.prices.min(1),
        }),
      },
    },
    async handler(request, h) {
      const item = await createOfficeItem(request.server.app.knex, {
        parkId: request.params.parkId,
        actorUserId: currentUserId(request),
        fields: camelKeys(request.payload),
      });
      return ok(h, item, {}, 201);
    },
  }),
  route({
    method: 'GET',
    path: '/api/v1/staff/parks/{parkId}/items/{itemId}',
    options: {
      response: OFFICE_ITEM_ANSWER,
      ...staffOnly('editor'),
      description: 'One item of the park as its editors edit it',
      validate: { params: itemParams },
    },
    async handler(request, h) {
      const { parkId, itemId } = request.params;
      const item = await loadOfficeItem(request.server.app.knex, parkId, itemId, request.app.locale);
      if (!item) throw notFound();
      return ok(h, item);
    },
  }),
  route({
    method: 'PUT',
    path: '/api/v1/staff/parks/{parkId}/items/{itemId}',
    options: {
      response: OFFICE_ITEM_ANSWER,
      plugins: answers({
        400: "A slot's capacity below its pass-holder places (passCapacityOverSlot) or another invalid field",
        409:
          'A time slot in use (timeSlotInUse) or an add-on of a sold item (planInUse) would be removed, or a ' +
          'lottery asked of an item with pass-holder places (passCapacityNotForItem)',
      }),
      ...staffOnly('editor'),
      description:
        'Change the fields given (the rest stay): names, texts, kind, flags, prices of the basic plan, cancellation policy rows, excluded days, dates, capacity for new days',
      validate: { params: itemParams, payload: fields(allOptional(itemFields)).min(1) },
    },
    async handler(request, h) {
      const { parkId, itemId } = request.params;
      return ok(
        h,
        await updateOfficeItem(request.server.app.knex, {
          parkId,
          itemId,
          actorUserId: currentUserId(request),
          fields: camelKeys(request.payload),
        }),
      );
    },
  }),
  route({
    method: 'POST',
    path: '/api/v1/staff/parks/{parkId}/items/{itemId}/sale-label',
    options: {
      response: OFFICE_ITEM_ANSWER,
      plugins: answers({
        409: 'Not an allowed move (saleLabelMoveNotAllowed), or back before sale after sales (saleLabelAlreadySold)',
      }),
      ...staffOnly('editor'),
      description:
        'Move the sale label: 1→2,3,4,99; 2→1,3,4; 3→1,2,4; 4→5 (1,2 while nothing is sold); 5→4,6; 6 is the last; 99→1,6',
      validate: {
        params: itemParams,
        payload: fields({ sale_label: oneOfNumbers(SALE_LABELS).integer() }),
      },
    },
    async handler(request, h) {
      const { parkId, itemId } = request.params;
      return ok(
        h,
        await moveSaleLabel(request.server.app.knex, {
          parkId,
          itemId,
          to: request.payload.sale_label,
          actorUserId: currentUserId(request),
        }),
      );
    },
  }),
];
