// POST api/v1/staff/parks/{parkId}/orders/{orderId}/cancellations: the park's finance staff (or owner) cancel
// tickets of an order on the visitor's behalf. Exactly the visitor's cancellation (wallet cancelTickets: fee by the
// item's policy, stock back through the ledger, tokens revoked, provider refund idempotent by the cancellation id,
// coins returned), with `byPark`: tickets of this park only, waitlist wins allowed (priced as of the reservation),
// the staff member as actor and a staff_audit row (before and after) in the same transaction. Posting the same
// tickets again refunds nothing more (409), or retries a refund the provider refused.
import type { Knex } from 'knex';
import type { OfficeCancellationAnswer } from '../../../../common/dto/finance';
import type { Locale } from '../../../../common/enums';
import type { Config } from '../../../config';
import { cancelTickets } from '../../wallet';
import { loadParkOrder } from '../parkOrders';
import { holderOf } from './quoteParkCancellation';

export async function cancelForVisitor(
  knex: Knex,
  config: Config,
  input: { parkId: number; orderId: number; staffUserId: number; ticketIds: string[]; locale: Locale },
): Promise<OfficeCancellationAnswer> {
  const holder = await holderOf(knex, input.parkId, input.orderId, input.ticketIds);
  const answer = await cancelTickets(
    knex,
    config,
    {
      userId: holder,
      ticketIds: input.ticketIds,
      byPark: { parkId: input.parkId, staffUserId: input.staffUserId },
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
