// GET api/v1/staff/parks/{parkId}/orders: the park's orders found by application number (exact, any case), the
// customer's e-mail address (exact, any case) or telephone number (digits compared, so 090-1234-5678 finds
// 09012345678), newest first. Orders without a line of the park are never found.
import type { Knex } from 'knex';
import type { OfficeOrderSummary } from '../../../../common/dto/finance';
import { type OrderSummaryRow, parkOrderQuery, presentSummaries } from '../parkOrders';

export type OrderSearch = { number: string } | { email: string } | { phone: string };

export const SEARCH_LIMIT = 50;

/** Only the digits of a telephone number. */
export const phoneDigits = (phone: string) => phone.replace(/\D/g, '');

export async function searchOrders(knex: Knex, parkId: number, search: OrderSearch): Promise<OfficeOrderSummary[]> {
  const q = parkOrderQuery(knex, parkId)
    .whereNotNull('o.application_number')
    .orderBy('o.ordered_at', 'desc')
    .orderBy('o.id', 'desc')
    .limit(SEARCH_LIMIT);
  if ('number' in search) q.where('o.application_number', search.number.trim().toUpperCase());
  else if ('email' in search) q.where('u.email', search.email.trim().toLowerCase());
  else
    q.whereNotNull('u.telephone').whereRaw("regexp_replace(coalesce(u.telephone, ''), '[^0-9]', '', 'g') = ?", [
      phoneDigits(search.phone),
    ]);
  return presentSummaries(knex, parkId, (await q) as OrderSummaryRow[]);
}
