// PUT api/v1/carts/{parkId}/lines/{lineId}/pass: the holders of a pass line (issue 29, passes/README.md 2.1), named
// at the add-info step. Under the line's lock (cart, then line: cartPath.ts's order); a line frozen by a pending
// order cannot change. Holders are the people the line is priced for (common/rules/passHolders.ts); one linked to an
// account is the buyer or one of the buyer's kids accounts, once; a photo is the buyer's own upload not yet given
// to a holder. Checkout refuses the line until every holder is named (passHoldersMissing).
import type { Knex } from 'knex';
import type { PassHolderInput, PassLineDetails } from '../../../../common/dto/pass';
import { holdersProblem, passUnitsOf } from '../../../../common/rules/passHolders';
import { DomainError, notFound } from '../../../lib/errors';
import { LINE_COLUMNS, type LineRow, lineOf } from '../lines';
import type { CartOwner } from '../owner';

/** The buyer and the buyer's kids accounts: who a holder may be linked to. */
export async function familyOf(db: Knex | Knex.Transaction, userId: number | null): Promise<Set<number>> {
  if (userId === null) return new Set();
  const kids = (await db('users').where({ parent_id: userId }).pluck('id')) as number[];
  return new Set([userId, ...kids.map(Number)]);
}

/** Refuses holders that do not fit the line (passHolderInvalid, naming the holder and the field). */
export async function assertHolders(
  db: Knex | Knex.Transaction,
  line: LineRow,
  holders: readonly PassHolderInput[],
  buyerId: number | null,
): Promise<void> {
  const units = passUnitsOf({
    basic: line.quantities,
    disability: line.disabilityQuantity,
    companion: line.companionQuantity,
  });
  const problem = holdersProblem(units, holders, await familyOf(db, buyerId));
  if (problem) throw new DomainError('passHolderInvalid', problem);
  const photos = holders.flatMap((h) => (h.photoId ? [{ position: h.position, id: h.photoId }] : []));
  if (photos.length === 0) return;
  const own = new Set(
    buyerId === null
      ? []
      : ((await db('pass_photos')
          .whereIn(
            'id',
            photos.map((p) => p.id),
          )
          .where({ owner_user_id: buyerId })
          .whereNull('pass_holder_id')
          .pluck('id')) as string[]),
  );
  const bad = photos.find((p) => !own.has(p.id));
  if (bad) throw new DomainError('passHolderInvalid', { position: bad.position, field: 'photo_id' });
}

export async function setPassDetails(
  knex: Knex,
  owner: CartOwner,
  parkId: number,
  lineId: number,
  holders: PassHolderInput[],
): Promise<LineRow> {
  return knex.transaction(async (trx) => {
    const cart = (await trx('carts').where({ owner_key: owner.key, park_id: parkId }).forUpdate().first('id')) as
      | { id: number }
      | undefined;
    if (!cart) throw notFound();
    const row = (await trx('cart_lines')
      .where({ 'cart_lines.id': lineId, 'cart_lines.cart_id': cart.id })
      .forUpdate()
      .first(LINE_COLUMNS)) as LineRow | undefined;
    if (row?.kind !== 'pass') throw notFound();
    const line = lineOf(row);
    if (line.orderId !== null) throw new DomainError('cartLineInPayment');
    const named = holders.map((h) => ({ ...h, name: h.name.trim() })).sort((a, b) => a.position - b.position);
    await assertHolders(trx, line, named, owner.userId);
    const details: PassLineDetails = { renewsPassId: line.passDetails?.renewsPassId ?? null, holders: named };
    await trx('cart_lines')
      .where({ id: line.id })
      .update({ pass_details: JSON.stringify(details), updated_at: trx.fn.now() });
    return { ...line, passDetails: details };
  });
}
