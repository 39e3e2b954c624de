// Answer schemas of the cart routes (common/dto/cart.ts), for the OpenAPI document (server/lib/responses.ts).
import Joi from 'joi';
import { bool, dateTime, day, envelope, int, loose, nullable, shape, str } from '../../lib/responses';
import { PASS_PRODUCT } from '../items';

const PASS_HOLDER = shape({
  position: int(),
  holderUserId: nullable(int()),
  name: str(),
  ageGroupId: nullable(int()),
  unitKind: Joi.valid('basic', 'disability', 'companion'),
  photoId: nullable(str()),
});

const AGE_QUANTITY = shape({ ageGroupId: int(), ageGroupName: str(), quantity: int(), unitPrice: int() });

export const CART_LINE = shape({
  id: int(),
  kind: Joi.valid('item', 'pack', 'pass'),
  itemId: nullable(int()),
  ticketPackId: nullable(int()),
  name: str(),
  imageUrl: str(),
  date: day(),
  timeSlot: nullable(shape({ id: int(), startTime: str(), endTime: str() })),
  time: nullable(str()),
  seatCodes: Joi.array().items(str()),
  quantities: Joi.array().items(AGE_QUANTITY),
  additionalPlans: Joi.array().items(
    shape({ planId: int(), name: str(), quantities: Joi.array().items(AGE_QUANTITY) }),
  ),
  disabilityQuantity: int(),
  companionQuantity: int(),
  disabilityUnitPrice: nullable(int()),
  quantity: nullable(int()),
  packUnitPrice: nullable(int()),
  people: int(),
  subtotal: int(),
  expiresAt: dateTime(),
  // Loose: the answers to the advance information, and its fields (common/rules/advanceInfo.ts).
  advanceInfo: nullable(loose()),
  advanceInfoFields: Joi.array().items(loose()),
  lottery: bool(),
  pendingOrderId: nullable(int()),
  pass: nullable(
    shape({
      product: PASS_PRODUCT,
      details: shape({ renewsPassId: nullable(int()), holders: Joi.array().items(PASS_HOLDER) }),
      renews: nullable(shape({ passId: int(), passNumber: str(), oldUntil: day(), newUntil: day() })),
      complete: bool(),
    }),
  ),
  memberDiscount: int(),
  passVoucher: nullable(shape({ passId: int(), quantity: int(), amount: int() })),
  voucherPasses: Joi.array().items(shape({ passId: int(), passNumber: str(), left: int() })),
  passPool: bool(),
});

const CART = shape({
  park: shape({ id: int(), name: str() }),
  lines: Joi.array().items(CART_LINE),
  subtotal: int(),
  memberDiscount: int(),
  expiresAt: nullable(dateTime()),
});

const metaKeys = {
  notices: Joi.array().items(
    shape({ id: int(), code: Joi.valid('holdExpired'), message: str(), createdAt: dateTime() }),
  ),
  holdMinutes: int(),
  serverTime: dateTime(),
};

export const LINE_ADDED_ANSWER = {
  status: {
    201: envelope(
      CART_LINE,
      shape({ parkId: int(), expiresAt: dateTime(), holdMinutes: int(), serverTime: dateTime() }),
    ),
  },
};
export const PASS_PLACES_ANSWER = {
  status: {
    200: envelope(
      shape({
        holders: int(),
        slots: Joi.array().items(
          shape({ timeSlotId: int(), startTime: str(), endTime: str(), capacity: int(), remaining: int() }),
        ),
      }),
      shape({ date: day() }),
    ),
  },
};
export const CARTS_ANSWER = { status: { 200: envelope(Joi.array().items(CART), shape(metaKeys)) } };
export const PARK_CART_ANSWER = { status: { 200: envelope(CART, shape(metaKeys)) } };
export const CARTS_REMOVED_ANSWER = {
  status: { 200: envelope(Joi.array().items(CART), shape({ ...metaKeys, removed: int() })) },
};
export const CARTS_MOVED_ANSWER = {
  status: { 200: envelope(Joi.array().items(CART), shape({ ...metaKeys, moved: int() })) },
};
export const PASS_LINE_ANSWER = {
  status: { 200: envelope(CART_LINE, shape({ parkId: int(), serverTime: dateTime() })) },
};
