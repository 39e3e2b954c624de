// Reading the server's error envelope (one place for every feature) ({ data, meta: { message, code } }) of a failed call.
import type { Locale } from '../../../common/enums';
import { purchaseMessage } from '../../../common/purchaseMessages';

interface ErrorEnvelope {
  status?: unknown;
  data?: { meta?: { message?: unknown; code?: unknown } };
}

/** The localised meta.message of an API error, if the server sent one. */
export function apiMessage(error: unknown): string | undefined {
  const m = (error as ErrorEnvelope | null | undefined)?.data?.meta?.message;
  return typeof m === 'string' && m ? m : undefined;
}

/** The message key the server named (meta.code), e.g. 'phoneRequired'. */
export function apiCode(error: unknown): string | undefined {
  const c = (error as ErrorEnvelope | null | undefined)?.data?.meta?.code;
  return typeof c === 'string' ? c : undefined;
}

/** The server's message, or a generic one when there is no answer (offline, proxy error). */
export function errorText(error: unknown, locale: Locale): string {
  return apiMessage(error) ?? purchaseMessage('serverError', locale);
}
