// Typed route input: a handler's `request.params`, `.query` and `.payload` get their TypeScript types from the Joi
// schemas that validate them, so the two cannot drift (no `request.payload as {...}` beside a schema that says
// something else). Build the schemas with `fields(...)` and the route with `route(...)`:
//
//   route({ method: 'POST', path: '/x/{id}', options: { validate: { params: fields({ id: id() }),
//     payload: fields({ name: text(40), note: optional(text(200)) }) } },
//     handler: (request) => request.payload.name /* string */ })
//
// server/lib/typedInput.unit.test.ts holds the type-level checks (a mismatch fails `tsc`).
import type { Lifecycle, Request, ResponseToolkit, RouteOptions, RouteOptionsValidate, ServerRoute } from '@hapi/hapi';
import Joi from 'joi';

declare const INPUT: unique symbol;
declare const OPTIONAL: unique symbol;

/** A Joi object schema that carries the type of the value it validates to. */
export type Input<T> = Joi.ObjectSchema<T> & { readonly [INPUT]: T };

/**
 * A Joi schema, said so that it gives no type to infer from: `Joi.string()` takes its value type from the type
 * expected where it is written, and `Joi.AnySchema` there would make every field `any`.
 */
type Field = { readonly '~standard': unknown };

/** A field that may be absent (after validation too). */
export type Optional<S> = S & { readonly [OPTIONAL]: true };

/** The value a field's schema validates to (Joi's Standard Schema output type). */
export type ValueOf<S> = S extends { readonly '~standard': { readonly types?: infer X } }
  ? NonNullable<X> extends { readonly output: infer T }
    ? T
    : never
  : never;

type Flatten<T> = { [K in keyof T]: T[K] } & {};

/** The object `fields(keys)` validates to: every key required unless marked `optional(...)`. */
export type InputOf<K> = Flatten<
  { [k in keyof K as K[k] extends { readonly [OPTIONAL]: true } ? never : k]: ValueOf<K[k]> } & {
    [k in keyof K as K[k] extends { readonly [OPTIONAL]: true } ? k : never]?: ValueOf<K[k]>;
  }
>;

/** A field that may be absent. */
export const optional = <S extends Field>(schema: S) =>
  (schema as unknown as Joi.AnySchema).optional() as unknown as Optional<S>;

/** A field that may be null (Joi's `.allow(null)` keeps the type it had). */
export const orNull = <T>(schema: Joi.AnySchema<T>) => schema.allow(null) as unknown as Joi.AnySchema<T | null>;

/** A body that may be left out (hapi gives null for an empty body): the handler's payload is typed `T | null`. */
export const orNoBody = <T>(schema: Input<T>) => schema.allow(null) as unknown as Input<T | null>;

/** One of these values, typed as their union (`oneOf(FOLLOW_TARGETS)`: FollowTarget). */
export const oneOf = <T extends string>(values: readonly T[]) => Joi.string<T>().valid(...values);

/** A list of values of one schema (a `fields(...)` object, an `id()`...), typed as an array of what it validates to. */
export const listOf = <S extends Field>(item: S) =>
  Joi.array().items(item as unknown as Joi.Schema) as unknown as Joi.ArraySchema<ValueOf<S>[]>;

/** One of these numbers, typed as their union. */
export const oneOfNumbers = <T extends number>(values: readonly T[]) => Joi.number<T>().valid(...values);

/**
 * An object with exactly these fields, typed. A field is required unless marked `optional(...)` or given a
 * `.default(...)` (then it is always there after validation, and the type says so).
 */
export function fields<K extends { [k in keyof K]: Field }>(keys: K): Input<InputOf<K>> {
  return Joi.object(
    Object.fromEntries(
      Object.entries(keys as unknown as Record<string, Joi.AnySchema>).map(([k, v]) => [
        k,
        v.$_getFlag('presence') === 'optional' || v.$_getFlag('default') !== undefined ? v : v.required(),
      ]),
    ),
  ) as unknown as Input<InputOf<K>>;
}

/** The same fields, each one optional (a PUT that changes what it names; `fields(allOptional(f))`). */
export const allOptional = <K extends { [k in keyof K]: Field }>(keys: K) =>
  Object.fromEntries(
    Object.entries(keys as unknown as Record<string, Field>).map(([k, v]) => [k, optional(v)]),
  ) as unknown as { [k in keyof K]: Optional<K[k]> };

/** No input of this kind: reading a field of it fails `tsc`. */
type None = Record<never, never>;

type TypedValidate<P, Q, B> = Omit<RouteOptionsValidate, 'params' | 'query' | 'payload'> & {
  params?: Input<P>;
  query?: Input<Q>;
  payload?: Input<B>;
};

/**
 * A request whose params, query and payload are what the route's schemas validate to. Still a `Request` for the
 * helpers that take one (hapi's own `Request<Refs>` is not, its route settings being typed by the refs too).
 */
export type TypedRequest<P = None, Q = None, B = None> = Omit<Request, 'params' | 'query' | 'payload'> & {
  readonly params: P;
  readonly query: Q;
  readonly payload: B;
};

/**
 * A route whose handler reads typed input. Params, query and payload without a schema are empty types, so a handler
 * cannot read what nothing validated.
 */
export function route<P = None, Q = None, B = None>(
  def: Omit<ServerRoute, 'options' | 'handler'> & {
    options: Omit<RouteOptions, 'validate' | 'handler'> & { validate?: TypedValidate<P, Q, B> };
    handler(request: TypedRequest<P, Q, B>, h: ResponseToolkit): Lifecycle.ReturnValue;
  },
): ServerRoute {
  return def as unknown as ServerRoute;
}
