// The answers of the group routes (OpenAPI, checked against real answers by the contract tests).
import Joi from 'joi';
import { bool, dateTime, day, envelope, int, nullable, shape, str } from '../../lib/responses';
import { PAYMENT_START_SCHEMA } from '../payments';

export const GROUP_REQUEST = shape({
  id: int(),
  parkId: int(),
  itemId: int(),
  itemName: str(),
  date: day(),
  timeSlotId: nullable(int()),
  organisation: str(),
  kind: str(),
  partySize: int(),
  ageMix: Joi.object().pattern(Joi.string(), int()),
  leaders: int(),
  leaderName: str(),
  purpose: str(),
  exemptionKind: nullable(str()),
  hasDocument: bool(),
  state: str(),
  price: nullable(int()),
  exemptions: Joi.array().items(str()),
  declineReason: nullable(str()),
  dueAt: nullable(dateTime()),
  paymentMethod: nullable(str()),
  orderId: nullable(int()),
  transferAmount: nullable(int()),
  paidAt: nullable(dateTime()),
  createdAt: dateTime(),
});

export const GROUP_SETTINGS = shape({
  minSize: int(),
  maxSize: int(),
  exemptionKinds: Joi.array().items(str()),
  bankAccount: str(),
  paymentDays: int(),
});

export const ONE_REQUEST = envelope(GROUP_REQUEST);
export const REQUEST_LIST = envelope(Joi.array().items(GROUP_REQUEST));
export const SETTINGS_ANSWER = envelope(GROUP_SETTINGS);
export const CREATED = envelope(shape({ id: int() }));
export const PAID = envelope(shape({ orderId: int(), tickets: int() }));
export const ARRIVALS = envelope(shape({ partySize: int(), admitted: int(), arrived: int(), left: int() }));
export const GROUP_TICKETS = envelope(Joi.array().items(shape({ ticketNumber: str(), entered: bool() })));
export const CARD_PAYMENT_STARTED = envelope(shape({ orderId: int(), payment: PAYMENT_START_SCHEMA }));
