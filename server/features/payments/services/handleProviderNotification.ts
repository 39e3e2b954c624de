import type { Knex } from 'knex';
import type { Config } from '../../../config';
import { DomainError, notFound } from '../../../lib/errors';
import type { PaymentOutcomeHandler } from '../outcome';
import {
  NOTIFYING_PROVIDERS,
  type NotificationAck,
  NotificationRejected,
  type NotificationRequest,
  type NotifyingProvider,
} from '../provider';
import { providerFor } from '../providers';
import { settle } from '../settle';
import { findByProviderRef, type Payment } from '../store';

/**
 * A server-to-server notification: verified (GMO shared-secret hash, PayPay / merpay HMAC) before anything is
 * read, then settled exactly once. An unknown payment answers 404 so the provider retries later.
 */
export async function handleProviderNotification(
  knex: Knex,
  config: Config,
  outcome: PaymentOutcomeHandler,
  providerName: string,
  request: NotificationRequest,
): Promise<{ ack: NotificationAck; payment: Payment }> {
  if (!NOTIFYING_PROVIDERS.includes(providerName as NotifyingProvider)) throw notFound();
  const provider = providerFor(config, providerName as NotifyingProvider);
  let event: ReturnType<typeof provider.verifyNotification>;
  try {
    event = provider.verifyNotification(request);
  } catch (err) {
    if (err instanceof NotificationRejected) throw new DomainError('paymentNotificationRejected');
    throw err;
  }
  const payment = await findByProviderRef(knex, provider.name, event.providerRef);
  if (!payment) throw notFound();
  const settled = await settle(knex, outcome, payment.id, event, 'notification');
  return { ack: provider.notificationAck, payment: settled.payment };
}
