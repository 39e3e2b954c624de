// Answer schemas of the map routes (common/dto/map.ts ParkMap and OfficeMap), for the OpenAPI document
// (server/lib/responses.ts).
import Joi from 'joi';
import { PLACE_KINDS } from '../../../common/dto/map';
import { bool, dateTime, day, envelope, int, nullable, shape, str } from '../../lib/responses';

const NO_META = Joi.object({});
const num = () => Joi.number();
const KIND = Joi.valid(...PLACE_KINDS);

const EDGE = shape({
  id: int(),
  from: int(),
  to: int(),
  lengthM: num(),
  steps: int(),
  riseM: num(),
  roofed: bool(),
});
const CONTROL_POINT = shape({ x: num(), y: num(), latitude: num(), longitude: num() });

const PARK_MAP = shape({
  park: shape({ id: int(), name: str(), kind: Joi.valid('zoo', 'aquarium') }),
  image: shape({ url: str(), width: num(), height: num(), metresPerPx: num() }),
  updatedAt: dateTime(),
  date: day(),
  places: Joi.array().items(
    shape({
      id: int(),
      code: str(),
      kind: KIND,
      name: str(),
      x: num(),
      y: num(),
      nodeId: int(),
      parkLivingThingId: nullable(int()),
      itemId: nullable(int()),
    }),
  ),
  nodes: Joi.array().items(shape({ id: int(), x: num(), y: num() })),
  edges: Joi.array().items(EDGE),
  controlPoints: Joi.array().items(CONTROL_POINT),
  events: Joi.array().items(
    shape({
      itemId: int(),
      category: Joi.valid('event', 'quest'),
      name: str(),
      placeId: nullable(int()),
      times: Joi.array().items(shape({ start: str(), end: str() })),
    }),
  ),
});

const OFFICE_PLACE = shape({
  id: int(),
  code: str(),
  kind: KIND,
  nameJa: str(),
  nameEn: nullable(str()),
  x: num(),
  y: num(),
  nodeId: int(),
});
const OFFICE_NODE = shape({ id: int(), code: str(), x: num(), y: num() });
const OFFICE_MAP = shape({
  parkId: int(),
  imageUrl: str(),
  width: num(),
  height: num(),
  metresPerPx: num(),
  updatedAt: dateTime(),
  places: Joi.array().items(OFFICE_PLACE),
  nodes: Joi.array().items(OFFICE_NODE),
  edges: Joi.array().items(EDGE),
  controlPoints: Joi.array().items(CONTROL_POINT),
});
/** A walkway as stored (the row's columns, camelCased). */
const EDGE_ROW = shape({
  id: int(),
  fromNodeId: int(),
  toNodeId: int(),
  lengthM: num(),
  steps: int(),
  riseM: num(),
  roofed: bool(),
});
const REMOVED = envelope(shape({ id: int() }), NO_META);

export const PARK_MAP_ANSWER = { status: { 200: envelope(PARK_MAP, NO_META) } };
export const OFFICE_MAP_ANSWER = { status: { 200: envelope(OFFICE_MAP, NO_META) } };
export const PLACE_CREATED_ANSWER = { status: { 201: envelope(OFFICE_PLACE, NO_META) } };
export const PLACE_ANSWER = { status: { 200: envelope(OFFICE_PLACE, NO_META) } };
export const NODE_CREATED_ANSWER = { status: { 201: envelope(OFFICE_NODE, NO_META) } };
export const NODE_MOVED_ANSWER = { status: { 200: envelope(shape({ id: int(), x: num(), y: num() }), NO_META) } };
export const EDGE_CREATED_ANSWER = { status: { 201: envelope(EDGE_ROW, NO_META) } };
export const REMOVED_ANSWER = { status: { 200: REMOVED } };
export const CONTROL_POINTS_ANSWER = { status: { 200: envelope(Joi.array().items(CONTROL_POINT), NO_META) } };
