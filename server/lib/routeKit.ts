// What every route shares: ids, the real-date rule, the string rule, the answer envelope, the Db type. Routes use
// these instead of redefining them. The string rule is also applied to every query, path and body string at once,
// before validation (server/plugins/inputGuard.ts), so no route can forget it.
import type { ResponseToolkit } from '@hapi/hapi';
import Joi from 'joi';
import type { Knex } from 'knex';
import { isIsoDate } from '../../common/rules/availability';
import type { OpenapiRouteOptions } from '../plugins/openapi';

export type Db = Knex | Knex.Transaction;

export const MAX_ID = 2_147_483_647;
/** A database id (positive int4). */
export const id = () => Joi.number().integer().min(1).max(MAX_ID);

/** Control characters that have no place in any text we take (tab, line feed and carriage return do). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is what this rule is for
export const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

/** Characters, not UTF-16 units: 🐼 is one. */
export const characters = (s: string) => [...s].length;

/**
 * Text: no control characters, at most `max` characters (not UTF-16 units), trimmed. `multiline` keeps line
 * breaks; otherwise they are refused too.
 */
export const text = (max: number, options: { multiline?: boolean } = {}) =>
  Joi.string()
    .trim()
    .custom((v: string, helpers) => {
      if (CONTROL_CHARACTERS.test(v) || (!options.multiline && /[\r\n]/.test(v))) return helpers.error('any.invalid');
      if (characters(v) > max) return helpers.error('any.invalid');
      return v;
    });

/** The first year any date we take can have (birthdates, use dates): earlier is a typo, not a date. */
export const FIRST_YEAR = 1900;

/** A real calendar date YYYY-MM-DD (2021-02-30 and 0000-00-00 are not). */
export const isRealDate = (v: string) => isIsoDate(v) && Number(v.slice(0, 4)) >= FIRST_YEAR;

/** A real calendar date YYYY-MM-DD, documented in the OpenAPI document as `format: date` (never date-time). */
export const isoDate = () =>
  Joi.string()
    .custom((v: string, helpers) => (isRealDate(v) ? v : helpers.error('any.invalid')))
    .meta({ format: 'date' });

export const PRIVATE = 'private, no-store';

/** The `{ data, meta }` answer, private to its caller. */
export const ok = (h: ResponseToolkit, data: unknown, meta: object = {}, code = 200) =>
  h.response({ data, meta }).code(code).header('cache-control', PRIVATE);

/**
 * The statuses a route answers beyond those the OpenAPI generator derives (see server/plugins/openapi.ts), for the
 * route's `options.plugins`: `plugins: answers({ 201: 'Added', 409: 'Sold out' })`.
 */
export const answers = (responses: NonNullable<OpenapiRouteOptions['responses']>) => ({ openapi: { responses } });

/** Public catalogue reads answered through the read cache (lib/readCache.ts) also answer 304. */
export const NOT_MODIFIED = { 304: 'Not modified: If-None-Match matched the ETag' } as const;

/** A list answer: `data` is an array (a page of it, with the paging in `meta`). */
export const LIST = { 200: { description: 'A page of results (paging in meta)', data: { type: 'array' } } } as const;

const snakeToCamel = (k: string) => k.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

/** `name_ja` as `nameJa`, at the type level (what snakeToCamel does to a key). */
type Camel<S extends string> = S extends `${infer H}_${infer C}${infer R}`
  ? C extends Lowercase<C>
    ? C extends Uppercase<C>
      ? `${H}_${C}${Camel<R>}`
      : `${H}${Uppercase<C>}${Camel<R>}`
    : `${H}_${C}${Camel<R>}`
  : S;

/** A snake_case value with camelCase keys, nested objects and arrays included; dates and buffers as they are. */
export type CamelKeys<T> = T extends Date | Buffer
  ? T
  : T extends readonly (infer U)[]
    ? CamelKeys<U>[]
    : T extends object
      ? { [K in keyof T as K extends string ? Camel<K> : K]: CamelKeys<T[K]> }
      : T;

/**
 * A validated snake_case request body as the camelCase fields services take, nested objects and arrays included,
 * typed from the body's own type (its schema's). Dates and other non-plain values pass through as they are.
 */
export function camelKeys<T>(value: T): CamelKeys<T> {
  if (Array.isArray(value)) return value.map((v) => camelKeys(v)) as CamelKeys<T>;
  if (value === null || typeof value !== 'object' || Object.getPrototypeOf(value) !== Object.prototype)
    return value as CamelKeys<T>;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [snakeToCamel(k), camelKeys(v)])) as CamelKeys<T>;
}
