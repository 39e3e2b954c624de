// The one hook through which payments report to the order side. Called inside the transaction that moves the
// payment's state (the payment row is locked FOR UPDATE), exactly once per payment:
//   succeeded: the payment reached authorized (mode AUTH) or captured (mode CAPTURE), from a pending state or late
//     (after we had given up on it). The order side answers whether it could fulfil the order: 'unfulfillable'
//     (the places are gone) makes the payment side give the money back (a durable job queued in this transaction).
//   failed: the payment attempt ended failed (declined, 3-D Secure failed, cancelled, amount mismatch, ...).
//   giveBack: queue the durable job that refunds or voids money we will not keep (see giveBackPayment.ts).
// Capture, void and refund do not call succeeded/failed: the order side asked for those itself.
// Throwing rolls the state change back (the notification is then answered non-200 and retried).
import type { Knex } from 'knex';
import type { GiveBackRequest } from './services/giveBackPayment';
import type { Payment } from './store';

export type Fulfilment = 'fulfilled' | 'unfulfillable';

export interface PaymentOutcomeHandler {
  succeeded(trx: Knex.Transaction, payment: Payment): Promise<Fulfilment>;
  failed(trx: Knex.Transaction, payment: Payment): Promise<void>;
  giveBack(trx: Knex.Transaction, request: GiveBackRequest): Promise<void>;
}
