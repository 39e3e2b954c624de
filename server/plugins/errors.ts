import type { Boom } from '@hapi/boom';
import type { Lifecycle, Plugin, Request } from '@hapi/hapi';
import type { ValidationError } from 'joi';
import { type MessageKey, message } from '../../common/messages';
import { dbUnavailableAnswer } from '../db/timeouts';
import { DomainError, isErrorCode } from '../lib/errors';

const STATUS_KEYS: Record<number, MessageKey> = {
  400: 'badRequest',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'notFound',
  408: 'requestTimeout',
  413: 'payloadTooLarge',
  415: 'unsupportedMediaType',
  429: 'tooManyRequests',
  503: 'serviceUnavailable',
};

/**
 * Seconds a client waits before trying again: after a timeout about the cart's lock timeout; a database refusing
 * connections (restarting, failing over) is given longer.
 */
const RETRY_AFTER_S = { databaseBusy: 2, databaseUnavailable: 5 } as const;

const isApi = (request: Request) => request.path.startsWith('/api/');

/**
 * Joi failures become a localised 400: a schema may name its own message with `.error(new Error(key))`
 * (e.g. the shared password rule); otherwise a missing field says so and a bad one is named.
 */
export const validationFailAction: Lifecycle.Method = (_request, _h, err) => {
  const key = err?.message;
  if (key && isErrorCode(key) && !(err as ValidationError).details) throw new DomainError(key);
  const detail = (err as ValidationError | undefined)?.details?.[0];
  const source = (err as { output?: { payload?: { validation?: { source?: string } } } })?.output?.payload?.validation
    ?.source;
  // The body itself is not an object ("", null, [1,2,3], 42): no field to name, so say what the body must be.
  if (detail && detail.path.length === 0 && source === 'payload') throw new DomainError('invalidBody');
  const field = detail?.path.join('.') || source || '';
  if (detail?.type === 'any.required' || detail?.type === 'string.empty') throw new DomainError('required', { field });
  throw new DomainError('invalidParam', { field });
};

function envelope(request: Request, status: number, key: MessageKey, params: Record<string, string | number> = {}) {
  return { data: null, meta: { status, code: key, message: message(key, request.app.locale ?? 'ja', params) } };
}

/** One place that maps domain errors and Boom errors to a status and the `{ data, meta: { message } }` envelope. */
export const errorsPlugin: Plugin<void> = {
  name: 'errors',
  dependencies: ['i18n'],
  register(server) {
    server.ext('onPreResponse', (request, h) => {
      const response = request.response;
      if (response instanceof DomainError) {
        return h.response(envelope(request, response.status, response.key, response.params)).code(response.status);
      }
      // A lock wait or statement past its kind's timeout (server/db/timeouts.ts), the connection limit, or a
      // database refusing or dropping connections: busy or unavailable for a moment, not broken.
      const answer = response && 'isBoom' in response && response.isBoom ? dbUnavailableAnswer(response) : null;
      if (answer) {
        request.log(['warn'], response as Boom);
        const busy = new DomainError(answer);
        return h
          .response(envelope(request, busy.status, busy.key))
          .code(busy.status)
          .header('Retry-After', String(RETRY_AFTER_S[answer]));
      }
      if (response && 'isBoom' in response && response.isBoom) {
        const boom = response as Boom;
        const status = boom.output.statusCode;
        if (status >= 500) request.log(['error'], boom);
        if (!isApi(request)) return h.continue;
        const key = STATUS_KEYS[status] ?? (status >= 500 ? 'serverError' : 'badRequest');
        const res = h.response(envelope(request, status, key)).code(status);
        for (const [name, value] of Object.entries(boom.output.headers)) {
          if (value !== undefined) res.header(name, String(value));
        }
        return res;
      }
      return h.continue;
    });
  },
};
