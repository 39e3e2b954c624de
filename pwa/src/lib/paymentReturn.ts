import type { PaymentStartAnswer } from '../../../common/dto/order';

/**
 * The return page that follows a payment to its end (it asks the server, which asks the provider): where the
 * browser comes back from 3-D Secure or PayPay, and where a checkout goes when the provider's answer was lost.
 */
export function paymentReturnPath(p: { paymentId: string; provider: string }): string {
  const query = new URLSearchParams({ payment_id: p.paymentId, provider: p.provider });
  return `/payment/gmo/callback?${query}`;
}

/**
 * Follows a payment just started (common/dto/order.ts PaymentStartAnswer): to the provider's page, to the return
 * page when its answer was lost; a refusal's message and a completion are the caller's.
 */
export function followPaymentStart(
  p: PaymentStartAnswer,
  then: { navigate: (path: string) => void; failed: (message: string) => void; completed: () => void },
): void {
  if (p.kind === 'redirect') window.location.assign(p.url);
  else if (p.kind === 'failed') then.failed(p.message);
  else if (p.kind === 'pending') then.navigate(paymentReturnPath(p));
  else then.completed();
}
