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

// What a lottery publishes (services/publishedDraw.ts PublishedDraw), and its rounds in the back office
// (services/saveLotteryRound.ts OfficeLotteryRound).
const roundKeys = {
  id: int(),
  useFrom: str(),
  useTo: str(),
  entryOpensAt: str(),
  entryClosesAt: str(),
  drawAt: str(),
  announceAt: str(),
  purchaseDeadline: str(),
  state: Joi.valid('open', 'closed', 'drawn'),
};
const drawKeys = {
  ...roundKeys,
  itemId: int(),
  seedHash: nullable(str()),
  entriesHash: nullable(str()),
  seed: nullable(str()),
  // Loose: the canonical entry list as published (lottery:verify reads it).
  entries: nullable(Joi.array()),
  places: nullable(Joi.object().pattern(Joi.string(), int())),
  winners: nullable(Joi.array().items(shape({ id: str(), choice: CHOICE }))),
};
export const DRAW_ANSWER = { status: { 200: envelope(shape(drawKeys), none()) } };
/** The item's round now: the draw's dates and hashes (lists withheld), and whether an entry's card is charged at it. */
export const ITEM_LOTTERY_ANSWER = {
  status: {
    200: envelope(
      shape({
        ...drawKeys,
        entries: Joi.valid(null),
        winners: Joi.valid(null),
        places: Joi.valid(null),
        chargeAtDraw: bool(),
      }),
      none(),
    ),
  },
};
const OFFICE_ROUND = shape({ ...roundKeys, entries: int() });
export const ROUNDS_ANSWER = { status: { 200: envelope(Joi.array().items(OFFICE_ROUND), none()) } };
export const ROUND_CREATED_ANSWER = { status: { 201: envelope(OFFICE_ROUND, none()) } };
export const ROUND_ANSWER = { status: { 200: envelope(OFFICE_ROUND, none()) } };
export const ROUND_REMOVED_ANSWER = { status: { 200: envelope(shape({ id: int() }), none()) } };
