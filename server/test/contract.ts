// The OpenAPI contract, checked against real answers: every answer of a route tagged 'api' must have a status the
// document lists for its operation, and a body that matches the schema given for that status. createTestServer
// records every answer of the integration suite and checks them on close(); the fuzz test checks its own.
import type { Request, Server } from '@hapi/hapi';
import Ajv2020 from 'ajv/dist/2020';

type JsonSchema = Record<string, unknown>;

export interface Answer {
  method: string;
  /** The route's path as registered (`/api/v1/items/{id}`), as in the document. */
  route: string;
  /** The URL asked, for the report. */
  url: string;
  status: number;
  /** 'json' with `body`, or what else came back. */
  kind: 'json' | 'text' | 'binary' | 'none' | 'stream';
  body?: unknown;
}

interface Operation {
  responses: Record<string, { content?: Record<string, { schema?: JsonSchema }> }>;
}

export interface Contract {
  /** null when the answer is in the document, else what is wrong. */
  check(answer: Answer): string | null;
}

/** Compiles the response schemas of the document once; checks answers against them. */
export function loadContract(doc: {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, JsonSchema> };
}): Contract {
  const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: false });
  ajv.addSchema({ $id: 'zoopass:components', components: doc.components });
  const compiled = new Map<string, ReturnType<typeof ajv.compile>>();
  const validator = (key: string, schema: JsonSchema) => {
    let v = compiled.get(key);
    if (!v) {
      const rewritten = JSON.parse(
        JSON.stringify(schema).replaceAll('"#/components/', '"zoopass:components#/components/'),
      ) as JsonSchema;
      v = ajv.compile(rewritten);
      compiled.set(key, v);
    }
    return v;
  };
  return {
    check(a) {
      const op = doc.paths[a.route]?.[a.method];
      if (!op) return `${a.method.toUpperCase()} ${a.route} is not in the document`;
      const response = op.responses[String(a.status)];
      const where = `${a.method.toUpperCase()} ${a.url} (${a.route}) answered ${a.status}`;
      if (!response) return `${where}, not listed (listed: ${Object.keys(op.responses).join(', ')})`;
      const types = Object.keys(response.content ?? {});
      const json = response.content?.['application/json'];
      if (a.kind === 'json') {
        if (!json) return `${where} with a JSON body; the document gives ${types.join(', ') || 'no body'}`;
        if (!json.schema) return null;
        const v = validator(`${a.method} ${a.route} ${a.status}`, json.schema);
        if (!v(a.body)) {
          const e = v.errors?.[0];
          return `${where}: body does not match the schema (${e?.instancePath || '/'} ${e?.message}): ${JSON.stringify(a.body).slice(0, 200)}`;
        }
        return null;
      }
      if (a.kind === 'none' && types.length && a.status !== 304)
        return `${where} with no body; the document gives ${types.join(', ')}`;
      return null;
    },
  };
}

/** What a request answered, as the contract sees it; null for routes outside the document. */
export function answerOf(request: Request): Answer | null {
  const tags = (request.route.settings.tags ?? []) as string[];
  if (!tags.includes('api') || request.method === 'head' || request.method === 'options') return null;
  const response = request.response as unknown as {
    statusCode: number;
    source: unknown;
    variety: string;
    headers: Record<string, unknown>;
    contentType?: string | null;
    isBoom?: boolean;
    output?: { statusCode: number; payload: unknown };
  } | null;
  if (!response) return null;
  const base = {
    method: request.route.method,
    route: request.route.path,
    url: request.url.pathname + request.url.search,
  };
  if (response.isBoom && response.output) {
    return { ...base, status: response.output.statusCode, kind: 'json', body: response.output.payload };
  }
  const status = response.statusCode;
  const type = String(response.headers['content-type'] ?? response.contentType ?? '');
  const source = response.source;
  if (response.variety === 'stream') return { ...base, status, kind: 'stream' };
  if (source === null || source === undefined || source === '') return { ...base, status, kind: 'none' };
  if (Buffer.isBuffer(source)) {
    if (type.includes('json')) return { ...base, status, kind: 'json', body: JSON.parse(source.toString('utf8')) };
    return { ...base, status, kind: 'binary' };
  }
  if (typeof source === 'string') {
    if (type.includes('json')) return { ...base, status, kind: 'json', body: JSON.parse(source) };
    return { ...base, status, kind: 'text' };
  }
  return { ...base, status, kind: 'json', body: JSON.parse(JSON.stringify(source)) };
}

/** Records every answer of the server's 'api' routes; `verify()` checks them against its document. */
export function recordAnswers(server: Server) {
  const answers: Answer[] = [];
  server.events.on('response', (request) => {
    const a = answerOf(request);
    if (a) answers.push(a);
  });
  return {
    answers,
    async verify(): Promise<string[]> {
      if (answers.length === 0) return [];
      const res = await server.inject('/api/openapi.json');
      const contract = loadContract(JSON.parse(res.payload));
      const problems = new Set<string>();
      for (const a of answers) {
        const problem = contract.check(a);
        if (problem) problems.add(problem);
      }
      return [...problems];
    },
  };
}
