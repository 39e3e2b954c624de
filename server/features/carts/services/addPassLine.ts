// Adds an annual pass to the cart (issue 29, server/features/passes/README.md 2.1). A pass has no day of use and
// nothing scarce: no stock row, no hold, so not zoo_add_cart_line (whose merge of same-item lines would also merge
// two passes into one). The line is written under the cart's lock (lines.ts lockCart, the first lock of cartPath.ts's
// order), dated the day it is added (Tokyo), and kept PASS_LINE_MINUTES (naming holders takes a while); the expiry
// sweep removes it like any line that holds nothing. Kids accounts cannot buy (the route's access); a family pass
// has at most max_holders people; a single pass line of n people becomes n passes.
import type { Knex } from 'knex';
import type { PassHolderInput, PassLineDetails } from '../../../../common/dto/pass';
import { isOnSale } from '../../../../common/rules/availability';
import { PASS_LINE_MINUTES, peopleOf, REASON_MESSAGES } from '../../../../common/rules/cart';
import { emptyHolders, passUnitsOf } from '../../../../common/rules/passHolders';
import { tokyoDate } from '../../../../common/time';
import { DomainError } from '../../../lib/errors';
import type { CatalogueItem } from '../../stock';
import { type Admission, spendAdmission } from '../../waitingRoom';
import {
  assertLineQuantities,
  assertPlansSold,
  type LineRow,
  lockCart,
  normalizeQuantities,
  type QuantityInput,
} from '../lines';
import type { CartOwner } from '../owner';

export interface PassLineInput extends QuantityInput {
  seatCodes?: string[];
  timeSlotId?: number;
  quantity?: number;
}

/** Inserts the pass line; answers it as stored. */
export async function addPassLine(
  knex: Knex,
  owner: CartOwner,
  item: CatalogueItem,
  input: PassLineInput,
  now: Date,
  admission: Admission | null = null,
): Promise<LineRow> {
  const product = item.pass?.ja;
  if (!product) throw new DomainError('cartLineUnavailable');
  for (const [field, v] of Object.entries({
    time_slot_id: input.timeSlotId,
    quantity: input.quantity,
    seat_codes: input.seatCodes?.length,
    additional_plans: input.additionalPlans?.length,
  })) {
    if (v) throw new DomainError('invalidParam', { field });
  }
  if (!isOnSale(item, now)) throw new DomainError(REASON_MESSAGES.notOnSale);
  const q = normalizeQuantities(input);
  const basicPlanId = assertPlansSold(item, q);
  assertLineQuantities(item, q, 0, null);
  const people = peopleOf(q);
  if (product.kind === 'family' && people > product.maxHolders) {
    throw new DomainError('maxPerOrder', { max: product.maxHolders });
  }
  const passDetails = { renewsPassId: null, holders: emptyHolders(passUnitsOf(q)) };
  return insertPassLine(knex, owner, item, q, basicPlanId, passDetails, now, admission);
}

/**
 * A renewal of a pass (passes/README.md 2.3): a pass line priced by the product's renewal plan, its holders those of
 * the pass (same positions and names; the caller has checked the renewal window).
 */
export async function addRenewalLine(
  knex: Knex,
  owner: CartOwner,
  item: CatalogueItem,
  renewal: { passId: number; planId: number; holders: PassHolderInput[] },
  now: Date,
): Promise<LineRow> {
  const basic = new Map<number, number>();
  for (const h of renewal.holders) {
    if (h.unitKind === 'basic' && h.ageGroupId !== null) basic.set(h.ageGroupId, (basic.get(h.ageGroupId) ?? 0) + 1);
  }
  const q = normalizeQuantities({
    quantities: [...basic].map(([ageGroupId, quantity]) => ({ ageGroupId, quantity })),
    disabilityQuantity: renewal.holders.filter((h) => h.unitKind === 'disability').length,
    companionQuantity: renewal.holders.filter((h) => h.unitKind === 'companion').length,
  });
  return insertPassLine(
    knex,
    owner,
    item,
    q,
    renewal.planId,
    { renewsPassId: renewal.passId, holders: renewal.holders },
    now,
  );
}

async function insertPassLine(
  knex: Knex,
  owner: CartOwner,
  item: CatalogueItem,
  q: ReturnType<typeof normalizeQuantities>,
  basicPlanId: number | null,
  passDetails: PassLineDetails,
  now: Date,
  admission: Admission | null = null,
): Promise<LineRow> {
  const people = peopleOf(q);
  const expiresAt = new Date(now.getTime() + PASS_LINE_MINUTES * 60_000);
  const date = tokyoDate(now);
  return knex.transaction(async (trx) => {
    // A waiting room's admission is spent with the line (first, as zoo_add_cart_line's callers do).
    if (admission) await spendAdmission(trx, admission);
    const cartId = await lockCart(trx, owner, item.parkId);
    const [row] = (await trx('cart_lines')
      .insert({
        cart_id: cartId,
        kind: 'pass',
        item_id: item.id,
        date,
        basic_plan_id: basicPlanId,
        quantities: JSON.stringify(q.basic),
        additional_plans: JSON.stringify([]),
        disability_quantity: q.disability,
        companion_quantity: q.companion,
        people,
        lottery: false,
        expires_at: expiresAt,
        pass_details: JSON.stringify(passDetails),
      })
      .returning(['id', 'created_at'])) as { id: number; createdAt: Date }[];
    if (!row) throw new Error('pass line not inserted');
    return {
      id: Number(row.id),
      cartId,
      kind: 'pass',
      itemId: item.id,
      ticketPackId: null,
      date,
      timeSlotId: null,
      packTime: null,
      basicPlanId,
      quantities: q.basic,
      additionalPlans: [],
      disabilityQuantity: q.disability,
      companionQuantity: q.companion,
      packQuantity: null,
      people,
      lottery: false,
      advanceInfo: null,
      expiresAt,
      createdAt: new Date(row.createdAt),
      orderId: null,
      passDetails,
      passVoucher: null,
      passPool: false,
    };
  });
}
