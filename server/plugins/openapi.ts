import type { Plugin, RequestRoute } from '@hapi/hapi';
import type { Description } from 'joi';
import Joi from 'joi';

type JsonSchema = Record<string, unknown>;

/** A JSON Schema (OpenAPI 3.1 flavour) for a Joi description: enough for documentation and clients. */
export function joiToSchema(d: Description): JsonSchema {
  const flags = (d.flags ?? {}) as Record<string, unknown>;
  const allow = (d.allow ?? []) as unknown[];
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
      break;
    }
    case 'alternatives': {
      const matches = (d.matches ?? []) as { schema?: Description }[];
      schema.anyOf = matches.filter((m) => m.schema).map((m) => joiToSchema(m.schema as Description));
      break;
    }
    default:
      break;
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
        const op: Record<string, unknown> = {
          operationId: `${route.method}_${path.replace(/[^a-zA-Z0-9]+/g, '_')}`,
          summary: route.settings.description,
          tags: tags.filter((t) => t !== 'api'),
          parameters: [...parameters(route, 'path'), ...parameters(route, 'query')],
          responses: {
            200: { description: 'OK: `{ data, meta }`' },
            400: { description: 'Invalid input: `{ data: null, meta: { message } }` (localised)' },
            404: { description: 'Not found' },
          },
        };
        if (route.settings.auth) {
          op.security = [{ cookieAuth: [] }, { bearerAuth: [] }];
        }
        const payload = route.settings.validate?.payload;
        if (payload && Joi.isSchema(payload)) {
          op.requestBody = {
            content: { 'application/json': { schema: joiToSchema((payload as Joi.Schema).describe()) } },
          };
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
