// Answer schemas of the public stock routes (common/dto/cart.ts), for the OpenAPI document (server/lib/responses.ts).
import Joi from 'joi';
import { bool, day, envelope, int, nullable, shape, str } from '../../lib/responses';

const STATUS = Joi.valid('available', 'few', 'soldOut', 'unavailable');

export const AVAILABILITY_ANSWER = {
  status: {
    200: envelope(
      Joi.array().items(
        shape({
          date: day(),
          status: STATUS,
          remaining: int(),
          reason: nullable(str()),
          reasonText: nullable(str()),
          slots: Joi.array().items(
            shape({
              timeSlotId: nullable(int()),
              startTime: nullable(str()),
              endTime: nullable(str()),
              capacity: int(),
              remaining: int(),
              status: STATUS,
            }),
          ),
        }),
      ),
      shape({ from: day(), to: day() }),
    ),
  },
};

export const SEATS_ANSWER = {
  status: {
    200: envelope(
      Joi.array().items(shape({ code: str(), row: str(), number: int(), taken: bool() })),
      shape({ date: day(), timeSlotId: nullable(int()) }),
    ),
  },
};

// The back office: an item's stock on a date (services/getStockDay.ts StockRow, setStockCapacity.ts,
// setPassCapacity.ts).
const POOL_COUNTS = shape({ capacity: int(), sold: int(), held: int(), remaining: int() });
const STOCK_ROW = shape({
  timeSlotId: nullable(int()),
  startTime: nullable(str()),
  endTime: nullable(str()),
  capacity: int(),
  sold: int(),
  held: int(),
  remaining: int(),
  passCapacity: nullable(int()),
  pass: nullable(POOL_COUNTS),
});
export const PASS_CAPACITY_ANSWER = {
  status: {
    200: envelope(
      shape({
        itemId: int(),
        timeSlotId: int(),
        capacity: int(),
        passCapacity: int(),
        datesResized: int(),
      }),
      Joi.object({}),
    ),
  },
};
export const STOCK_DAY_ANSWER = { status: { 200: envelope(Joi.array().items(STOCK_ROW), Joi.object({})) } };
export const STOCK_SET_ANSWER = {
  status: {
    200: envelope(
      shape({
        itemId: int(),
        date: day(),
        timeSlotId: nullable(int()),
        capacity: int(),
        sold: int(),
        held: int(),
        remaining: int(),
      }),
      Joi.object({}),
    ),
  },
};
