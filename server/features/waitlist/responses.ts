// Answer schemas of the waitlist routes (common/dto/lottery.ts WaitlistView), for the OpenAPI document.
import Joi from 'joi';
import { bool, envelope, int, nullable, shape, str } from '../../lib/responses';
import { PAYMENT_START_SCHEMA } from '../payments';

const none = () => Joi.object({});
const PLACE = shape({
  id: int(),
  itemId: int(),
  itemName: str(),
  parkName: str(),
  imageUrl: str(),
  date: str(),
  time: nullable(str()),
  party: int(),
  amount: int(),
  state: Joi.valid('waiting', 'offered', 'accepted', 'declined', 'expired', 'withdrawn'),
  offerDeadline: nullable(str()),
  ahead: nullable(int()),
  orderId: nullable(int()),
  fromLottery: bool(),
});

export const JOINED_ANSWER = { status: { 201: envelope(PLACE, none()) } };
export const PLACES_ANSWER = { status: { 200: envelope(Joi.array().items(PLACE), none()) } };
export const PLACE_ANSWER = { status: { 200: envelope(PLACE, none()) } };
export const ACCEPTED_ANSWER = {
  status: {
    201: envelope(
      shape({
        orderId: int(),
        payment: PAYMENT_START_SCHEMA,
      }),
      none(),
    ),
  },
};
export const LEFT_ANSWER = { status: { 200: envelope(shape({ left: Joi.valid(true) }), none()) } };
