// A family pass and a single pass as GET api/v1/items/{id} answers them (item.pass), for the unit tests.
import type { PassProduct } from '../../../common/dto/pass';

export const FAMILY_PASS: PassProduct = {
  itemId: 41,
  parkId: 3,
  parkIds: [3, 5],
  parkNames: ['上野動物園', '多摩動物公園'],
  name: 'ファミリー年間パスポート',
  kind: 'family',
  maxHolders: 4,
  validityDays: 365,
  validityStart: 'first_entry',
  startWithinDays: 90,
  prices: [
    { ageGroupId: 1, ageGroupName: '大人', unitKind: 'basic', price: 4800 },
    { ageGroupId: 2, ageGroupName: '小人', unitKind: 'basic', price: 1200 },
    { ageGroupId: null, ageGroupName: '障がい者', unitKind: 'disability', price: 0 },
    { ageGroupId: null, ageGroupName: '介助者', unitKind: 'companion', price: 0 },
  ],
  renewal: {
    planId: 9,
    windowDays: 60,
    prices: [{ ageGroupId: 1, ageGroupName: '大人', unitKind: 'basic', price: 4000 }],
  },
  benefits: {
    dailyAdmission: true,
    reentry: true,
    maxEntries: 2,
    discountPercent: 10,
    discountCategories: [1, 2],
    guestVouchersPerTerm: 2,
    guestVoucherItemId: 7,
    holderCapacity: false,
  },
  cancelRatePercent: 10,
  saleFrom: null,
  saleUntil: null,
};

export const SINGLE_PASS: PassProduct = {
  ...FAMILY_PASS,
  itemId: 42,
  name: '年間パスポート',
  kind: 'single',
  maxHolders: 1,
  validityStart: 'purchase',
  parkIds: [3],
  parkNames: ['上野動物園'],
  benefits: { ...FAMILY_PASS.benefits, reentry: false, maxEntries: null, discountPercent: 0, guestVouchersPerTerm: 0 },
};
