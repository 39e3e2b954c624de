// Answer schemas of the pass routes (common/dto/pass.ts), for the OpenAPI document (server/lib/responses.ts).
import Joi from 'joi';
import { bool, dateTime, day, envelope, int, nullable, PAGE_META, shape, str } from '../../lib/responses';

const STATE = Joi.valid('not_started', 'active', 'suspended', 'expired', 'cancel_waiting', 'cancelled');

const BENEFITS = shape({
  dailyAdmission: Joi.valid(true),
  reentry: bool(),
  maxEntries: nullable(int()),
  discountPercent: int(),
  discountCategories: Joi.array().items(int()),
  guestVouchersPerTerm: int(),
  guestVoucherItemId: nullable(int()),
  holderCapacity: bool(),
});

const MEMBER_CARD = shape({
  passId: int(),
  passNumber: str(),
  holderId: int(),
  position: int(),
  holderName: str(),
  holderUserId: nullable(int()),
  isMe: bool(),
  ownerIsMe: bool(),
  park: shape({
    id: int(),
    name: str(),
    address: nullable(str()),
    mapImageUrls: Joi.array().items(str()),
    timeZone: Joi.valid('Asia/Tokyo'),
  }),
  product: shape({
    itemId: int(),
    name: str(),
    kind: Joi.valid('single', 'family'),
    parkIds: Joi.array().items(int()),
    parkNames: Joi.array().items(str()),
  }),
  state: STATE,
  suspendedReason: nullable(str()),
  validFrom: nullable(day()),
  validUntil: nullable(day()),
  startBy: nullable(day()),
  benefits: BENEFITS,
  photo: shape({
    state: Joi.valid('none', 'pending', 'approved', 'rejected'),
    url: nullable(str()),
    rejectReason: nullable(str()),
  }),
  terms: Joi.array().items(
    shape({
      ticketId: str(),
      ticketNumber: str(),
      validFrom: nullable(day()),
      validUntil: day(),
      state: str(),
      token: nullable(str()),
    }),
  ),
  renewal: nullable(shape({ opensOn: day(), closesOn: day(), open: bool(), price: int() })),
  cancellable: bool(),
  guestVouchersLeft: int(),
});

export const MEMBER_CARDS_ANSWER = {
  status: { 200: envelope(shape({ cards: Joi.array().items(MEMBER_CARD), asOf: dateTime() }), Joi.object({})) },
};

export const PASS_VISIT = shape({
  visitTicketId: str(),
  date: day(),
  parkId: int(),
  parkName: str(),
  holderId: int(),
  holderName: str(),
  firstEntryAt: nullable(dateTime()),
  gateName: nullable(str()),
  entries: int(),
});

export const PASS_VISITS_ANSWER = { status: { 200: envelope(Joi.array().items(PASS_VISIT), PAGE_META) } };
