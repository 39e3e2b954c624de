// Property-based fuzzing over the OpenAPI document: for every operation, path values, queries and bodies made from
// its own schemas, valid and broken (wrong types, control characters, huge strings, emoji, impossible dates,
// negative and huge numbers, arrays for objects, missing and extra fields, a body that is not JSON), signed out,
// signed in, as a kids account and with a cookie from another origin. No answer may be a 5xx or outside the
// document (server/test/contract.ts). FUZZ_SEED=<n> replays a run; FUZZ_RUNS=<n> sets the runs per operation.
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../common/time';
import { commerce } from './commerceFixtures';
import { type Answer, type Contract, loadContract } from './contract';
import { createHttpTestServer, type TestContext } from './testServer';
import { signedInUser } from './users';

type Schema = Record<string, unknown> & {
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
};
interface Parameter {
  name: string;
  in: 'path' | 'query';
  required: boolean;
  schema: Schema;
}
interface Operation {
  parameters: Parameter[];
  requestBody?: { content: { 'application/json': { schema: Schema } } };
}
type Doc = Parameters<typeof loadContract>[0] & { paths: Record<string, Record<string, Operation>> };

const RUNS = Number(process.env.FUZZ_RUNS ?? 50);
const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 2_147_483_647);
/** Test-only: moving the test clock (and running every job) is not an API a client has. */
const SKIP = new Set(['post /api/test/clock']);

// ---------------------------------------------------------------------------------------------------------------
// Values

const NASTY_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  'a\u0007b',
  '\u001b[31m',
  '\u007f',
  'line\nbreak',
  '🐼',
  '🐼'.repeat(300),
  'x'.repeat(5000),
  'あ'.repeat(2000),
  '2021-02-30',
  '2021-13-01',
  '0000-00-00',
  '1899-12-31',
  '9999-12-31',
  '2024-02-29T25:61:00Z',
  'not-a-date',
  '-1',
  '0',
  '1e309',
  '99999999999999999999999',
  'NaN',
  'Infinity',
  'null',
  'true',
  "' OR 1=1 --",
  '../../etc/passwd',
  '%00',
  '<script>alert(1)</script>',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  '\ud800',
  // sent as they are, not percent-encoded (in a path or query): malformed escapes
  'RAW:%E0%A4%A',
  'RAW:%zz',
  'RAW:%',
];
const NASTY_NUMBERS = [-1, 0, 1.5, -0.5, 2_147_483_647, 2_147_483_648, 9_007_199_254_740_992, 1e308, -1e308];

const nastyValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(...NASTY_STRINGS),
  fc.constantFrom<unknown>(...NASTY_NUMBERS),
  fc.constantFrom<unknown>(null, true, false, [], {}, [1, 2, 3], { a: 1 }, [{}], [null], ['🐼']),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.integer(),
  fc.double({ noNaN: true }),
);

const realDate = fc
  .date({ min: new Date('1990-01-01T00:00:00Z'), max: new Date('2035-12-31T00:00:00Z'), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));

/**
 * Real values by field name (ids of seeded and made rows, open dates, the caller's cart line), mixed into the valid
 * values so requests get past "not found" into the handlers' deeper paths. Filled in beforeAll and per operation.
 */
const POOLS: Record<string, unknown[]> = {};
const poolOf = (name?: string) => (name ? (POOLS[name] ?? POOLS[name.replace(/s$/, '')]) : undefined);

const typeOf = (s: Schema) => (Array.isArray(s.type) ? s.type.find((t) => t !== 'null') : s.type);

/** A value the schema accepts (as far as JSON Schema tells: custom rules may still refuse it, with a 400). */
function valid(s: Schema, depth = 0, name?: string): fc.Arbitrary<unknown> {
  const pool = typeOf(s) === 'array' ? undefined : poolOf(name);
  if (pool?.length && !s.enum)
    return fc.oneof({ weight: 2, arbitrary: fc.constantFrom(...pool) }, { weight: 1, arbitrary: valid(s, depth) });
  if (s.enum) return fc.constantFrom(...s.enum);
  if (s.anyOf?.length) return fc.oneof(...s.anyOf.map((x) => valid(x, depth + 1)));
  switch (typeOf(s)) {
    case 'integer': {
      const min = typeof s.minimum === 'number' ? s.minimum : -1000;
      const max = typeof s.maximum === 'number' ? s.maximum : Math.max(min, 0) + 100_000;
      return fc.oneof(fc.integer({ min, max: Math.min(max, min + 50) }), fc.integer({ min, max }));
    }
    case 'number':
      return fc.double({
        min: typeof s.minimum === 'number' ? s.minimum : -1e6,
        max: typeof s.maximum === 'number' ? s.maximum : 1e6,
        noNaN: true,
      });
    case 'boolean':
      return fc.boolean();
    case 'string': {
      if (s.format === 'uuid') return fc.uuid();
      if (s.format === 'date') return realDate;
      if (s.format === 'date-time') return fc.date({ noInvalidDate: true }).map((d) => d.toISOString());
      if (s.format === 'email') return fc.emailAddress().filter((e) => e.length <= 200);
      if (typeof s.pattern === 'string') {
        try {
          return fc.stringMatching(new RegExp(s.pattern)).filter((v) => v.length <= 200);
        } catch {
          // fall through to a plain string
        }
      }
      const maxLength = Math.min(typeof s.maxLength === 'number' ? s.maxLength : 30, 60);
      const minLength = Math.min(typeof s.minLength === 'number' ? s.minLength : 0, maxLength);
      return fc.string({ unit: 'grapheme', minLength, maxLength });
    }
    case 'array': {
      const max = Math.min(typeof s.maxItems === 'number' ? s.maxItems : 5, 5);
      const min = Math.min(typeof s.minItems === 'number' ? s.minItems : 0, max);
      return fc.array(s.items && depth < 4 ? valid(s.items, depth + 1) : fc.integer(), {
        minLength: min,
        maxLength: max,
      });
    }
    case 'object': {
      const props = s.properties ?? {};
      const model: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [k, v] of Object.entries(props)) model[k] = depth < 4 ? valid(v, depth + 1, k) : fc.constant(null);
      return fc.record(model, { requiredKeys: (s.required ?? []).filter((k) => k in props) });
    }
    default:
      return fc.oneof(fc.string({ maxLength: 10 }), fc.integer(), fc.constant(null));
  }
}

/** A value the schema might refuse: the valid one broken in one place, or something of the wrong shape. */
function broken(s: Schema, depth = 0): fc.Arbitrary<unknown> {
  if (typeOf(s) === 'object' && s.properties && depth < 3) {
    const props = s.properties;
    const keys = Object.keys(props);
    return fc.oneof(
      nastyValue,
      // one field broken
      keys.length
        ? fc
            .tuple(valid(s, depth) as fc.Arbitrary<Record<string, unknown>>, fc.constantFrom(...keys))
            .chain(([v, k]) => broken(props[k] as Schema, depth + 1).map((b) => ({ ...v, [k]: b })))
        : nastyValue,
      // a required field missing
      (s.required ?? []).length
        ? fc
            .tuple(valid(s, depth) as fc.Arbitrary<Record<string, unknown>>, fc.constantFrom(...(s.required ?? [])))
            .map(([v, k]) => {
              const { [k]: _gone, ...rest } = v;
              return rest;
            })
        : nastyValue,
      // an extra field
      (valid(s, depth) as fc.Arbitrary<Record<string, unknown>>).map((v) => ({ ...v, unexpected_field: 'x' })),
    );
  }
  if (typeOf(s) === 'array' && s.items && depth < 3) {
    return fc.oneof(
      nastyValue,
      fc.array(broken(s.items, depth + 1), { minLength: 1, maxLength: 3 }),
      fc.array(valid(s.items, depth + 1), { minLength: 101, maxLength: 120 }),
    );
  }
  return nastyValue;
}

const maybeBroken = (s: Schema, name?: string) =>
  fc.oneof({ weight: 2, arbitrary: valid(s, 0, name) }, { weight: 1, arbitrary: broken(s) });

/** A query or path value as text. */
const asText = (v: unknown) => (typeof v === 'string' ? v : v === undefined ? '' : JSON.stringify(v));

/** Percent-encoded, except the RAW: values; a lone surrogate goes as the bytes it would be (not UTF-8). */
function encoded(v: unknown): string {
  const text = asText(v);
  if (text.startsWith('RAW:')) return text.slice(4);
  try {
    return encodeURIComponent(text);
  } catch {
    return `${encodeURIComponent(text.replace(/[\ud800-\udfff]/g, ''))}%ED%A0%80`;
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Requests

type Caller = 'guest' | 'user' | 'kid' | 'cookie';
interface Case {
  caller: Caller;
  path: Record<string, unknown>;
  query: Record<string, unknown>;
  body: { kind: 'json'; value: unknown } | { kind: 'none' } | { kind: 'text'; value: string };
}

function caseFor(op: Operation, method: string): fc.Arbitrary<Case> {
  const pathModel: Record<string, fc.Arbitrary<unknown>> = {};
  const queryModel: Record<string, fc.Arbitrary<unknown>> = {};
  for (const p of op.parameters) {
    if (p.in === 'path') pathModel[p.name] = maybeBroken(p.schema, p.name);
    else queryModel[p.name] = maybeBroken(p.schema, p.name.replace(/\[\]$/, ''));
  }
  const required = op.parameters.filter((p) => p.in === 'query' && p.required).map((p) => p.name);
  const schema = op.requestBody?.content['application/json']?.schema;
  const takesBody = method !== 'get';
  const body: fc.Arbitrary<Case['body']> = takesBody
    ? fc.oneof(
        {
          weight: 6,
          arbitrary: (schema ? maybeBroken(schema) : nastyValue).map((value) => ({ kind: 'json' as const, value })),
        },
        { weight: 1, arbitrary: fc.constant({ kind: 'none' as const }) },
        {
          weight: 1,
          arbitrary: fc.constantFrom('{"a":', '<xml/>', '\u0000').map((value) => ({ kind: 'text' as const, value })),
        },
      )
    : fc.constant({ kind: 'none' as const });
  return fc.record({
    caller: fc.constantFrom<Caller>('guest', 'user', 'user', 'kid', 'cookie'),
    path: fc.record(pathModel),
    query: fc.record(queryModel, { requiredKeys: required.filter((k) => k in queryModel) }),
    body,
  });
}

function urlOf(template: string, c: Case): string {
  // '.' and '..' are not path values: every client resolves them away (to another path).
  const segment = (v: string) => (v === '' ? 'x' : v === '.' || v === '..' ? `${v}x` : v);
  const path = template.replace(/\{(\w+)\*?\}/g, (_m, name: string) => segment(encoded(c.path[name])));
  const parts: string[] = [];
  for (const [name, value] of Object.entries(c.query)) {
    if (value === undefined) continue;
    if (Array.isArray(value) && name.endsWith('[]'))
      for (const v of value) parts.push(`${encodeURIComponent(name)}=${encoded(v)}`);
    else parts.push(`${encodeURIComponent(name)}=${encoded(value)}`);
  }
  return parts.length ? `${path}?${parts.join('&')}` : path;
}

// ---------------------------------------------------------------------------------------------------------------

let ctx: TestContext;
let doc: Doc;
let contract: Contract;
let item: { id: number; parkId: number; basicPlanId: number };
const c = commerce(() => ctx);

beforeAll(async () => {
  // Listening, so the payment sandboxes the server calls (at its own URL) answer as providers would.
  ctx = await createHttpTestServer();
  await ctx.server.start();
  doc = JSON.parse((await ctx.server.inject('/api/openapi.json')).payload) as Doc;
  contract = loadContract(doc);
  const knex = ctx.db.knex;
  const ids = async (table: string) => (await knex(table).orderBy('id').limit(15).pluck('id')) as number[];
  item = await c.makeItem();
  const [items, parks, packs, stories, livingThings, parkUsers, slots] = await Promise.all(
    ['items', 'parks', 'ticket_packs', 'stories', 'living_things', 'park_users', 'item_time_slots'].map(ids),
  );
  const dates = Array.from({ length: 20 }, (_, i) => addDays(c.today, i));
  Object.assign(POOLS, {
    id: [item.id, ...(items ?? []), ...(parks ?? []), ...(stories ?? [])],
    item_id: [item.id, ...(items ?? [])],
    park_id: parks,
    parkId: parks,
    ticket_pack_id: packs,
    story_id: stories,
    target_id: [...(parks ?? []), ...(livingThings ?? []), ...(parkUsers ?? [])],
    time_slot_id: slots,
    age_group_id: [5, 2],
    plan_id: [item.basicPlanId],
    slug: await knex('pages').pluck('slug'),
    date: dates,
    from: dates,
    to: dates,
  });
});
afterAll(async () => {
  await ctx?.close();
});

describe('fuzzing every operation of the OpenAPI document', () => {
  it(`answers no 5xx and nothing outside the document (seed ${SEED}, ${RUNS} runs per operation)`, async () => {
    const failures: string[] = [];
    const operations = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops).map(([method, op]) => ({ path, method, op })),
    );
    let requests = 0;
    const seen = new Map<number, number>();
    const reachedHandler = new Set<string>();
    for (const [index, { path, method, op }] of operations.entries()) {
      if (SKIP.has(`${method} ${path}`)) continue;
      // Fresh accounts per operation: one operation deleting or signing out its account leaves the others alone.
      const user = await c.user();
      // A line in the user's cart, for the cart and order calls.
      POOLS.line_id = [await c.addToCart({ token: user.token }, item, 1)];
      const kid = await signedInUser(ctx, { child_flag: 1, parent_id: user.id, birthdate: '2018-04-01' });
      const cookieName = ctx.server.app.config.publicUrl.startsWith('https:') ? '__Host-access_token' : 'access_token';
      const headersFor = (caller: Caller): Record<string, string> => {
        if (caller === 'user') return { authorization: `Bearer ${user.token}` };
        if (caller === 'kid') return { authorization: `Bearer ${kid.token}` };
        if (caller === 'cookie') return { cookie: `${cookieName}=${user.token}`, origin: 'https://elsewhere.example' };
        return { 'x-guest-user-id': randomUUID() };
      };
      const result = await fc.check(
        fc.asyncProperty(caseFor(op, method), async (c) => {
          const headers: Record<string, string> = { 'accept-language': 'en', ...headersFor(c.caller) };
          let payload: string | undefined;
          if (c.body.kind === 'json') {
            payload = JSON.stringify(c.body.value ?? null);
            headers['content-type'] = 'application/json';
          } else if (c.body.kind === 'text') {
            payload = c.body.value;
            headers['content-type'] = 'text/plain';
          }
          const url = urlOf(path, c);
          const res = await ctx.server.inject({ method: method.toUpperCase(), url, headers, payload });
          requests++;
          seen.set(res.statusCode, (seen.get(res.statusCode) ?? 0) + 1);
          if (res.statusCode < 300) reachedHandler.add(`${method} ${path}`);
          const type = String(res.headers['content-type'] ?? '');
          const answer: Answer = {
            method,
            route: path,
            url,
            status: res.statusCode,
            kind: res.payload === '' ? 'none' : type.includes('json') ? 'json' : 'text',
          };
          if (answer.kind === 'json') answer.body = JSON.parse(res.payload);
          const problem =
            res.statusCode >= 500
              ? `${method.toUpperCase()} ${url} answered ${res.statusCode}: ${res.payload.slice(0, 300)}`
              : contract.check(answer);
          if (problem) throw new Error(problem);
        }),
        { numRuns: RUNS, seed: SEED + index, endOnFailure: true },
      );
      if (result.failed) {
        failures.push(
          `${method.toUpperCase()} ${path} (seed ${SEED + index}, FUZZ_SEED=${SEED}): ${'errorInstance' in result ? (result.errorInstance as Error).message : 'interrupted'}\n    with ${JSON.stringify(result.counterexample).slice(0, 400)}`,
        );
      }
    }
    console.log(
      `fuzz: ${requests} requests over ${operations.length} operations, statuses ${JSON.stringify(Object.fromEntries(seen))}; ` +
        `${reachedHandler.size} operations answered 2xx at least once`,
    );
    expect(requests).toBeGreaterThan(operations.length * Math.min(RUNS, 5));
    expect(failures, `fuzz seed ${SEED}`).toEqual([]);
  }, 300_000);
});
