// A request body as hapi parses it: JSON, URL-encoded, or multipart (`payload: { output: 'data', parse: true,
// multipart: { output: 'data' } }`): an object of fields, a file part as a Buffer, a text part as a string, a name
// sent twice as an array. Routes whose missing or wrong fields have their own answers (photoType, not a generic
// 400; a sandbox provider's own error codes and pages) read it with these instead of a Joi schema, and get only
// what is really there.
import type { Request } from '@hapi/hapi';

type Payload = Request['payload'] | null;

/** The body's fields as what they are (unknown values), or none when the body is not an object of fields. */
export function bodyFields(payload: Payload): Readonly<Record<string, unknown>> {
  if (payload === null || typeof payload !== 'object' || Buffer.isBuffer(payload) || Array.isArray(payload)) return {};
  return Object.fromEntries(Object.entries(payload));
}

export interface FormBody {
  /** The file part of this name (a Buffer), or undefined: absent, sent as text, or sent twice. */
  file(name: string): Buffer | undefined;
  /** The text of the field of this name, sent as text or as a file (UTF-8), or undefined: absent, sent twice... */
  text(name: string): string | undefined;
}

export function formBody(payload: Payload): FormBody {
  const fields = bodyFields(payload);
  const partOf = (name: string): unknown => (Object.hasOwn(fields, name) ? fields[name] : undefined);
  return {
    file(name) {
      const part = partOf(name);
      return Buffer.isBuffer(part) ? part : undefined;
    },
    text(name) {
      const part = partOf(name);
      if (typeof part === 'string') return part;
      return Buffer.isBuffer(part) ? part.toString('utf8') : undefined;
    },
  };
}
