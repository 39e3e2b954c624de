// Who may book the places set aside for pass holders (README 2.11), called by carts through cartHooks (server.ts):
// the holders who are the buyer or one of the buyer's kids accounts, whose pass admits at the park and is active on
// the use date (not suspended, a term covering it): the same holders as the member discount, whatever its percent.
// A line of pass-holder places is for at most that many people. Reads only.
import type { Knex } from 'knex';
import { currentTerm, holderState, type PassRow, termsOf } from './passFacts';

export async function passPoolHolders(
  db: Knex | Knex.Transaction,
  userId: number,
  parkId: number,
  date: string,
): Promise<number> {
  const holders = (await db('pass_holders as h')
    .join('passes as p', 'p.id', 'h.pass_id')
    .whereExists((q) =>
      q
        .select(db.raw('1'))
        .from('pass_product_parks as x')
        .whereRaw('x.item_id = p.item_id')
        .where('x.park_id', parkId),
    )
    .where((w) =>
      w
        .where('h.holder_user_id', userId)
        .orWhereIn('h.holder_user_id', db('users').where('parent_id', userId).select('id')),
    )
    .select('h.id', 'h.pass_id')) as { id: number; passId: number }[];
  if (holders.length === 0) return 0;
  const passes = new Map(
    (
      (await db('passes')
        .whereIn(
          'id',
          holders.map((h) => h.passId),
        )
        .select('*')) as PassRow[]
    ).map((p) => [p.id, p]),
  );
  const terms = await termsOf(
    db,
    holders.map((h) => h.id),
  );
  return holders.filter((h) => {
    const pass = passes.get(h.passId);
    return pass !== undefined && holderState(pass, currentTerm(terms.get(h.id) ?? [], date), date) === 'active';
  }).length;
}
