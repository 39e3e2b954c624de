// The string rule for every route at once: a query, path or body string with a control character (NUL and the
// like; tab and line breaks excepted) is a 400 naming the field, before validation and long before the database,
// which would refuse a NUL with a 500. Multipart files and raw bodies (Buffers) are not text and are left alone.
import type { Plugin } from '@hapi/hapi';
import { DomainError } from '../lib/errors';
import { CONTROL_CHARACTERS } from '../lib/routeKit';

function findControl(value: unknown, path: string, depth = 0): string | null {
  if (typeof value === 'string') return CONTROL_CHARACTERS.test(value) ? path : null;
  if (depth > 8 || value === null || typeof value !== 'object' || Buffer.isBuffer(value)) return null;
  for (const [key, inner] of Object.entries(value as Record<string, unknown>)) {
    if (CONTROL_CHARACTERS.test(key)) return path || 'body';
    const found = findControl(
      inner,
      Array.isArray(value) ? `${path}[${key}]` : path ? `${path}.${key}` : key,
      depth + 1,
    );
    if (found !== null) return found;
  }
  return null;
}

export const inputGuardPlugin: Plugin<void> = {
  name: 'inputGuard',
  register(server) {
    server.ext('onPostAuth', (request, h) => {
      const field =
        findControl(request.params, '') ?? findControl(request.query, '') ?? findControl(request.payload, '');
      if (field !== null) throw new DomainError('invalidParam', { field: field || 'body' });
      return h.continue;
    });
  },
};
