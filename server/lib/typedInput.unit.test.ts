// Typed route input (typedInput.ts). The `@ts-expect-error` lines are the proof that a handler cannot drift from its
// schemas: `npm run typecheck` fails if any of them stops being an error (an unused @ts-expect-error is an error).
import Joi from 'joi';
import { describe, expect, it } from 'vitest';
import { camelKeys } from './routeKit';
import { allOptional, fields, listOf, oneOf, optional, orNoBody, orNull, route } from './typedInput';

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

  it('types lists by their item schema, bodies that may be left out, and all-optional fields', () => {
    const line = fields({ id: Joi.number(), note: optional(Joi.string()) });
    const editable = { name_ja: Joi.string(), sort: Joi.number() };
    const r = route({
      method: 'PUT',
      path: '/z',
      options: {
        validate: {
          query: fields(allOptional(editable)),
          payload: orNoBody(fields({ lines: listOf(line).min(1), tags: listOf(oneOf(KINDS)) })),
        },
      },
      handler(request) {
        // @ts-expect-error the body may be left out (null)
        request.payload.lines;
        const lines = request.payload?.lines ?? [];
        const ids: number[] = lines.map((l) => l.id);
        // @ts-expect-error an item's optional field may be absent
        const notes: string[] = lines.map((l) => l.note);
        const tag: 'park' | 'story' | undefined = request.payload?.tags[0];
        // @ts-expect-error every field of allOptional may be absent
        const name: string = request.query.name_ja;
        // camelKeys renames the keys in the type too.
        const renamed: { nameJa?: string; sort?: number } = camelKeys(request.query);
        // @ts-expect-error no snake_case key is left
        camelKeys(request.query).name_ja;
        return { ids, notes, tag, name, renamed };
      },
    });
    expect(r.path).toBe('/z');
    expect(listOf(line).validate([{ id: 1 }, { note: 'x' }]).error?.details[0]?.path).toEqual([1, 'id']);
    expect(orNoBody(fields({ a: Joi.number() })).validate(null).error).toBeUndefined();
    expect(fields(allOptional(editable)).validate({}).error).toBeUndefined();
    expect(camelKeys({ name_ja: 'x', time_slots: [{ start_time: '10:00' }] })).toEqual({
      nameJa: 'x',
      timeSlots: [{ startTime: '10:00' }],
    });
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
