// GET api/v1/staff/parks/{parkId}/orders/{orderId}: one order of the park with its lines, payment (and refunds),
// tickets (state, and whether the park may cancel each now) and cancellations; 404 for other parks' orders.
import type { Knex } from 'knex';
import type { OfficeOrder } from '../../../../common/dto/finance';
import type { Locale } from '../../../../common/enums';
import { loadParkOrder } from '../parkOrders';

export function getParkOrder(knex: Knex, parkId: number, orderId: number, locale: Locale): Promise<OfficeOrder> {
  return loadParkOrder(knex, parkId, orderId, locale);
}
