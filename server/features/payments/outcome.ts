// The one hook through which payments report to the order side. Called inside the transaction that moves the
// payment's state (the payment row is locked FOR UPDATE), exactly once per payment:
//   succeeded: the payment reached authorized (mode AUTH) or captured (mode CAPTURE) from a pending state;
//   failed: the payment attempt ended failed (declined, 3-D Secure failed, cancelled, amount mismatch, ...).
// Capture, void and refund do not call it: the order side asked for those itself.
// Throwing rolls the state change back (the notification is then answered non-200 and retried).
import type { Knex } from 'knex';
import type { Payment } from './store';

export interface PaymentOutcomeHandler {
  succeeded(trx: Knex.Transaction, payment: Payment): Promise<void>;
  failed(trx: Knex.Transaction, payment: Payment): Promise<void>;
}

/** Used until the order side installs its handler on `server.app.paymentOutcome`: records nothing, logs. */
export function loggingOutcome(log: (tags: string[], data: object) => void): PaymentOutcomeHandler {
  return {
    async succeeded(_trx, payment) {
      log(['payments', 'warn'], { msg: 'no payment outcome handler: succeeded', paymentId: payment.id });
    },
    async failed(_trx, payment) {
      log(['payments', 'warn'], { msg: 'no payment outcome handler: failed', paymentId: payment.id });
    },
  };
}
