// The back office's pass products (README 2.15): every member of the park reads them, editors and owners create
// and change them. Requests are snake_case (SavePassProductRequest), answers camelCase (OfficePassProduct).
import type { ServerRoute } from '@hapi/hapi';
import Joi from 'joi';
import type { PassHolderKind, PassKind, PassValidityStart } from '../../../common/dto/pass';
import { SaleLabel } from '../../../common/enums';
import { notFound } from '../../lib/errors';
import { codeOf, envelope, int, nullable, str } from '../../lib/responses';
import { answers, id, ok, text } from '../../lib/routeKit';
import { NO_META, optionalText, parkParams, staffOnly } from '../../lib/staffRouteKit';
import { fields, listOf, oneOf, optional, orNull, route } from '../../lib/typedInput';
import { currentUserId } from '../../plugins/auth';
import { PASS_PRODUCT } from '../items';
import { loadPassProduct, loadPassProducts } from './office/passProductView';
import { createPassProduct, updatePassProduct } from './office/savePassProduct';

const KINDS: readonly PassKind[] = ['single', 'family'];
const STARTS: readonly PassValidityStart[] = ['first_entry', 'purchase'];
const UNIT_KINDS: readonly PassHolderKind[] = ['basic', 'disability', 'companion'];

const percent = () => Joi.number().integer().min(0).max(100);
const prices = () =>
  listOf(
    fields({
      age_group_id: orNull(id()),
      unit_kind: oneOf(UNIT_KINDS),
      price: Joi.number().integer().min(0).max(1_000_000),
    }),
  )
    .min(1)
    .max(30);

const SAVE = fields({
  name_ja: text(255).min(1),
  name_en: optional(optionalText(255)),
  description_ja: text(5000, { multiline: true }).min(1),
  description_en: optional(optionalText(5000, true)),
  kind: oneOf(KINDS),
  max_holders: Joi.number().integer().min(1).max(10),
  validity_days: Joi.number().integer().min(1).max(731),
  validity_start: oneOf(STARTS),
  start_within_days: Joi.number().integer().min(1).max(731),
  prices: prices(),
  renewal: optional(orNull(fields({ window_days: Joi.number().integer().min(1).max(180), prices: prices() }))),
  discount_percent: percent(),
  discount_categories: listOf(Joi.number().integer()).max(5),
  guest_vouchers: Joi.number().integer().min(0).max(50),
  guest_voucher_item_id: optional(orNull(id())),
  reentry: Joi.boolean(),
  // With re-entry, entries a day (2-99); null: as many as the day allows.
  max_entries: optional(orNull(Joi.number().integer().min(2).max(99))),
  cancel_rate_percent: percent(),
  park_ids: listOf(id()).max(20),
  sale_from: optional(orNull(Joi.string().isoDate())),
  sale_until: optional(orNull(Joi.string().isoDate())),
});

/** The item page's pass product (items' PASS_PRODUCT) with what the office edits and counts. */
const PRODUCT = PASS_PRODUCT.keys({
  saleLabel: codeOf(SaleLabel),
  activePasses: int(),
  activeHolders: int(),
  nameJa: str(),
  nameEn: nullable(str()),
  descriptionJa: str(),
  descriptionEn: nullable(str()),
  updatedAt: str(),
});

const itemParams = fields({ parkId: id(), itemId: id() });
const SAVE_ERRORS = answers({
  400: 'A field is missing or wrong (invalidParam / required names it: prices, renewal.prices, park_ids, max_holders…)',
});

export const passStaffRoutes: ServerRoute[] = [
  route({
    method: 'GET',
    path: '/api/v1/staff/parks/{parkId}/pass-products',
    options: {
      response: { status: { 200: envelope(Joi.array().items(PRODUCT), NO_META) } },
      ...staffOnly('any'),
      description: "The park's pass products with their settings and the passes and holders active today",
      validate: { params: parkParams },
    },
    async handler(request, h) {
      return ok(h, await loadPassProducts(request.server.app.knex, request.params.parkId, request.app.locale));
    },
  }),
  route({
    method: 'POST',
    path: '/api/v1/staff/parks/{parkId}/pass-products',
    options: {
      response: { status: { 201: envelope(PRODUCT, NO_META) } },
      ...staffOnly('editor'),
      plugins: { ...SAVE_ERRORS, ...answers({ 201: 'Created (private: sale label 1)', 200: null }) },
      description: 'Create a pass product (its item starts private until its sale label moves)',
      validate: { params: parkParams, payload: SAVE },
    },
    async handler(request, h) {
      const product = await createPassProduct(request.server.app.knex, {
        parkId: request.params.parkId,
        actorUserId: currentUserId(request),
        request: request.payload,
        locale: request.app.locale,
      });
      return ok(h, product, {}, 201);
    },
  }),
  route({
    method: 'GET',
    path: '/api/v1/staff/parks/{parkId}/pass-products/{itemId}',
    options: {
      response: { status: { 200: envelope(PRODUCT, NO_META) } },
      ...staffOnly('any'),
      description: 'One pass product of the park',
      validate: { params: itemParams },
    },
    async handler(request, h) {
      const { parkId, itemId } = request.params;
      const product = await loadPassProduct(request.server.app.knex, parkId, itemId, request.app.locale);
      if (!product) throw notFound();
      return ok(h, product);
    },
  }),
  route({
    method: 'PUT',
    path: '/api/v1/staff/parks/{parkId}/pass-products/{itemId}',
    options: {
      response: { status: { 200: envelope(PRODUCT, NO_META) } },
      ...staffOnly('editor'),
      plugins: SAVE_ERRORS,
      description: 'Change a pass product (the whole settings; passes sold keep their terms)',
      validate: { params: itemParams, payload: SAVE },
    },
    async handler(request, h) {
      const { parkId, itemId } = request.params;
      return ok(
        h,
        await updatePassProduct(request.server.app.knex, {
          parkId,
          itemId,
          actorUserId: currentUserId(request),
          request: request.payload,
          locale: request.app.locale,
        }),
      );
    },
  }),
];
