/**
 * The return page that follows a payment to its end (it asks the server, which asks the provider): where the
 * browser comes back from 3-D Secure or PayPay, and where a checkout goes when the provider's answer was lost.
 */
export function paymentReturnPath(p: { paymentId: string; provider: string }): string {
  const query = new URLSearchParams({ payment_id: p.paymentId, provider: p.provider });
  return `/payment/gmo/callback?${query}`;
}
