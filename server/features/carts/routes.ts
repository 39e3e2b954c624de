import type { Request, ResponseToolkit, RouteOptions, ServerRoute } from '@hapi/hapi';
import Joi from 'joi';
import { GUEST_HEADER } from '../../../common/dto/cart';
import type { PassHolderInput } from '../../../common/dto/pass';
import { HOLD_MINUTES, MAX_LINES_PER_CALL } from '../../../common/rules/cart';
import { answers, isoDate, text } from '../../lib/routeKit';
import { fields, type InputOf, listOf, oneOf, optional, orNull, route } from '../../lib/typedInput';
import { currentUserId, REQUIRED } from '../../plugins/auth';
import { ADMISSION_HEADER, admissionFor } from '../waitingRoom';
import { cartOwner } from './owner';
import { loadCatalogueFor, memberPricing, presentLine } from './presentCart';
import {
  CARTS_ANSWER,
  CARTS_MOVED_ANSWER,
  CARTS_REMOVED_ANSWER,
  LINE_ADDED_ANSWER,
  PARK_CART_ANSWER,
  PASS_LINE_ANSWER,
  PASS_PLACES_ANSWER,
} from './responses';
import { type AddLineRequest, addCartLine } from './services/addLine';
import { getPassPlaces } from './services/getPassPlaces';
import { cartsMeta, getParkCart, listCarts, presentOwnerCarts } from './services/listCarts';
import { removeCartLines } from './services/removeLines';
import { setLineVoucher } from './services/setLineVoucher';
import { setPassDetails } from './services/setPassDetails';
import { switchCart } from './services/switchCart';
import { type LineChange, updateCartLines } from './services/updateLines';

// Carts (SPEC section 7). Signed-in callers work on their own carts; callers that are not signed in send their
// guest uuid in the `x-guest-user-id` header on every cart call (a missing or malformed one is a 400). Everything
// is scoped to that owner: another person's line answers 404 exactly like a missing one. Answers are per caller:
// `cache-control: private, no-store`, errors included.

const MAX_ID = 2_147_483_647;
const id = () => Joi.number().integer().min(1).max(MAX_ID);
const count = () => Joi.number().integer().min(0).max(999);
const ageQuantities = () => listOf(fields({ age_group_id: id(), quantity: count() })).max(30);
const additionalPlans = () => listOf(fields({ plan_id: id(), quantities: ageQuantities() })).max(20);
const seatCodes = () => listOf(Joi.string().pattern(/^[A-Za-z]{1,2}-[1-9]\d{0,2}$/)).max(100);
/** How many of what a line holds: adding a line and changing one take the same fields. */
const quantityFields = () => ({
  seat_codes: optional(seatCodes()),
  quantities: optional(ageQuantities()),
  additional_plans: optional(additionalPlans()),
  disability_quantity: optional(count()),
  companion_quantity: optional(count()),
  quantity: optional(count()),
});

const PRIVATE = 'private, no-store';
const GUEST_NOTE = `Not signed in: send your guest uuid in the \`${GUEST_HEADER}\` header.`;

/**
 * Route options shared by the cart calls: tags, and `private, no-store` on every answer (errors too). The extra
 * options keep their own type, so a route's validate types its handler's input.
 */
const cartOptions = <E extends Omit<RouteOptions, 'validate'> & { validate?: object }>(
  description: string,
  extra: E,
  forGuests = true,
) => ({
  // Guests too: a caller that is not signed in is the guest of its x-guest-user-id (owner.ts).
  auth: { mode: 'try' as const },
  tags: ['api', 'carts'],
  description: forGuests ? `${description.replace(/\.$/, '')}. ${GUEST_NOTE}` : description,
  cache: { otherwise: PRIVATE },
  ...extra,
});

const ok = (h: ResponseToolkit, data: unknown, meta: object, code = 200) =>
  h.response({ data, meta }).code(code).header('cache-control', PRIVATE);
const knexOf = (request: Pick<Request, 'server'>) => request.server.app.knex;

type QuantitiesIn = InputOf<ReturnType<typeof quantityFields>>;
type AgeQuantityIn = NonNullable<QuantitiesIn['quantities']>[number];

const ages = (list?: AgeQuantityIn[]) => list?.map((q) => ({ ageGroupId: q.age_group_id, quantity: q.quantity }));
function quantitiesOf(p: QuantitiesIn) {
  return {
    quantities: ages(p.quantities),
    additionalPlans: p.additional_plans?.map((a) => ({ planId: a.plan_id, quantities: ages(a.quantities) ?? [] })),
    disabilityQuantity: p.disability_quantity,
    companionQuantity: p.companion_quantity,
    seatCodes: p.seat_codes,
    quantity: p.quantity,
  };
}

export const cartRoutes: ServerRoute[] = [
  route({
    method: 'GET',
    path: '/api/v1/items/{id}/pass-places',
    options: {
      auth: REQUIRED,
      tags: ['api', 'carts'],
      description:
        "The places set aside for annual-pass holders on a date, per time slot, and how many of the caller's " +
        'holders (themself and their kids accounts) are valid at the park that day; no slots for anyone else',
      cache: { otherwise: PRIVATE },
      response: PASS_PLACES_ANSWER,
      plugins: answers({ 404: 'No such item' }),
      validate: {
        params: fields({ id: id() }),
        query: fields({ date: isoDate(), link_id: optional(Joi.string().guid()) }),
      },
    },
    async handler(request, h) {
      const q = request.query;
      const data = await getPassPlaces(knexOf(request), currentUserId(request), request.params.id, q.date, q.link_id);
      return ok(h, data, { date: q.date });
    },
  }),
  route({
    method: 'POST',
    path: '/api/v1/carts',
    options: cartOptions(
      'Add a line (an item or a ticket pack) and hold its stock for 15 minutes (`expiresAt`); sold out is a 409. ' +
        'Signed-in users need a telephone number; kids accounts cannot hold tickets (403).',
      {
        app: { access: 'parent' },
        response: LINE_ADDED_ANSWER,
        plugins: answers({
          200: null,
          201: 'Line added, stock held',
          403: 'A kids account, or pass-holder places (pass_pool) asked by someone without a valid pass',
          404: 'No such item or pack',
          409: 'Sold out (of pass-holder places too), seat taken, more people than valid pass holders, or the cart is in payment',
        }),
        validate: {
          payload: fields({
            item_id: optional(id()),
            ticket_pack_id: optional(id()),
            link_id: optional(Joi.string().guid()),
            // Required for day tickets and packs (the service says so, naming the field); an annual pass has none.
            date: optional(isoDate()),
            time_slot_id: optional(id()),
            time: optional(Joi.string().pattern(/^([01]\d|2[0-3]):[0-5]\d$/)),
            // Timed items: the places set aside for pass holders (the buyer's active holders at most).
            pass_pool: optional(Joi.boolean()),
            ...quantityFields(),
          })
            .xor('item_id', 'ticket_pack_id')
            .error((errors) => {
              const first = errors[0];
              const code = first && 'code' in first ? first.code : '';
              return code === 'object.xor' || code === 'object.missing'
                ? new Error('cartTargetRequired')
                : (first ?? errors);
            }),
        },
      },
    ),
    async handler(request, h) {
      const owner = cartOwner(request);
      const p = request.payload;
      const input: AddLineRequest = {
        itemId: p.item_id,
        ticketPackId: p.ticket_pack_id,
        linkId: p.link_id,
        date: p.date,
        timeSlotId: p.time_slot_id,
        time: p.time,
        passPool: p.pass_pool,
        ...quantitiesOf(p),
      };
      const now = request.server.app.clock.now();
      const { config } = request.server.app;
      // A high-demand item's waiting room (issue 30) lets the add through only with the owner's admission, which the
      // add spends in the statement that writes the line.
      const admission = await admissionFor(
        knexOf(request),
        config.appSecret,
        p.item_id,
        owner.key,
        request.headers[ADMISSION_HEADER] as string | undefined,
        now,
      );
      const { line, parkId, catalogue } = await addCartLine(knexOf(request), owner, input, now, {
        catalogueTtlMs: Math.min(config.catalogueCacheMs, 2000),
        admission,
      });
      // A signed-in buyer's pass discount on the new line (one indexed read; none for guests).
      catalogue.member = await memberPricing(knexOf(request), catalogue.items, [line], owner.userId);
      const data = presentLine(line, catalogue, request.app.locale);
      return ok(
        h,
        data,
        { parkId, expiresAt: data.expiresAt, holdMinutes: HOLD_MINUTES, serverTime: now.toISOString() },
        201,
      );
    },
  }),
  {
    method: 'GET',
    path: '/api/v1/carts',
    options: cartOptions(
      "The caller's carts, one per park, with priced lines and deadlines; `meta.notices` lists lines removed " +
        'since the last look (e.g. hold expired), once',
      { response: CARTS_ANSWER, plugins: answers({ 409: 'A line is no longer sold (cartLineUnavailable)' }) },
    ),
    async handler(request, h) {
      const { carts, meta } = await listCarts(
        knexOf(request),
        cartOwner(request),
        request.app.locale,
        request.server.app.clock.now(),
      );
      return ok(h, carts, meta);
    },
  },
  route({
    method: 'GET',
    path: '/api/v1/carts/{parkId}',
    options: cartOptions("The caller's cart of one park (empty when there is none; unknown park: 404)", {
      response: PARK_CART_ANSWER,
      plugins: answers({ 409: 'A line is no longer sold (cartLineUnavailable)' }),
      validate: { params: fields({ parkId: id() }) },
    }),
    async handler(request, h) {
      const { parkId } = request.params;
      const { cart, meta } = await getParkCart(
        knexOf(request),
        cartOwner(request),
        parkId,
        request.app.locale,
        request.server.app.clock.now(),
      );
      return ok(h, cart, meta);
    },
  }),
  route({
    method: 'PUT',
    path: '/api/v1/carts',
    options: cartOptions(
      '`{ data: { lines: [{ id, quantities?, additional_plans?, disability_quantity?, companion_quantity?, ' +
        'seat_codes?, quantity?, advance_info? }] } }`: change lines (holds follow atomically; all or none); ' +
        "answers all the caller's carts",
      {
        app: { access: 'parent' },
        response: CARTS_ANSWER,
        plugins: answers({ 404: 'A line is not yours', 409: 'Hold expired, seat taken, or the line is in payment' }),
        validate: {
          payload: fields({
            data: fields({
              lines: listOf(
                fields({
                  id: id(),
                  ...quantityFields(),
                  advance_info: optional(orNull(Joi.object<Record<string, unknown>>().unknown(true))),
                }),
              )
                .min(1)
                .max(MAX_LINES_PER_CALL)
                .unique('id'),
            }),
          }),
        },
      },
    ),
    async handler(request, h) {
      const owner = cartOwner(request);
      const { data } = request.payload;
      const changes: LineChange[] = data.lines.map((l) => ({
        id: l.id,
        ...quantitiesOf(l),
        advanceInfo: l.advance_info,
      }));
      const now = request.server.app.clock.now();
      await updateCartLines(knexOf(request), owner, changes, now);
      const carts = await presentOwnerCarts(knexOf(request), owner, request.app.locale);
      return ok(h, carts, cartsMeta([], now));
    },
  }),
  route({
    method: 'DELETE',
    path: '/api/v1/carts',
    options: cartOptions(
      "`{ line_ids: [...] }`: remove lines and release their holds; answers all the caller's carts",
      {
        response: CARTS_REMOVED_ANSWER,
        plugins: answers({ 404: 'A line is not yours', 409: 'A line is in payment (cartLineInPayment)' }),
        validate: {
          payload: fields({ line_ids: listOf(id()).min(1).max(MAX_LINES_PER_CALL).unique() }),
        },
      },
    ),
    async handler(request, h) {
      const owner = cartOwner(request);
      const { line_ids } = request.payload;
      const removed = await removeCartLines(knexOf(request), owner, line_ids);
      const now = request.server.app.clock.now();
      const carts = await presentOwnerCarts(knexOf(request), owner, request.app.locale);
      return ok(h, carts, { ...cartsMeta([], now), removed });
    },
  }),
  route({
    method: 'PUT',
    path: '/api/v1/carts/{parkId}/lines/{lineId}/voucher',
    options: cartOptions(
      "Use guest vouchers of one of the buyer's annual passes on an admission line: `quantity` of its units cost 0 " +
        '(0 stops using them). Answers the line (`passVoucher`, `voucherPasses`)',
      {
        app: { access: 'parent' },
        response: PASS_LINE_ANSWER,
        plugins: answers({
          400: 'Not a pass of yours that gives guest vouchers on this line (passVoucherInvalid, field pass_voucher)',
          404: 'No such item line of yours',
          409: 'Not enough vouchers left this term (passVouchersUsedUp), or the line is in payment',
        }),
        validate: {
          params: fields({ parkId: id(), lineId: id() }),
          payload: fields({ pass_id: id(), quantity: Joi.number().integer().min(0).max(50) }),
        },
      },
    ),
    async handler(request, h) {
      const { parkId, lineId } = request.params;
      const owner = cartOwner(request);
      const { pass_id, quantity } = request.payload;
      const line = await setLineVoucher(knexOf(request), owner, parkId, lineId, { passId: pass_id, quantity });
      const catalogue = await loadCatalogueFor(knexOf(request), [line], owner.userId);
      const now = request.server.app.clock.now();
      return ok(h, presentLine(line, catalogue, request.app.locale), { parkId, serverTime: now.toISOString() });
    },
  }),
  route({
    method: 'PUT',
    path: '/api/v1/carts/{parkId}/lines/{lineId}/pass',
    options: cartOptions(
      'Name the holders of an annual pass line (PassLineRequest): one per person of the line, in any order of ' +
        "positions 1..n, each of a kind and age group paid for; `holder_user_id` the buyer or one of the buyer's " +
        "kids accounts (once); `photo_id` the buyer's own face photo upload. Answers the line (`pass.complete`: " +
        'checkout may go on)',
      {
        app: { access: 'parent' },
        response: PASS_LINE_ANSWER,
        plugins: answers({
          400: 'A holder does not fit the line (passHolderInvalid names the holder and the field)',
          404: 'No such pass line of yours',
          409: 'The line is in payment (cartLineInPayment)',
        }),
        validate: {
          params: fields({ parkId: id(), lineId: id() }),
          payload: fields({
            holders: listOf(
              fields({
                position: Joi.number().integer().min(1).max(10),
                holder_user_id: optional(orNull(id())),
                name: text(60).min(1),
                age_group_id: optional(orNull(id())),
                unit_kind: oneOf(['basic', 'disability', 'companion'] as const),
                photo_id: optional(orNull(Joi.string().guid())),
              }),
            )
              .min(1)
              .max(10)
              .unique('position'),
          }),
        },
      },
    ),
    async handler(request, h) {
      const { parkId, lineId } = request.params;
      const holders: PassHolderInput[] = request.payload.holders.map((x) => ({
        position: x.position,
        holderUserId: x.holder_user_id ?? null,
        name: x.name,
        ageGroupId: x.age_group_id ?? null,
        unitKind: x.unit_kind,
        photoId: x.photo_id ?? null,
      }));
      const line = await setPassDetails(knexOf(request), cartOwner(request), parkId, lineId, holders);
      const catalogue = await loadCatalogueFor(knexOf(request), [line], cartOwner(request).userId);
      const now = request.server.app.clock.now();
      return ok(h, presentLine(line, catalogue, request.app.locale), { parkId, serverTime: now.toISOString() });
    },
  }),
  route({
    method: 'PUT',
    path: '/api/v1/carts/switch',
    options: cartOptions(
      "On sign-in: `{ guest_user_id }` moves the guest's cart lines (holds kept) into the user's carts, merged per " +
        'park; a 400 with a message when a line would exceed a limit (nothing moves then)',
      {
        auth: REQUIRED,
        app: { access: 'parent' },
        response: CARTS_MOVED_ANSWER,
        plugins: answers({ 409: 'A line is no longer sold or is in payment' }),
        validate: { payload: fields({ guest_user_id: Joi.string().guid() }) },
      },
      false,
    ),
    async handler(request, h) {
      const userId = currentUserId(request);
      const { guest_user_id } = request.payload;
      const moved = await switchCart(knexOf(request), userId, guest_user_id, request.app.locale);
      const now = request.server.app.clock.now();
      const carts = await presentOwnerCarts(knexOf(request), cartOwner(request), request.app.locale);
      return ok(h, carts, { ...cartsMeta([], now), moved });
    },
  }),
];
