// Answer schemas of the waiting room's routes, for the OpenAPI document (QueueStatus, RoomOverview, PublishedRanking).
import Joi from 'joi';
import { bool, dateTime, envelope, int, nullable, shape, str } from '../../lib/responses';

const STATE = Joi.valid('prequeue', 'open');
const STATUS = shape({
  itemId: int(),
  active: bool(),
  state: STATE,
  opensAt: dateTime(),
  seedHash: str(),
  paused: bool(),
  place: nullable(
    shape({
      entryId: str(),
      position: nullable(int()),
      ahead: nullable(int()),
      estimateSeconds: nullable(int()),
      admitted: bool(),
      used: bool(),
    }),
  ),
  pollAfterSeconds: int(),
});

const NO_ROOM = shape({
  itemId: int(),
  active: Joi.valid(false),
  state: Joi.valid('none'),
  place: Joi.valid(null),
  pollAfterSeconds: int(),
});
export const STATUS_ANSWER = { status: { 200: envelope(Joi.alternatives(STATUS, NO_ROOM)) } };
export const JOINED_ANSWER = { status: { 201: envelope(STATUS) } };
export const ADMISSION_ANSWER = {
  status: { 201: envelope(shape({ token: str(), expiresAt: dateTime() })) },
};
export const RANKING_ANSWER = {
  status: {
    200: envelope(
      shape({
        itemId: int(),
        state: STATE,
        seedHash: str(),
        seed: nullable(str()),
        ranking: nullable(Joi.array().items(str())),
      }),
    ),
  },
};
export const OVERVIEW_ANSWER = {
  status: {
    200: envelope(
      shape({
        itemId: int(),
        state: STATE,
        opensAt: dateTime(),
        closesAt: nullable(dateTime()),
        seedHash: str(),
        rate: Joi.number(),
        maxRate: nullable(Joi.number()),
        auto: bool(),
        paused: bool(),
        tokenMinutes: int(),
        length: int(),
        admitted: int(),
        used: int(),
      }),
    ),
  },
};
