// A multipart body as hapi parses it with `payload: { output: 'data', parse: true, multipart: { output: 'data' } }`:
// an object of parts, a file part as a Buffer, a text part as a string, a name sent twice as an array. Routes whose
// missing or wrong parts have their own errors (photoType, not a generic 400) read it with this instead of a Joi
// schema, and get only what is really there.
import type { Request } from '@hapi/hapi';

export interface MultipartBody {
  /** The file part of this name (a Buffer), or undefined: absent, sent as text, or sent twice. */
  file(name: string): Buffer | undefined;
  /** The text of the part of this name, sent as a field or as a file (UTF-8), or undefined: absent or sent twice. */
  text(name: string): string | undefined;
}

const partOf = (payload: Request['payload'] | null, name: string): unknown =>
  payload !== null && typeof payload === 'object' && !Buffer.isBuffer(payload) && Object.hasOwn(payload, name)
    ? Object.getOwnPropertyDescriptor(payload, name)?.value
    : undefined;

export function multipartBody(payload: Request['payload'] | null): MultipartBody {
  return {
    file(name) {
      const part = partOf(payload, name);
      return Buffer.isBuffer(part) ? part : undefined;
    },
    text(name) {
      const part = partOf(payload, name);
      if (typeof part === 'string') return part;
      return Buffer.isBuffer(part) ? part.toString('utf8') : undefined;
    },
  };
}
