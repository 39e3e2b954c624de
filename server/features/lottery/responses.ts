// Answer schemas of my lottery entries (common/dto/lottery.ts LotteryEntryView), for the OpenAPI document.
import Joi from 'joi';
import { bool, envelope, int, nullable, shape, str } from '../../lib/responses';

const none = () => Joi.object({});
const CHOICE = shape({ date: str(), slotId: nullable(int()) });
const ENTRY = shape({
  id: int(),
  lotteryId: int(),
  itemId: int(),
  itemName: str(),
  parkName: str(),
  imageUrl: str(),
  applicationNumber: str(),
  party: int(),
  amount: int(),
  choices: Joi.array().items(CHOICE),
  waitlist: bool(),
  status: Joi.valid('paying', 'waiting', 'won', 'lost', 'withdrawn', 'cancelled'),
  wonChoice: nullable(CHOICE),
  orderId: int(),
  entryClosesAt: str(),
  drawAt: str(),
  announceAt: str(),
  editable: bool(),
  createdAt: str(),
});

export const ENTRIES_ANSWER = { status: { 200: envelope(Joi.array().items(ENTRY), none()) } };
export const ENTRY_ANSWER = { status: { 200: envelope(nullable(ENTRY), none()) } };
export const WITHDRAWN_ANSWER = { status: { 200: envelope(shape({ withdrawn: Joi.valid(true) }), none()) } };
