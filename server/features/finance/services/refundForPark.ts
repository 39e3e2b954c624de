// POST api/v1/staff/parks/{parkId}/orders/{orderId}/refunds: the park gives the money back for tickets of an order
// (the whole order's tickets of the park when none are named), e.g. after a closure. The visitor's own cancellation
// path (wallet cancelTickets) does all of it with `byPark.refund`: fee 0 whatever the item's policy or the day,
// refund at the provider (once), coins, stock, revocations, and the reason in the park's audit trail.
import type { Knex } from 'knex';
import type { OfficeCancellationAnswer } from '../../../../common/dto/finance';
import type { Locale } from '../../../../common/enums';
import type { Config } from '../../../config';
import { DomainError } from '../../../lib/errors';
import { cancelTickets } from '../../wallet';
import { loadParkOrder } from '../parkOrders';
import { holderOf } from './quoteParkCancellation';

export async function refundForPark(
  knex: Knex,
  config: Config,
  input: {
    parkId: number;
    orderId: number;
    staffUserId: number;
    ticketIds?: string[];
    reason: string;
    locale: Locale;
  },
): Promise<OfficeCancellationAnswer> {
  const order = await loadParkOrder(knex, input.parkId, input.orderId, input.locale);
  const ticketIds = input.ticketIds ?? order.ticketList.filter((t) => t.refundable).map((t) => t.id);
  if (ticketIds.length === 0) throw new DomainError('nothingToRefund');
  const holder = await holderOf(knex, input.parkId, input.orderId, ticketIds);
  const answer = await cancelTickets(
    knex,
    config,
    {
      userId: holder,
      ticketIds,
      byPark: { parkId: input.parkId, staffUserId: input.staffUserId, refund: { reason: input.reason } },
    },
    { locale: input.locale, appSecret: config.appSecret, tokens: false },
  );
  return {
    cancellationId: answer.cancellationId,
    state: answer.state,
    quote: answer.quote,
    order: await loadParkOrder(knex, input.parkId, input.orderId, input.locale),
  };
}
