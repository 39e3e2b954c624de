// @vitest-environment jsdom
// A pass item's panel (issue 29): no date picker or slots; kind, price per age group, the validity rule, benefits
// and "cannot be cancelled after the first entry" before adding; the add is a day ticket's body without a date.
import { beforeAll, describe, expect, it } from 'vitest';
import type { ItemDetail } from '../../../../common/dto/item';
import { initI18n } from '../../lib/i18n';
import { FAMILY_PASS, SINGLE_PASS } from '../../test/passFixtures';
import { renderStatic } from '../../test/renderStatic';
import { ItemPurchasePanel, passForm } from './ItemPurchasePanel';
import { addPassLineRequest, passSelectionProblem, passTotal, validityRule } from './passPurchase';

const passItem = (pass = FAMILY_PASS) =>
  ({ id: pass.itemId, name: pass.name, maxPerOrder: 6, timeSlots: [], pass }) as unknown as ItemDetail;

// The pass form is a chunk of its own: loaded first, as the item page's prefetch does.
beforeAll(async () => {
  await initI18n('ja');
  await passForm.preload();
});

describe('a pass selection', () => {
  it('costs the price per age group; disabled people and companions at theirs', () => {
    expect(passTotal(FAMILY_PASS, { basic: { 1: 2, 2: 1 }, disability: 1, companion: 1 })).toBe(4800 * 2 + 1200);
  });

  it('is refused empty, and beyond the holders of a family pass or the per-order limit of a single one', () => {
    expect(passSelectionProblem(FAMILY_PASS, { basic: {}, disability: 0, companion: 0 }, 6)).toEqual({
      key: 'pickHolders',
    });
    expect(passSelectionProblem(FAMILY_PASS, { basic: { 1: 3, 2: 2 }, disability: 0, companion: 0 }, 6)).toEqual({
      key: 'tooMany',
      count: 4,
    });
    expect(passSelectionProblem(FAMILY_PASS, { basic: { 1: 2, 2: 2 }, disability: 0, companion: 0 }, 6)).toBeNull();
    expect(passSelectionProblem(SINGLE_PASS, { basic: { 1: 5 }, disability: 0, companion: 0 }, 6)).toBeNull();
    expect(passSelectionProblem(SINGLE_PASS, { basic: { 1: 7 }, disability: 0, companion: 0 }, 6)).toEqual({
      key: 'tooMany',
      count: 6,
    });
  });

  it('is added with the body of a day ticket without date and slot', () => {
    const body = addPassLineRequest(FAMILY_PASS, { basic: { 1: 2, 2: 0 }, disability: 1, companion: 1 });
    expect(body).toEqual({
      item_id: 41,
      quantities: [{ age_group_id: 1, quantity: 2 }],
      disability_quantity: 1,
      companion_quantity: 1,
    });
    expect(body).not.toHaveProperty('date');
    expect(body).not.toHaveProperty('time_slot_id');
  });

  it('says the validity rule: from purchase, or from the first entry that must come by a date', () => {
    expect(validityRule(SINGLE_PASS, '2026-12-01')).toEqual({ key: 'fromPurchase', days: 365, startBy: null });
    expect(validityRule(FAMILY_PASS, '2026-12-01')).toEqual({
      key: 'fromFirstEntry',
      days: 365,
      startBy: { days: 90, date: '2027-02-28' },
    });
  });
});

describe('the item panel of a pass', () => {
  it('has no calendar or slots, and shows kind, prices, validity, benefits and the no-cancel rule (ja)', async () => {
    const html = await renderStatic(<ItemPurchasePanel item={passItem()} summary="¥1,200〜" />, {
      user: { id: 5, child_flag: 0 },
    });
    expect(html).toContain('data-testid="pass-purchase-form"');
    expect(html).not.toContain('availability-calendar');
    expect(html).not.toContain('slot-choices');
    expect(html).toContain('ファミリーパス（4名まで）');
    expect(html).toContain('大人');
    expect(html).toContain('4,800円');
    expect(html).toContain('初回入園日から365日間');
    expect(html).toContain('イベント・クエストが10%オフ');
    expect(html).toContain('同じ日に2回まで入園できます');
    expect(html).toContain('初回入園後のキャンセルはできません');
    expect(html).toContain('data-testid="buy-now"');
  });

  it('speaks English too', async () => {
    const html = await renderStatic(<ItemPurchasePanel item={passItem(SINGLE_PASS)} summary="" />, {
      locale: 'en',
      user: { id: 5, child_flag: 0 },
    });
    expect(html).toContain('Single pass (1 person)');
    expect(html).toContain('365 days from the day of purchase');
    expect(html).toContain('Cannot be cancelled after the first entry');
  });

  it('shows a kids account no buy button', async () => {
    const html = await renderStatic(<ItemPurchasePanel item={passItem()} summary="" />, {
      user: { id: 6, child_flag: 1 },
    });
    expect(html).not.toContain('pass-purchase-form');
    expect(html).not.toContain('data-testid="buy-now"');
    expect(html).not.toContain('data-testid="add-to-cart"');
  });
});
