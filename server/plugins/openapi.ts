// The OpenAPI 3.1 document, generated from the routes tagged 'api' (GET /api/openapi.json).
//
// Parameters and request bodies come from each route's Joi validation (joiToSchema), or for a body its handler
// reads itself from `plugins.openapi.body`; a route that parses multipart has a multipart body (files as binary
// fields), every other one a JSON body. A Joi rule may name its
// JSON Schema format with `.meta({ format })` (isoDate() in lib/routeKit.ts is documented as `format: date`).
//
// Statuses: what every route can answer is derived here, the rest is declared by the route itself.
//   derived   200      every operation (a route that never answers 200 removes it: `200: null`)
//             400      every operation (the input guard, Joi validation, a body that is not JSON)
//             401      auth mode 'required' (no, expired or revoked token)
//             403      `app: { access: 'parent' }` on a route that reads credentials (a kids account), and
//                      unsafe methods under required auth (a cookie-authenticated write from another origin: CSRF)
//             404      routes with path parameters (nothing with that id, or not yours)
//             408      routes that take a body (it did not arrive within the payload timeout: a slow network, or
//                      a server too busy to read it)
//             413      routes that take a body (over the byte limit)
//             415      routes that parse a body (a content type that is not JSON, form or multipart)
//             503      every operation (the database busy: a lock or statement past its transaction's timeout or
//                      the connection limit, databaseBusy; or refusing or dropping connections,
//                      databaseUnavailable; with Retry-After: server/db/timeouts.ts)
//   declared  the route's `options.plugins.openapi.responses`: `{ [status]: description | DeclaredResponse | null }`
//             e.g. `{ 201: 'Created', 409: 'Sold out', 200: null }`; `null` removes a derived status.
//   described the route's `options.response.status`: `{ [status]: Joi schema of the whole body }` (lib/responses.ts
//             `envelope(data, meta)`); a described status is listed, and its JSON body is that schema. hapi never
//             validates them (`sample: 0`, server.ts): the integration tests check every answer (test/contract.ts).
//
// Response bodies (components referenced by every operation):
//   2xx JSON        `Envelope`: `{ data, meta }` (a route may give `data` a schema with `{ description, data }`)
//   4xx and 5xx     `Error`: `{ data: null, meta: { status, code, message } }` (message localised; status as answered)
//   exceptions, by `kind` on the declared response:
//     'token'       `AccessToken`: `{ access_token, expires_in, token_type }` (sign-in and registration by provider)
//     'redirect'    301/302/303 with a Location header and no body (redirect statuses default to it)
//     'none'        no body (204 and 304 default to it)
//     'text'        a text body
//     'ack'         a payment provider's notification acknowledgement: JSON (not enveloped) or text, as it expects
//     'binary'      a file (uploaded images)
//     'csv'         a CSV file (text/csv, UTF-8 with a byte order mark: the back office's reports)
//     'challenge'   `TwoFactorChallenge`: `{ two_factor_required, challenge, expires_in }` (sign-in waiting for a code)
import type { Plugin, RequestRoute, Server } from '@hapi/hapi';
import type { Description } from 'joi';
import Joi from 'joi';
import { ERROR_STATUS } from '../../common/errorCodes';
import { authModeOf } from './auth';

type JsonSchema = Record<string, unknown>;

export type ResponseKind =
  | 'json'
  | 'error'
  | 'token'
  | 'challenge'
  | 'redirect'
  | 'none'
  | 'text'
  | 'binary'
  | 'ack'
  | 'csv';

export interface DeclaredResponse {
  description: string;
  /** How the body looks; by default JSON envelope for 2xx, error envelope for 4xx/5xx, none for 204/304. */
  kind?: ResponseKind;
  /** For 'json': the schema of `data` in the envelope. */
  data?: JsonSchema;
  /** For 'json': the schema of the whole body (from the route's `response.status`). */
  body?: JsonSchema;
}

export interface OpenapiRouteOptions {
  /** Statuses beyond the derived ones (see the header of server/plugins/openapi.ts); `null` removes one. */
  responses?: Record<number, string | DeclaredResponse | null>;
  /** The body of a route that reads it in its handler (no Joi validation of the payload): documentation only. */
  body?: Joi.ObjectSchema;
}

declare module '@hapi/hapi' {
  interface PluginSpecificConfiguration {
    openapi?: OpenapiRouteOptions;
  }
}

/** A JSON Schema (OpenAPI 3.1 flavour) for a Joi description: enough for documentation and clients. */
export function joiToSchema(d: Description): JsonSchema {
  const flags = (d.flags ?? {}) as Record<string, unknown>;
  const allow = (d.allow ?? []) as unknown[];
  const metas = (d.metas ?? []) as Record<string, unknown>[];
  const schema: JsonSchema = {};
  if (flags.description) schema.description = flags.description;
  if (flags.default !== undefined && typeof flags.default !== 'function') schema.default = flags.default;
  if (flags.only && allow.length) schema.enum = allow;
  const rules = (d.rules ?? []) as { name: string; args?: Record<string, unknown> }[];
  const rule = (name: string) => rules.find((r) => r.name === name)?.args;
  switch (d.type) {
    case 'number': {
      schema.type = rules.some((r) => r.name === 'integer') ? 'integer' : 'number';
      const min = rule('min')?.limit;
      const max = rule('max')?.limit;
      if (typeof min === 'number') schema.minimum = min;
      if (typeof max === 'number') schema.maximum = max;
      break;
    }
    case 'string': {
      schema.type = 'string';
      if (rule('guid')) schema.format = 'uuid';
      if (rule('email')) schema.format = 'email';
      if (rule('isoDate')) schema.format = 'date-time';
      const max = rule('max')?.limit;
      const min = rule('min')?.limit;
      if (typeof max === 'number') schema.maxLength = max;
      if (typeof min === 'number') schema.minLength = min;
      const pattern = rule('pattern')?.regex;
      if (typeof pattern === 'string') schema.pattern = pattern.replace(/^\/(.*)\/[a-z]*$/, '$1');
      break;
    }
    case 'boolean':
      schema.type = 'boolean';
      break;
    case 'date':
      schema.type = 'string';
      schema.format = 'date';
      break;
    case 'array': {
      schema.type = 'array';
      const items = (d.items ?? []) as Description[];
      if (items[0]) schema.items = joiToSchema(items[0]);
      const max = rule('max')?.limit;
      const min = rule('min')?.limit;
      if (typeof max === 'number') schema.maxItems = max;
      if (typeof min === 'number') schema.minItems = min;
      break;
    }
    case 'object': {
      schema.type = 'object';
      const keys = (d.keys ?? {}) as Record<string, Description>;
      const properties: Record<string, JsonSchema> = {};
      const required: string[] = [];
      for (const [k, v] of Object.entries(keys)) {
        properties[k] = joiToSchema(v);
        if ((v.flags as Record<string, unknown> | undefined)?.presence === 'required') required.push(k);
      }
      schema.properties = properties;
      if (required.length) schema.required = required;
      // Joi refuses keys it was not told of: so does the document (an answer with an undescribed field fails).
      if (d.keys && !flags.unknown) schema.additionalProperties = false;
      break;
    }
    case 'binary':
      // A file field of a multipart body.
      schema.type = 'string';
      schema.contentMediaType = 'application/octet-stream';
      break;
    case 'alternatives': {
      const matches = (d.matches ?? []) as { schema?: Description }[];
      schema.anyOf = matches.filter((m) => m.schema).map((m) => joiToSchema(m.schema as Description));
      break;
    }
    default:
      break;
  }
  // `.meta({ format: 'date' })`: a custom rule says what it documents.
  for (const meta of metas) if (typeof meta.format === 'string') schema.format = meta.format;
  // `.allow(null)` and `.allow('')` beside a type.
  if (!flags.only && allow.length && typeof schema.type === 'string') {
    if (allow.includes(null)) schema.type = [schema.type, 'null'];
  }
  return schema;
}

function parameters(route: RequestRoute, where: 'path' | 'query') {
  const validate = route.settings.validate?.[where === 'path' ? 'params' : 'query'];
  if (!validate || !Joi.isSchema(validate)) return [];
  const desc = (validate as Joi.Schema).describe();
  const keys = (desc.keys ?? {}) as Record<string, Description>;
  return Object.entries(keys).map(([name, d]) => ({
    name: where === 'query' && d.type === 'array' ? `${name}[]` : name,
    in: where,
    required: where === 'path' || (d.flags as Record<string, unknown> | undefined)?.presence === 'required',
    schema: joiToSchema(d),
  }));
}

const UNSAFE = new Set(['post', 'put', 'patch', 'delete']);

const DERIVED_TEXT: Record<number, string> = {
  200: 'OK',
  400: 'Invalid input (input guard, validation or a body that is not JSON)',
  401: 'Not signed in, or the token expired or was revoked',
  403: 'Forbidden',
  404: 'Not found',
  408: 'The body did not arrive in time (requestTimeout): send it again',
  413: 'Body too large',
  415: 'Unsupported content type',
  503: 'The database is busy or unavailable for a moment (databaseBusy, databaseUnavailable): try again after Retry-After seconds',
};

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

/** Status -> the domain error codes that answer it (common/errorCodes.ts), listed on each error response. */
const CODES_BY_STATUS = new Map<number, string[]>();
for (const [code, status] of Object.entries(ERROR_STATUS)) {
  CODES_BY_STATUS.set(status, [...(CODES_BY_STATUS.get(status) ?? []), code]);
}

function defaultKind(status: number): ResponseKind {
  if (status === 204 || status === 304) return 'none';
  if (status >= 300 && status < 400) return 'redirect';
  if (status >= 400) return 'error';
  return 'json';
}

function responseObject(status: number, declared: DeclaredResponse) {
  const kind = declared.kind ?? defaultKind(status);
  const out: Record<string, unknown> = { description: declared.description };
  switch (kind) {
    case 'json':
      out.content = {
        'application/json': {
          schema: declared.body
            ? { allOf: [ref('Envelope'), declared.body] }
            : declared.data
              ? { allOf: [ref('Envelope'), { type: 'object', properties: { data: declared.data } }] }
              : ref('Envelope'),
        },
      };
      break;
    case 'error':
      // The envelope's meta.status is the HTTP status; the domain codes of that status come from the one table.
      if (CODES_BY_STATUS.has(status)) out['x-domain-codes'] = CODES_BY_STATUS.get(status);
      out.content = {
        'application/json': {
          schema: {
            allOf: [
              ref('Error'),
              { type: 'object', properties: { meta: { type: 'object', properties: { status: { const: status } } } } },
            ],
          },
        },
      };
      break;
    case 'token':
      out.content = { 'application/json': { schema: ref('AccessToken') } };
      break;
    case 'challenge':
      out.content = { 'application/json': { schema: ref('TwoFactorChallenge') } };
      break;
    case 'redirect':
      out.headers = { Location: { description: 'Where to go next', schema: { type: 'string' } } };
      break;
    case 'text':
      out.content = { 'text/plain': { schema: { type: 'string' } } };
      break;
    case 'ack':
      out.content = {
        'application/json': { schema: { type: 'object' } },
        'text/plain': { schema: { type: 'string' } },
      };
      break;
    case 'csv':
      out.content = { 'text/csv': { schema: { type: 'string' } } };
      out.headers = {
        'Content-Disposition': { description: 'attachment; filename="…csv"', schema: { type: 'string' } },
      };
      break;
    case 'binary':
      out.content = { 'application/octet-stream': { schema: { type: 'string', contentEncoding: 'binary' } } };
      break;
    case 'none':
      break;
  }
  return out;
}

/** Every status the route can answer, with its description and body kind (derived + declared). */
export function routeResponses(route: RequestRoute, authMode: string | null): Record<number, DeclaredResponse> {
  const method = route.method.toLowerCase();
  const statuses: Record<number, DeclaredResponse> = {};
  const add = (status: number, description: string) => {
    statuses[status] = { description };
  };
  add(200, DERIVED_TEXT[200] as string);
  add(400, DERIVED_TEXT[400] as string);
  if (authMode === 'required') add(401, DERIVED_TEXT[401] as string);
  const forbidden: string[] = [];
  if (route.settings.app?.access === 'parent' && authMode) forbidden.push('a kids account (childRestricted)');
  const access = route.settings.app?.access;
  if (typeof access === 'object' && access.staff)
    forbidden.push(
      access.staff === 'any'
        ? 'not staff of the park (notParkStaff)'
        : `not ${access.staff}${access.staff === 'owner' ? '' : ' or owner'} of the park (notParkStaff)`,
      'the park requires two-factor sign-in and the account has not turned it on (totpRequiredByPark)',
    );
  if (authMode === 'required' && UNSAFE.has(method))
    forbidden.push('a cookie-authenticated write from another origin (csrf)');
  if (forbidden.length) add(403, `Forbidden: ${forbidden.join('; ')}`);
  if (/\{[^}]+\}/.test(route.path)) add(404, DERIVED_TEXT[404] as string);
  if (UNSAFE.has(method)) {
    add(408, DERIVED_TEXT[408] as string);
    add(413, DERIVED_TEXT[413] as string);
    const payload = route.settings.payload as { parse?: boolean | 'gunzip' } | undefined;
    if (payload?.parse !== false) add(415, DERIVED_TEXT[415] as string);
  }
  add(503, DERIVED_TEXT[503] as string);
  const declared = route.settings.plugins?.openapi?.responses ?? {};
  for (const [key, value] of Object.entries(declared)) {
    const status = Number(key);
    if (value === null) delete statuses[status];
    else if (typeof value === 'string') {
      // A declared reason joins the derived one for the same status.
      const derived = statuses[status];
      statuses[status] = { description: derived && status >= 400 ? `${derived.description}; ${value}` : value };
    } else statuses[status] = value;
  }
  const described = (route.settings.response as { status?: Record<number, Joi.Schema> } | undefined)?.status ?? {};
  for (const [key, schema] of Object.entries(described)) {
    const status = Number(key);
    if (declared[status] === null)
      throw new Error(`${route.method} ${route.path}: status ${status} is described but declared as never answered`);
    const body = joiToSchema(schema.describe());
    statuses[status] = { ...(statuses[status] ?? { description: DERIVED_TEXT[status] ?? 'OK' }), body };
  }
  return statuses;
}

export const COMPONENT_SCHEMAS: Record<string, JsonSchema> = {
  Envelope: {
    type: 'object',
    description: 'Every JSON answer: `data` is the resource (or a list), `meta` paging, messages and the like',
    required: ['data', 'meta'],
    properties: { data: {}, meta: { type: 'object' } },
  },
  Error: {
    type: 'object',
    description: 'Every error answer: `meta.code` is a stable key, `meta.message` is localised (Accept-Language)',
    required: ['data', 'meta'],
    properties: {
      data: { type: 'null' },
      meta: {
        type: 'object',
        required: ['status', 'code', 'message'],
        properties: {
          status: { type: 'integer', minimum: 400, maximum: 599 },
          code: { type: 'string' },
          message: { type: 'string' },
        },
      },
    },
  },
  AccessToken: {
    type: 'object',
    description: 'The token answer of sign-in and registration (OAuth 2.0 style, not enveloped)',
    required: ['access_token', 'expires_in', 'token_type'],
    properties: {
      access_token: { type: 'string' },
      expires_in: { type: 'integer', description: 'Seconds' },
      token_type: { const: 'Bearer' },
    },
  },
  TwoFactorChallenge: {
    type: 'object',
    description:
      'The password (or provider) was right and the account uses two-factor sign-in: answer the challenge with a ' +
      'code at POST /api/v1/auth/login/two-factor (not enveloped, like the token answer)',
    required: ['two_factor_required', 'challenge', 'expires_in'],
    properties: {
      two_factor_required: { const: true },
      challenge: { type: 'string', format: 'uuid' },
      expires_in: { type: 'integer', description: 'Seconds' },
    },
  },
};

/** Serves GET /api/openapi.json built from the registered routes tagged 'api'. */
export const openapiPlugin: Plugin<{ title: string; version: string }> = {
  name: 'openapi',
  register(server, options) {
    let cached: JsonSchema | null = null;
    const build = () => {
      const paths: Record<string, Record<string, unknown>> = {};
      for (const route of server.table()) {
        const tags = (route.settings.tags ?? []) as string[];
        if (!tags.includes('api')) continue;
        const path = route.path;
        const authMode = authModeOf(server as Server, route);
        const responses: Record<string, unknown> = {};
        const statuses = routeResponses(route, authMode);
        for (const status of Object.keys(statuses)
          .map(Number)
          .sort((a, b) => a - b)) {
          responses[status] = responseObject(status, statuses[status] as DeclaredResponse);
        }
        const op: Record<string, unknown> = {
          operationId: `${route.method}_${path.replace(/[^a-zA-Z0-9]+/g, '_')}`,
          summary: route.settings.description,
          tags: tags.filter((t) => t !== 'api'),
          parameters: [...parameters(route, 'path'), ...parameters(route, 'query')],
          responses,
        };
        if (authMode === 'required') op.security = [{ cookieAuth: [] }, { bearerAuth: [] }];
        else if (authMode) op.security = [{}, { cookieAuth: [] }, { bearerAuth: [] }];
        const payload = route.settings.validate?.payload ?? route.settings.plugins?.openapi?.body;
        if (payload && Joi.isSchema(payload)) {
          // Uploads are multipart (their files as binary fields), every other body JSON.
          const type = route.settings.payload?.multipart ? 'multipart/form-data' : 'application/json';
          op.requestBody = { content: { [type]: { schema: joiToSchema((payload as Joi.Schema).describe()) } } };
        }
        paths[path] ??= {};
        (paths[path] as Record<string, unknown>)[route.method] = op;
      }
      return {
        openapi: '3.1.0',
        info: {
          title: options.title,
          version: options.version,
          description: 'Responses use the `{ data, meta }` envelope. Send `Accept-Language: ja|en` for localised text.',
        },
        components: {
          schemas: COMPONENT_SCHEMAS,
          securitySchemes: {
            bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
            cookieAuth: { type: 'apiKey', in: 'cookie', name: '__Host-access_token' },
          },
        },
        paths,
      };
    };
    server.route({
      method: 'GET',
      path: '/api/openapi.json',
      options: { auth: false, description: 'This OpenAPI document' },
      handler: () => {
        cached ??= build();
        return cached;
      },
    });
  },
};
