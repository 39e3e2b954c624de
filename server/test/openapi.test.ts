// The OpenAPI document: valid OpenAPI 3.1, every status each operation can answer, response schemas everywhere.
// That real answers match it is checked by every integration test file (server/test/contract.ts) and by the fuzz
// test (apiFuzz.test.ts).
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestContext } from './testServer';
import { NOT_YET_DESCRIBED } from './undescribedAnswers';

interface Op {
  security?: unknown[];
  parameters: { name: string; in: string; schema: Record<string, unknown> }[];
  requestBody?: { content: Record<string, { schema: { properties?: Record<string, Record<string, unknown>> } }> };
  responses: Record<string, { content?: Record<string, { schema?: Record<string, unknown> }>; headers?: object }>;
}
type Doc = { paths: Record<string, Record<string, Op>>; components: { schemas: Record<string, unknown> } };

let ctx: TestContext;
let doc: Doc;

beforeAll(async () => {
  ctx = await createTestServer();
  doc = JSON.parse((await ctx.server.inject('/api/openapi.json')).payload) as Doc;
});
afterAll(async () => {
  await ctx.close();
});

const operations = () =>
  Object.entries(doc.paths).flatMap(([path, ops]) => Object.entries(ops).map(([method, op]) => ({ path, method, op })));

describe('the OpenAPI document', () => {
  it('is valid OpenAPI 3.1', async () => {
    const result = await new Validator().validate(doc as never);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('lists 400 for every operation, 401 under required auth, 404 with path parameters', () => {
    expect(operations().length).toBeGreaterThan(100);
    for (const { path, method, op } of operations()) {
      const statuses = Object.keys(op.responses);
      expect(statuses, `${method} ${path}`).toContain('400');
      const required = op.security && !op.security.some((s) => Object.keys(s as object).length === 0);
      if (required) expect(statuses, `${method} ${path}`).toContain('401');
      if (path.includes('{')) expect(statuses, `${method} ${path}`).toContain('404');
    }
    // 403 wherever the route's access says who may call it; 408 and 413 wherever it takes a body (408: the body did
    // not come within the payload timeout, which a busy server answered in CI's commerce storms).
    for (const route of ctx.server.table()) {
      const op = doc.paths[route.path]?.[route.method];
      if (!op) continue;
      const statuses = Object.keys(op.responses);
      const where = `${route.method} ${route.path}`;
      if (route.settings.app?.access) expect(statuses, where).toContain('403');
      if (['post', 'put', 'patch', 'delete'].includes(route.method)) {
        expect(statuses, where).toContain('413');
        expect(statuses, where).toContain('408');
      }
    }
  });

  it('describes the body of every success answer, but for the routes listed as not yet described', () => {
    // A bare envelope (any `data`), or a list of anything: not described.
    const bare = (schema: unknown) => {
      if (schema === undefined) return false;
      const json = JSON.stringify(schema);
      return (
        json === '{"$ref":"#/components/schemas/Envelope"}' || json.includes('"properties":{"data":{"type":"array"}}}')
      );
    };
    const undescribed = operations()
      .filter(({ op }) =>
        Object.entries(op.responses).some(
          ([status, r]) => Number(status) < 300 && bare(r.content?.['application/json']?.schema),
        ),
      )
      .map(({ path, method }) => `${method.toUpperCase()} ${path}`)
      .sort();
    // Describing one removes it from the list; a new route must be described.
    expect(undescribed).toEqual([...NOT_YET_DESCRIBED].sort());
  });

  it('lists the statuses routes declare where they are defined', () => {
    const statuses = (method: string, path: string) => Object.keys(doc.paths[path]?.[method]?.responses ?? {});
    expect(statuses('post', '/api/v1/carts')).toEqual(expect.arrayContaining(['201', '403', '404', '409']));
    expect(statuses('post', '/api/v1/carts')).not.toContain('200');
    expect(statuses('post', '/api/v1/auth/login')).toEqual(expect.arrayContaining(['200', '401', '403', '429']));
    expect(statuses('get', '/api/v1/email/verify/{token}')).toContain('410');
    expect(statuses('put', '/api/v1/me/reset-password')).toEqual(expect.arrayContaining(['403', '422']));
    expect(statuses('post', '/api/access-token')).toEqual(['204', '400', '401', '403', '408', '413', '415', '503']);
    expect(statuses('get', '/api/v1/parks')).toContain('304');
  });

  it('gives every JSON answer a schema: the envelope, the error envelope, or a documented exception', () => {
    // Answers with a status of 400 and up and a `data`: the health check's degraded state, and a ticket that was
    // not marked (with the ticket as it is).
    const enveloped = new Set([
      'get /api/health 503',
      'post /api/v1/me/tickets/{id}/use 409',
      'post /api/v1/me/tickets/{id}/trigger 409',
    ]);
    for (const { path, method, op } of operations()) {
      for (const [status, response] of Object.entries(op.responses)) {
        const where = `${method} ${path} ${status}`;
        const json = response.content?.['application/json']?.schema;
        const code = Number(status);
        if (enveloped.has(where)) expect(JSON.stringify(json), where).toContain('"#/components/schemas/Envelope"');
        else if (code >= 400)
          expect(json, where).toEqual({
            allOf: [
              { $ref: '#/components/schemas/Error' },
              { type: 'object', properties: { meta: { type: 'object', properties: { status: { const: code } } } } },
            ],
          });
        else if (code === 204 || code === 304) expect(response.content, where).toBeUndefined();
        else if (code >= 300) expect(response.headers, where).toHaveProperty('Location');
        else expect(Object.keys(response.content ?? {}), where).not.toEqual([]);
      }
    }
    const ok = (method: string, path: string, status = '200') =>
      doc.paths[path]?.[method]?.responses[status]?.content?.['application/json']?.schema;
    // Described answers: the envelope, with `data` (and `meta`) as the route's response.status says.
    expect(ok('get', '/api/v1/parks/{id}')).toMatchObject({
      allOf: [
        { $ref: '#/components/schemas/Envelope' },
        {
          type: 'object',
          required: ['data', 'meta'],
          properties: {
            data: { type: 'object', required: expect.arrayContaining(['id', 'name', 'specialDays']) },
            meta: { type: 'object', additionalProperties: false },
          },
        },
      ],
    });
    expect(ok('get', '/api/v1/parks')).toMatchObject({
      allOf: [
        { $ref: '#/components/schemas/Envelope' },
        {
          properties: {
            data: { type: 'array', items: { additionalProperties: false } },
            meta: { required: ['page', 'perPage', 'total', 'totalPages', 'totalCapped'] },
          },
        },
      ],
    });
    expect(ok('post', '/api/v1/auth/login')).toEqual({ $ref: '#/components/schemas/AccessToken' });
    expect(doc.components.schemas).toHaveProperty('Error');
  });

  it('describes the uploads as multipart with their file fields, never as JSON', () => {
    const uploads = {
      '/api/v1/me/icon': ['icon'],
      '/api/v1/me/photos': ['photo', 'purpose'],
      '/api/v1/me/pass-photos': ['photo'],
      '/api/v1/staff/parks/{parkId}/stories/{storyId}/photos': ['photo', 'alt_ja'],
      '/api/v1/staff/parks/{parkId}/stories/{storyId}/movies': ['movie', 'poster', 'alt_ja'],
    };
    for (const [path, required] of Object.entries(uploads)) {
      const content = doc.paths[path]?.post?.requestBody?.content ?? {};
      expect(Object.keys(content), path).toEqual(['multipart/form-data']);
      const schema = content['multipart/form-data']?.schema as {
        properties: Record<string, object>;
        required: string[];
      };
      expect(schema.required, path).toEqual(expect.arrayContaining(required));
      const file = required[0] as string;
      expect(schema.properties[file], path).toMatchObject({
        type: 'string',
        contentMediaType: 'application/octet-stream',
      });
    }
    // A group request's exemption document is an optional file part (issue 31).
    const group = doc.paths['/api/v1/groups/requests']?.post?.requestBody?.content ?? {};
    expect(Object.keys(group)).toEqual(['multipart/form-data']);
    const groupSchema = group['multipart/form-data']?.schema as {
      properties: Record<string, object>;
      required: string[];
    };
    expect(groupSchema.required).toEqual(expect.arrayContaining(['itemId', 'date', 'partySize', 'ageMix']));
    expect(groupSchema.properties.document).toMatchObject({
      type: 'string',
      contentMediaType: 'application/octet-stream',
    });
    // Every route that parses multipart is documented so, and nothing else is.
    const multipart = operations().filter(({ op }) => op.requestBody?.content['multipart/form-data']);
    expect(multipart.map(({ path }) => path).sort()).toEqual(
      [...Object.keys(uploads), '/api/v1/groups/requests'].sort(),
    );
  });

  it('documents the real-date rule as format date, never date-time', () => {
    const param = (method: string, path: string, name: string) =>
      doc.paths[path]?.[method]?.parameters.find((p) => p.name === name)?.schema;
    expect(param('get', '/api/v1/items/{id}/availability', 'from')).toMatchObject({ type: 'string', format: 'date' });
    expect(param('get', '/api/v1/items', 'dates[]')).toMatchObject({ items: { format: 'date' } });
    const body = doc.paths['/api/v1/carts']?.post?.requestBody?.content['application/json']?.schema.properties;
    expect(body?.date).toMatchObject({ type: 'string', format: 'date' });
    const child = doc.paths['/api/v1/me/childs']?.post?.requestBody?.content['application/json']?.schema.properties;
    expect(child?.birthdate).toMatchObject({ format: 'date' });
  });
});
