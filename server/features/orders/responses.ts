// Answer schemas of the order, coupon and coin routes (common/dto/order.ts), for the OpenAPI document.
import Joi from 'joi';
import { ORDER_STATES } from '../../../common/rules/orderState';
import { dateTime, envelope, int, nullable, PAGE_META, shape, str } from '../../lib/responses';
import { PAYMENT_START_SCHEMA } from '../payments';

const ORDER = shape({
  id: int(),
  applicationNumber: str(),
  state: Joi.valid(...ORDER_STATES),
  park: shape({ id: int(), name: str() }),
  kind: Joi.valid('ITEMS', 'PACKAGE'),
  orderType: int(),
  orderedAt: str(),
  paidAt: nullable(str()),
  subtotal: int(),
  coinDiscount: int(),
  couponDiscount: int(),
  total: int(),
  paymentMethod: int(),
  paymentMode: Joi.valid('CAPTURE', 'AUTH'),
  amountPaid: int(),
  rewardCoins: int(),
  paymentId: nullable(str()),
  failureReason: nullable(str()),
  lines: Joi.array().items(
    shape({
      id: int(),
      itemId: nullable(int()),
      ticketPackId: nullable(int()),
      name: str(),
      date: str(),
      time: nullable(str()),
      seats: Joi.array().items(str()),
      units: Joi.array().items(
        shape({ kind: str(), ageGroupId: nullable(int()), quantity: int(), unitPrice: int(), amount: int() }),
      ),
      subtotal: int(),
      ticketNumbers: Joi.array().items(str()),
    }),
  ),
});

export const ORDER_ANSWER = { status: { 200: envelope(ORDER, Joi.object({})) } };

export const PLACED_ANSWER = {
  status: {
    201: envelope(
      shape({
        orderId: int(),
        applicationNumber: str(),
        payment: PAYMENT_START_SCHEMA,
      }),
      Joi.object({}),
    ),
  },
};

export const COUPONS_ANSWER = {
  status: {
    200: envelope(
      Joi.array().items(
        shape({
          userCouponId: int(),
          code: str(),
          name: str(),
          discountKind: Joi.valid('percent', 'yen'),
          discountValue: int(),
          scope: Joi.valid('each_ticket', 'listed_items'),
          itemIds: Joi.array().items(int()),
          parkId: nullable(int()),
          validFrom: str(),
          validUntil: str(),
          usageLimit: int(),
          timesUsed: int(),
          status: Joi.valid('usable', 'used', 'expired', 'notYet'),
        }),
      ),
      Joi.object({}),
    ),
  },
};

export const COIN_BALANCE_ANSWER = {
  status: { 200: envelope(shape({ balance: int(), nextExpiry: nullable(dateTime()) }), Joi.object({})) },
};

export const COIN_HISTORY_ANSWER = {
  status: {
    200: envelope(
      Joi.array().items(
        shape({
          id: int(),
          kind: Joi.valid('plus', 'minus', 'return', 'expired'),
          reason: str(),
          amount: int(),
          applicationNumber: nullable(str()),
          expiresAt: nullable(dateTime()),
          createdAt: dateTime(),
        }),
      ),
      PAGE_META.keys({ balance: int().required() }),
    ),
  },
};
