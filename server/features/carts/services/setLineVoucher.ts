// PUT api/v1/carts/{parkId}/lines/{lineId}/voucher: use guest vouchers of the buyer's annual pass on an admission
// line (issue 29, passes/README.md 2.11): those units cost 0. Under the line's lock (cart, then line: cartPath.ts's
// order); a line frozen by a pending order cannot change. Checked here for a clear answer, and again, under the
// pass's lock, when placeOrder holds them (passVouchersUsedUp).
import type { Knex } from 'knex';
import { DomainError, notFound } from '../../../lib/errors';
import { cartHooks } from '../cartHooks';
import { LINE_COLUMNS, type LineRow, lineOf } from '../lines';
import type { CartOwner } from '../owner';
import { loadCatalogueFor } from '../presentCart';

export async function setLineVoucher(
  knex: Knex,
  owner: CartOwner,
  parkId: number,
  lineId: number,
  choice: { passId: number; quantity: number },
): Promise<LineRow> {
  if (owner.userId === null) throw new DomainError('passVoucherInvalid');
  const userId = owner.userId;
  return knex.transaction(async (trx) => {
    const cart = (await trx('carts').where({ owner_key: owner.key, park_id: parkId }).forUpdate().first('id')) as
      | { id: number }
      | undefined;
    if (!cart) throw notFound();
    const row = (await trx('cart_lines')
      .where({ 'cart_lines.id': lineId, 'cart_lines.cart_id': cart.id })
      .forUpdate()
      .first(LINE_COLUMNS)) as LineRow | undefined;
    if (row?.kind !== 'item') throw notFound();
    const line = lineOf(row);
    if (line.orderId !== null) throw new DomainError('cartLineInPayment');
    const voucher = choice.quantity === 0 ? null : choice;
    if (voucher) {
      const basic = line.quantities.reduce((n, q) => n + q.quantity, 0);
      const cat = await loadCatalogueFor(trx, [line]);
      const offers = await cartHooks().voucherOffers(trx, userId, [
        {
          lineId: line.id,
          itemId: line.itemId as number,
          parkId,
          category: cat.items.get(line.itemId as number)?.category ?? -1,
          date: line.date,
        },
      ]);
      const offer = offers.get(line.id)?.find((o) => o.passId === voucher.passId);
      if (!offer || voucher.quantity > basic) throw new DomainError('passVoucherInvalid');
      if (voucher.quantity > offer.left) throw new DomainError('passVouchersUsedUp', { left: offer.left });
    }
    await trx('cart_lines')
      .where({ id: line.id })
      .update({ pass_voucher: voucher === null ? null : JSON.stringify(voucher), updated_at: trx.fn.now() });
    return { ...line, passVoucher: voucher };
  });
}
