// Building blocks for the routes' answer schemas (`options.response.status`), which the OpenAPI generator turns into
// the document (plugins/openapi.ts) and the integration tests check every answer against (test/contract.ts). hapi
// never validates them at run time (`sample: 0` in server.ts).
//
// An answer schema is strict where it is precise: `shape` lists every field (all required unless `.optional()`),
// and a field it does not list fails the contract. Big nested parts may be `loose` (an object, fields unchecked).
import Joi from 'joi';

/** An object with exactly these fields, each required unless it says `.optional()`. */
export const shape = (keys: Record<string, Joi.Schema>) =>
  Joi.object(
    Object.fromEntries(
      Object.entries(keys).map(([k, v]) => [k, v.$_getFlag('presence') === 'optional' ? v : v.required()]),
    ),
  );

/** An object whose fields are not described here (a big nested part: see the DTO named in the route). */
export const loose = () => Joi.object().unknown(true);

export const int = () => Joi.number().integer();
export const str = () => Joi.string().allow('');
export const bool = () => Joi.boolean();
/** An ISO date-time string (JSON of a Date). */
export const dateTime = () => Joi.string().isoDate();
/** A YYYY-MM-DD date. */
export const day = () => Joi.string().meta({ format: 'date' });
export const nullable = <T extends Joi.Schema>(s: T) => s.allow(null);
/** Localised text: the request's language, falling back to Japanese. */
export const text = () => str();

/** The `{ data, meta }` answer: `meta` as described, else any object. */
export const envelope = (data: Joi.Schema, meta: Joi.ObjectSchema = Joi.object().unknown(true)) =>
  Joi.object({ data: data.required(), meta: meta.required() });

/** `{ data: [item, ...], meta }`. */
export const listOf = (item: Joi.Schema, meta?: Joi.ObjectSchema) => envelope(Joi.array().items(item), meta);

/** The answer a route gives with status 200 (or another), for `options.response`. */
export const answersWith = (status: Record<number, Joi.Schema>) => ({ status });

/** `meta` of a paged list (lib/paging.ts pageMeta). */
export const PAGE_META = shape({ page: int(), perPage: int(), total: int(), totalPages: int(), totalCapped: bool() });

/** `{ id, name }` (common/dto/park.ts NamedRef). */
export const NAMED_REF = shape({ id: int(), name: str() });

/** One of the codes of an enumeration of common/enums.ts. */
export const codeOf = (e: Record<string, string | number>) => Joi.valid(...Object.values(e));

/** A park user (staff who posts) in lists and on stories (common/dto/story.ts ParkUserRef). */
export const PARK_USER_REF = shape({ id: int(), name: str(), role: str(), iconUrl: str() });
