// Typed route input (typedInput.ts). The `@ts-expect-error` lines are the proof that a handler cannot drift from its
// schemas: `npm run typecheck` fails if any of them stops being an error (an unused @ts-expect-error is an error).
import Joi from 'joi';
import { describe, expect, it } from 'vitest';
import { fields, oneOf, optional, orNull, route } from './typedInput';

const KINDS = ['park', 'story'] as const;

describe('typed route input', () => {
  it('derives the handler input type from the schemas, and the schemas validate what the type says', () => {
    const params = fields({ id: Joi.number().integer() });
    const payload = fields({
      kind: oneOf(KINDS),
      note: optional(Joi.string()),
      page: Joi.number().default(1),
      until: orNull(Joi.string()),
    });
    const r = route({
      method: 'POST',
      path: '/x/{id}',
      options: { validate: { params, payload } },
      handler(request) {
        const id: number = request.params.id;
        const kind: 'park' | 'story' = request.payload.kind;
        const note: string | undefined = request.payload.note;
        const page: number = request.payload.page;
        // @ts-expect-error a nullable field may be null
        const until: string = request.payload.until;
        // @ts-expect-error a number is not a string: the schema says `id` is a number
        const wrong: string = request.params.id;
        // @ts-expect-error no such field in the schema
        request.payload.name;
        // @ts-expect-error an optional field may be absent
        const sure: string = request.payload.note;
        // @ts-expect-error nothing validates the query: there is nothing to read
        request.query.page;
        return { id, kind, note, page, until, wrong, sure };
      },
    });
    expect(r.path).toBe('/x/{id}');
    // Required unless optional() or defaulted; the default is filled in.
    expect(payload.validate({ kind: 'park', until: null }).value).toEqual({ kind: 'park', page: 1, until: null });
    expect(payload.validate({}).error?.details[0]?.path).toEqual(['kind']);
    expect(payload.validate({ kind: 'zoo' }).error?.details[0]?.path).toEqual(['kind']);
    expect(params.validate({ id: 1, other: 2 }).error?.details[0]?.path).toEqual(['other']);
  });

  it('refuses a schema built without `fields` (its type is unknown, so it could drift)', () => {
    route({
      method: 'GET',
      path: '/y',
      options: {
        // @ts-expect-error a bare Joi.object carries no type
        validate: { query: Joi.object({ page: Joi.number() }) },
      },
      handler: () => null,
    });
    expect(true).toBe(true);
  });
});
