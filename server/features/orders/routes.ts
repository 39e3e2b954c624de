import type { ResponseToolkit, ServerRoute } from '@hapi/hapi';
import Joi from 'joi';
import type { CouponView, PlaceOrderAnswer } from '../../../common/dto/order';
import { enumValues, KonbiniStore } from '../../../common/enums';
import { DomainError } from '../../lib/errors';
import { pageMeta, pagingQuery } from '../../lib/paging';
import { answers, isoDate } from '../../lib/routeKit';
import { fields, listOf, oneOf, oneOfNumbers, optional, orNull, route } from '../../lib/typedInput';
import { currentUserId, REQUIRED } from '../../plugins/auth';
import { paymentStartAnswer } from '../payments';
import { presentOrder } from './presentOrder';
import { COIN_BALANCE_ANSWER, COIN_HISTORY_ANSWER, COUPONS_ANSWER, ORDER_ANSWER, PLACED_ANSWER } from './responses';
import { cancelOrderPayment } from './services/cancelOrderPayment';
import { getOrder } from './services/getOrder';
import { currentCoins, listCoinHistory } from './services/listCoinHistory';
import { listCoupons } from './services/listCoupons';
import { placeOrder } from './services/placeOrder';

// Orders, coupons and coins of the signed-in user. Every query is scoped to the caller's own user id.
const PRIVATE = 'private, no-store';
const ok = (h: ResponseToolkit, data: unknown, meta: object = {}, code = 200) =>
  h.response({ data, meta }).code(code).header('cache-control', PRIVATE);
const id = () => Joi.number().integer().min(1).max(2_147_483_647);

function couponStatus(c: { validFrom: string; validUntil: string; usageLimit: number; timesUsed: number }) {
  const now = Date.now();
  if (c.timesUsed >= c.usageLimit) return 'used' as const;
  if (now > Date.parse(c.validUntil)) return 'expired' as const;
  if (now < Date.parse(c.validFrom)) return 'notYet' as const;
  return 'usable' as const;
}

export const orderRoutes: ServerRoute[] = [
  route({
    method: 'POST',
    path: '/api/v1/orders',
    options: {
      response: PLACED_ANSWER,
      plugins: answers({
        200: null,
        201: 'Order placed (payment next)',
        403: 'A kids account, or pass-holder places whose pass is no longer active (passPoolNotHolder)',
        404: 'A line or coupon is not yours',
        409: 'Lines in payment, holds expired, a checkout in progress, or a retried checkout whose payment never started (checkoutNotStarted: the order failed, its places are back in the cart)',
        503: 'The payment provider is unavailable (paymentUnavailable)',
      }),
      auth: REQUIRED,
      app: { access: 'parent' },
      tags: ['api', 'orders'],
      description:
        "Place an order from one park's cart (or only line_ids for a quick buy) and start its payment: answers a redirect (3-D Secure, PayPay, merpay), completed or failed",
      validate: {
        payload: fields({
          park_id: id(),
          line_ids: optional(listOf(id()).min(1).max(50)),
          order_type: oneOfNumbers([0, 1] as const).default(0),
          payment_method: oneOfNumbers([1, 2, 3, 4, 5] as const),
          convenience: optional(oneOf(enumValues(KonbiniStore))).description(
            'Konbini (payment_method 5): the store, GMO Convenience code',
          ),
          coins: Joi.number().integer().min(0).max(100_000_000).default(0),
          user_coupon_ids: listOf(id()).max(10).default([]),
          agreement: Joi.boolean(),
          card_token: optional(Joi.string().max(128)),
          card_holder: optional(Joi.string().max(50)),
          user_card_id: optional(id()),
          save_card: Joi.boolean().default(false),
          lottery_choices: listOf(fields({ date: isoDate(), time_slot_id: orNull(id()).default(null) }))
            .max(2)
            .default([])
            .description('A lottery entry: the second and third choices (the cart line is the first)'),
          lottery_waitlist: Joi.boolean().default(false).description('A lottery entry: join the waitlist if not drawn'),
        }),
        headers: Joi.object({
          'idempotency-key': Joi.string()
            .pattern(/^[\w-]{8,64}$/)
            .description('One per checkout attempt: a repeat answers the same order and payment'),
        }).unknown(true),
      },
    },
    async handler(request, h) {
      const userId = currentUserId(request);
      const p = request.payload;
      if (!p.agreement) throw new DomainError('agreementRequired');
      const { app } = request.server;
      const card = p.card_token
        ? { token: p.card_token, holderName: p.card_holder ?? null }
        : p.user_card_id
          ? { userCardId: p.user_card_id }
          : undefined;
      const placed = await placeOrder(app.knex, app.config, app.paymentOutcome, {
        userId,
        parkId: p.park_id,
        lineIds: p.line_ids,
        orderType: p.order_type,
        method: p.payment_method,
        coins: p.coins,
        userCouponIds: p.user_coupon_ids,
        card,
        saveCard: p.save_card,
        konbini: p.convenience ? { convenience: p.convenience } : undefined,
        locale: request.app.locale,
        idempotencyKey: request.headers['idempotency-key'] as string | undefined,
        lottery: {
          more: p.lottery_choices.map((c) => ({ date: c.date, slotId: c.time_slot_id })),
          waitlist: p.lottery_waitlist,
        },
        now: app.clock.now(),
      });
      const answer: PlaceOrderAnswer = {
        orderId: placed.orderId,
        applicationNumber: placed.applicationNumber,
        payment: paymentStartAnswer(placed.payment, request.app.locale),
      };
      return ok(h, answer, {}, 201);
    },
  }),
  route({
    method: 'POST',
    path: '/api/v1/orders/{id}/cancel-payment',
    options: {
      response: ORDER_ANSWER,
      plugins: answers({
        409: 'The order is not awaiting payment (paymentStateConflict)',
        503: 'The payment provider is unavailable (paymentUnavailable)',
      }),
      auth: REQUIRED,
      tags: ['api', 'orders'],
      description:
        'Give up the payment of your order still awaiting it (left at the provider page): the provider is asked first, a result it has is applied; otherwise the payment fails and the cart lines can change again. Answers the order',
      validate: { params: fields({ id: id() }) },
    },
    async handler(request, h) {
      const { app } = request.server;
      const userId = currentUserId(request);
      const orderId = request.params.id;
      await cancelOrderPayment(app.knex, app.config, app.paymentOutcome, { userId, orderId });
      return ok(h, presentOrder(await getOrder(app.knex, userId, orderId), request.app.locale));
    },
  }),
  route({
    method: 'GET',
    path: '/api/v1/orders/{id}',
    options: {
      response: ORDER_ANSWER,
      auth: REQUIRED,
      tags: ['api', 'orders'],
      description: 'One of your orders: application number, date-time, lines, totals, method, amount paid, state',
      validate: { params: fields({ id: id() }) },
    },
    async handler(request, h) {
      const detail = await getOrder(request.server.app.knex, currentUserId(request), request.params.id);
      return ok(h, presentOrder(detail, request.app.locale));
    },
  }),
  {
    method: 'GET',
    path: '/api/v1/me/coupons',
    options: {
      response: COUPONS_ANSWER,
      auth: REQUIRED,
      app: { access: 'parent' },
      tags: ['api', 'coupons'],
      description: 'Your coupons with their terms and status (usable, used, expired, not yet valid)',
    },
    async handler(request, h) {
      const rows = await listCoupons(request.server.app.knex, currentUserId(request));
      const locale = request.app.locale;
      const data: CouponView[] = rows.map((c) => ({
        userCouponId: c.userCouponId,
        code: c.code,
        name: (locale === 'en' ? c.nameEn : null) ?? c.nameJa,
        discountKind: c.discountKind,
        discountValue: c.discountValue,
        scope: c.scope,
        itemIds: [...c.itemIds],
        parkId: c.parkId,
        validFrom: c.validFrom,
        validUntil: c.validUntil,
        usageLimit: c.usageLimit,
        timesUsed: c.timesUsed,
        status: couponStatus(c),
      }));
      return ok(h, data);
    },
  },
  {
    method: 'GET',
    path: '/api/v1/me/coins/current_coin',
    options: {
      response: COIN_BALANCE_ANSWER,
      auth: REQUIRED,
      tags: ['api', 'coins'],
      description: 'Your coin balance and the next expiry',
    },
    async handler(request, h) {
      const { balance, nextExpiry } = await currentCoins(request.server.app.knex, currentUserId(request));
      return ok(h, { balance, nextExpiry: nextExpiry ? new Date(nextExpiry).toISOString() : null });
    },
  },
  route({
    method: 'GET',
    path: '/api/v1/me/coins/details',
    options: {
      response: COIN_HISTORY_ANSWER,
      auth: REQUIRED,
      tags: ['api', 'coins'],
      description: 'Your coin history (minus, plus, return, expired), newest first',
      validate: { query: fields(pagingQuery) },
    },
    async handler(request, h) {
      const q = request.query;
      const { rows, total, balance } = await listCoinHistory(
        request.server.app.knex,
        currentUserId(request),
        q.page,
        q.per_page,
      );
      const data = rows.map((r) => ({
        id: Number(r.id),
        kind: r.kind,
        reason: r.reason,
        amount: r.amount,
        applicationNumber: r.applicationNumber,
        expiresAt: r.expiresAt ? new Date(r.expiresAt).toISOString() : null,
        createdAt: new Date(r.createdAt).toISOString(),
      }));
      return ok(h, data, { ...pageMeta(q.page, q.per_page, total), balance });
    },
  }),
];
