// The message of /payment/error's reason code: the payment side's failures (common/rules/paymentState.ts) and the
// order's own. A module of its own: the cart and the other checkout pages (rules.ts) do not load the payment states.
import type { MessageKey } from '../../../../common/messages';
import { FAILURE_MESSAGES, FAILURE_REASONS, type FailureReason } from '../../../../common/rules/paymentState';
import { ORDER_ERROR_REASONS, type OrderErrorReason } from './rules';

// The payment side's own words for each failure.
const FAILURE_KEYS: Record<FailureReason, MessageKey> = FAILURE_MESSAGES;

/** The message of a reason code of /payment/error; unknown codes get the generic failure. */
export function paymentErrorKey(reason: string | null): MessageKey {
  if (reason && (FAILURE_REASONS as readonly string[]).includes(reason)) return FAILURE_KEYS[reason as FailureReason];
  if (reason && (ORDER_ERROR_REASONS as readonly string[]).includes(reason)) return reason as OrderErrorReason;
  return 'paymentFailed';
}
