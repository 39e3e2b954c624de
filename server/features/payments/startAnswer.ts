// What a route answers once a payment was started (common/dto/order.ts PaymentStartAnswer): the checkout, a
// waitlist offer and a group's card payment all answer it the same way, and the PWA follows it the same way.
import Joi from 'joi';
import type { PaymentStartAnswer } from '../../../common/dto/order';
import type { Locale } from '../../../common/enums';
import { message } from '../../../common/messages';
import { FAILURE_MESSAGES } from '../../../common/rules/paymentState';
import { shape, str } from '../../lib/responses';
import type { StartPaymentResult } from './services/startPayment';

export const PAYMENT_START_SCHEMA = Joi.alternatives(
  shape({ kind: Joi.valid('redirect'), url: str(), paymentId: str() }),
  shape({ kind: Joi.valid('completed'), paymentId: str() }),
  shape({ kind: Joi.valid('pending'), paymentId: str(), provider: str() }),
  shape({ kind: Joi.valid('failed'), paymentId: str(), reason: str(), message: str() }),
);

export function paymentStartAnswer(r: StartPaymentResult, locale: Locale): PaymentStartAnswer {
  if (r.kind === 'redirect') return { kind: 'redirect', url: r.url, paymentId: r.payment.id };
  if (r.kind === 'failed') {
    return {
      kind: 'failed',
      paymentId: r.payment.id,
      reason: r.reason,
      message: message(FAILURE_MESSAGES[r.reason], locale),
    };
  }
  if (r.kind === 'pending') return { kind: 'pending', paymentId: r.payment.id, provider: r.payment.provider };
  return { kind: 'completed', paymentId: r.payment.id };
}
