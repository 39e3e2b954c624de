// The member discount of annual passes in the cart (README 2.11), called by carts through cartHooks (server.ts).
// Per cart line: one unit per holder who is the buyer or one of the buyer's kids accounts, whose pass is active on
// the line's date (not suspended, a term covering the date), admits at the line's park and whose product discounts
// the line's item category. Reads only: the price is re-read inside placeOrder's transaction, so it is fresh.
import type { Knex } from 'knex';
import type { MemberPricingLine, MemberUnit } from '../../carts';
import { currentTerm, holderState, type PassRow, termsOf } from './passFacts';

interface HolderRow {
  id: number;
  passId: number;
  percent: number;
  categories: number[];
  parkIds: number[];
}

export async function memberPricing(
  db: Knex | Knex.Transaction,
  userId: number,
  lines: readonly MemberPricingLine[],
): Promise<Map<number, MemberUnit[]>> {
  const out = new Map<number, MemberUnit[]>();
  const holders = (await db('pass_holders as h')
    .join('passes as p', 'p.id', 'h.pass_id')
    .join('pass_products as pp', 'pp.item_id', 'p.item_id')
    .where('pp.discount_percent', '>', 0)
    .where((w) =>
      w
        .where('h.holder_user_id', userId)
        .orWhereIn('h.holder_user_id', db('users').where('parent_id', userId).select('id')),
    )
    .orderBy([{ column: 'pp.discount_percent', order: 'desc' }, { column: 'h.pass_id' }, { column: 'h.id' }])
    .select('h.id', 'h.pass_id', {
      percent: 'pp.discount_percent',
      categories: 'pp.discount_categories',
      parkIds: db.raw('ARRAY(SELECT park_id FROM pass_product_parks x WHERE x.item_id = p.item_id)'),
    })) as HolderRow[];
  if (holders.length === 0) return out;
  const passIds = [...new Set(holders.map((h) => h.passId))];
  const passes = new Map(((await db('passes').whereIn('id', passIds).select('*')) as PassRow[]).map((p) => [p.id, p]));
  const terms = await termsOf(
    db,
    holders.map((h) => h.id),
  );
  for (const line of lines) {
    const units = holders
      .filter((h) => h.categories.map(Number).includes(line.category) && h.parkIds.map(Number).includes(line.parkId))
      .filter((h) => {
        const pass = passes.get(h.passId);
        const term = currentTerm(terms.get(h.id) ?? [], line.date);
        return pass !== undefined && holderState(pass, term, line.date) === 'active';
      })
      .map((h) => ({ passId: h.passId, percent: h.percent }));
    if (units.length > 0) out.set(line.lineId, units);
  }
  return out;
}
