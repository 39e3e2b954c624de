// The back office's passes (README 2.15): every member of the park reads the pass products and finds the holders,
// editors and owners create and change products, suspend, reinstate and reissue holders' cards, owners and finance
// download the renewals and visits reports. Requests are snake_case (SavePassProductRequest), answers camelCase
// (OfficePassProduct, OfficePassHolderSearch, OfficePassHolderDetail).
import type { ServerRoute } from '@hapi/hapi';
import Joi from 'joi';
import type { PassHolderKind, PassKind, PassState, PassValidityStart } from '../../../common/dto/pass';
import { LOCALES, type Locale, SaleLabel } from '../../../common/enums';
import { notFound } from '../../lib/errors';
import { codeOf, envelope, int, nullable, str } from '../../lib/responses';
import { answers, id, isoDate, ok, PRIVATE, text } from '../../lib/routeKit';
import { NO_META, optionalText, parkParams, staffOnly } from '../../lib/staffRouteKit';
import { fields, listOf, oneOf, optional, orNull, route } from '../../lib/typedInput';
import { currentUserId } from '../../plugins/auth';
import { PASS_PRODUCT } from '../items';
import { passHolderDetail } from './office/passHolderDetail';
import { passHolderPhoto } from './office/passHolderPhoto';
import { loadPassProduct, loadPassProducts } from './office/passProductView';
import { renewalsCsv, visitsCsv } from './office/passReports';
import { reissueCard } from './office/reissueCard';
import { HOLDER_DETAIL_ANSWER, HOLDER_SEARCH_ANSWER, REISSUE_ANSWER } from './office/responses';
import { createPassProduct, updatePassProduct } from './office/savePassProduct';
import { HOLDERS_PER_PAGE, searchPassHolders } from './office/searchPassHolders';
import { changeSuspension } from './office/suspendHolder';

const KINDS: readonly PassKind[] = ['single', 'family'];
const STARTS: readonly PassValidityStart[] = ['first_entry', 'purchase'];
const UNIT_KINDS: readonly PassHolderKind[] = ['basic', 'disability', 'companion'];
const STATES: readonly PassState[] = ['not_started', 'active', 'suspended', 'expired', 'cancel_waiting', 'cancelled'];

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
const holderParams = fields({ parkId: id(), holderId: id() });
const REASON = fields({ reason: text(500).min(1) });
const REPORT_QUERY = fields({ from: isoDate(), to: isoDate(), lang: optional(oneOf(LOCALES)) });
const CSV_ANSWER = answers({
  200: { description: 'The report as CSV (UTF-8 with a byte order mark, CRLF)', kind: 'csv' },
  400: 'from/to missing or wrong, to before from or more than 366 days (invalidParam names it)',
});
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
  route({
    method: 'GET',
    path: '/api/v1/staff/parks/{parkId}/pass-holders/search',
    options: {
      response: { status: { 200: HOLDER_SEARCH_ANSWER } },
      ...staffOnly('any'),
      description:
        "The park's pass holders found by name (kana or kanji, partial), pass number (hyphens optional; with the holder's position), the owner's e-mail or telephone; of one state when asked; 20 a page",
      validate: {
        params: parkParams,
        query: fields({
          q: optional(text(100).allow('')),
          state: optional(oneOf(STATES)),
          page: Joi.number().integer().min(1).max(10_000).default(1),
        }),
      },
    },
    async handler(request, h) {
      const { q, state, page } = request.query;
      const found = await searchPassHolders(request.server.app.knex, request.params.parkId, {
        q,
        state,
        page,
        now: request.server.app.clock.now(),
        locale: request.app.locale,
      });
      return ok(h, found, { page, perPage: HOLDERS_PER_PAGE });
    },
  }),
  route({
    method: 'GET',
    path: '/api/v1/staff/parks/{parkId}/pass-holders/{holderId}',
    options: {
      response: { status: { 200: HOLDER_DETAIL_ANSWER } },
      ...staffOnly('any'),
      plugins: answers({ 404: "Not a holder of the park's passes" }),
      description: "A holder of the park's passes: pass, product, state, photos, terms, visits and staff changes",
      validate: { params: holderParams },
    },
    async handler(request, h) {
      const { parkId, holderId } = request.params;
      const o = { now: request.server.app.clock.now(), locale: request.app.locale };
      return ok(h, await passHolderDetail(request.server.app.knex, parkId, holderId, o));
    },
  }),
  route({
    method: 'GET',
    path: '/api/v1/staff/parks/{parkId}/pass-holders/{holderId}/photos/{photoId}',
    options: {
      ...staffOnly('any'),
      plugins: answers({ 200: { description: 'The image', kind: 'binary' }, 404: 'No such photo of the holder' }),
      description: "A photo of a holder of the park's passes (480 px JPEG)",
      validate: { params: fields({ parkId: id(), holderId: id(), photoId: Joi.string().guid() }) },
    },
    async handler(request, h) {
      const { parkId, holderId, photoId } = request.params;
      const image = await passHolderPhoto(request.server.app.knex, parkId, holderId, photoId);
      return h.response(image).type('image/jpeg').header('cache-control', PRIVATE);
    },
  }),
  ...(['POST', 'DELETE'] as const).map((method) =>
    route({
      method,
      path: '/api/v1/staff/parks/{parkId}/pass-holders/{holderId}/suspension',
      options: {
        ...staffOnly('editor'),
        plugins: answers({
          204: method === 'POST' ? 'Suspended' : 'Reinstated',
          200: null,
          400: 'No reason (required names reason)',
          404: "Not a holder of the park's passes",
          409:
            method === 'POST'
              ? 'Nothing to suspend: suspended already or no open term (passSuspended)'
              : 'Not suspended (ticketStateConflict)',
        }),
        description:
          method === 'POST'
            ? "Suspend a holder with a reason: the gate refuses the holder's card with it until reinstated"
            : 'Reinstate a suspended holder, with a reason',
        validate: { params: holderParams, payload: REASON },
      },
      async handler(request, h) {
        await changeSuspension(request.server.app.knex, {
          ...request.params,
          actorUserId: currentUserId(request),
          reason: request.payload.reason,
          suspend: method === 'POST',
          now: request.server.app.clock.now(),
        });
        return h.response().code(204);
      },
    }),
  ),
  route({
    method: 'POST',
    path: '/api/v1/staff/parks/{parkId}/pass-holders/{holderId}/reissue',
    options: {
      response: { status: { 200: REISSUE_ANSWER } },
      ...staffOnly('editor'),
      plugins: answers({ 404: "Not a holder of the park's passes" }),
      description: "Reissue a holder's card: its live QR codes are revoked, the next read of the card gets new ones",
      validate: { params: holderParams },
    },
    async handler(request, h) {
      const now = request.server.app.clock.now();
      return ok(
        h,
        await reissueCard(request.server.app.knex, { ...request.params, actorUserId: currentUserId(request), now }),
      );
    },
  }),
  ...(
    [
      [
        'pass-renewals',
        renewalsCsv,
        "Renewals of the park's passes paid in the days from-to (Asia/Tokyo), one row per renewal",
      ],
      ['pass-visits', visitsCsv, "Pass holders' visits at the park in the days from-to, one row per holder and day"],
    ] as const
  ).map(([name, report, description]) =>
    route({
      method: 'GET',
      path: `/api/v1/staff/parks/{parkId}/reports/${name}.csv`,
      options: {
        ...staffOnly('finance'),
        plugins: CSV_ANSWER,
        description: `${description}: CSV with the header in the request's language (lang=, else Accept-Language)`,
        validate: { params: parkParams, query: REPORT_QUERY },
      },
      async handler(request, h) {
        const { parkId } = request.params;
        const { from, to, lang } = request.query;
        const locale: Locale = lang ?? request.app.locale;
        return h
          .response(await report(request.server.app.knex, parkId, { from, to }, locale))
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="zoopass-${parkId}-${name}-${from}-${to}.csv"`)
          .header('cache-control', PRIVATE);
      },
    }),
  ),
];
