// A pass item's purchase (issue 29, server/features/passes/README.md 2.1): people per age group (and disabled
// people with their companions) with no date or slot. A family pass is one pass for all of them, at most
// `maxHolders`; a single pass makes one pass per person, at most the item's `maxPerOrder`.
import type { AddPassLineRequest, PassProduct } from '../../../../common/dto/pass';
import { startBy } from '../../../../common/rules/passValidity';

export interface PassSelection {
  /** People per age group id (basic prices). */
  basic: Record<number, number>;
  disability: number;
  companion: number;
}

export const NO_PASS_SELECTION: PassSelection = { basic: {}, disability: 0, companion: 0 };

export const passPeople = (s: PassSelection) =>
  Object.values(s.basic).reduce((a, b) => a + b, 0) + s.disability + s.companion;

const priceOf = (p: PassProduct, kind: 'disability' | 'companion') =>
  p.prices.find((x) => x.unitKind === kind)?.price ?? null;

/** Yen for the selection, tax included. */
export function passTotal(p: PassProduct, s: PassSelection): number {
  let sum = 0;
  for (const x of p.prices)
    if (x.unitKind === 'basic' && x.ageGroupId !== null) sum += (s.basic[x.ageGroupId] ?? 0) * x.price;
  sum += s.disability * (priceOf(p, 'disability') ?? 0) + s.companion * (priceOf(p, 'companion') ?? 0);
  return sum;
}

/** The most people one add may name: a family pass's holders, else the item's per-order limit. */
export const passMaxPeople = (p: PassProduct, maxPerOrder: number) =>
  p.kind === 'family' ? p.maxHolders : maxPerOrder;

export type PassSelectionProblem = { key: 'pickHolders' } | { key: 'tooMany'; count: number };

/** What keeps the selection from being added, as a key of passes.item. */
export function passSelectionProblem(
  p: PassProduct,
  s: PassSelection,
  maxPerOrder: number,
): PassSelectionProblem | null {
  const people = passPeople(s);
  if (people === 0) return { key: 'pickHolders' };
  const max = passMaxPeople(p, maxPerOrder);
  if (people > max) return { key: 'tooMany', count: max };
  return null;
}

/** POST api/v1/carts: a day ticket's body without date and slot. */
export function addPassLineRequest(p: PassProduct, s: PassSelection): AddPassLineRequest {
  return {
    item_id: p.itemId,
    quantities: p.prices
      .filter((x) => x.unitKind === 'basic' && x.ageGroupId !== null && (s.basic[x.ageGroupId] ?? 0) > 0)
      .map((x) => ({ age_group_id: x.ageGroupId as number, quantity: s.basic[x.ageGroupId as number] ?? 0 })),
    ...(s.disability > 0 ? { disability_quantity: s.disability } : {}),
    ...(s.companion > 0 ? { companion_quantity: s.companion } : {}),
  };
}

/** The validity rule as keys of passes.item with their values; `today` is the Tokyo date of a purchase now. */
export function validityRule(
  p: PassProduct,
  today: string,
): { key: 'fromPurchase' | 'fromFirstEntry'; days: number; startBy: { days: number; date: string } | null } {
  if (p.validityStart === 'purchase') return { key: 'fromPurchase', days: p.validityDays, startBy: null };
  return {
    key: 'fromFirstEntry',
    days: p.validityDays,
    startBy: { days: p.startWithinDays, date: startBy(today, p.startWithinDays) },
  };
}
