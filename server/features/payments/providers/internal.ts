// Full-coin and free payments: no provider. The payment completes at once; coins are taken by the order side
// in its `succeeded` hook (same transaction). Capture, void and refund have nothing to call.
import {
  NotificationRejected,
  type PaymentProvider,
  type ProviderEvent,
  type ProviderTxn,
  type StartRequest,
  type StartResult,
} from '../provider';

export class InternalProvider implements PaymentProvider {
  readonly name = 'internal' as const;
  readonly notificationAck = { contentType: 'text/plain', body: '' };

  async start(req: StartRequest): Promise<StartResult> {
    const refs = { providerRef: `internal-${req.paymentId}` };
    await req.onProviderRefs?.(refs);
    const status = req.mode === 'AUTH' ? 'authorized' : 'captured';
    return {
      kind: 'completed',
      event: {
        eventId: `${refs.providerRef}:${status}`,
        providerRef: refs.providerRef,
        orderRef: req.orderRef,
        amount: req.amount,
        status,
        raw: {},
      },
      ...refs,
    };
  }

  async capture(): Promise<void> {}
  async void(): Promise<void> {}
  async refund(): Promise<void> {}

  verifyNotification(): ProviderEvent {
    throw new NotificationRejected('no notifications for internal payments');
  }

  /** Internal payments are final when started; the stored state is the truth. */
  async queryStatus(txn: ProviderTxn): Promise<ProviderEvent> {
    return {
      eventId: `${txn.providerRef}:pending`,
      providerRef: txn.providerRef,
      orderRef: txn.orderRef,
      amount: txn.amount,
      status: 'pending',
      raw: {},
    };
  }
}
