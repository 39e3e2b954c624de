// A family pass and a single pass as GET api/v1/items/{id} answers them (item.pass), and member cards as
// GET api/v1/me/passes answers them, for the unit tests.
import type { MemberCard, PassProduct } from '../../../common/dto/pass';
import type { TicketState, WalletPark } from '../../../common/dto/wallet';

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

const park: WalletPark = { id: 3, name: '上野動物園', address: null, mapImageUrls: [], timeZone: 'Asia/Tokyo' };

/** Two holders of one family pass (GET api/v1/me/passes), the first started and active, the second a kid's. */
export function memberCards(): MemberCard[] {
  const base: MemberCard = {
    passId: 8,
    passNumber: 'P003-0000008',
    holderId: 21,
    position: 1,
    holderName: '山田 花子',
    holderUserId: 5,
    isMe: true,
    ownerIsMe: true,
    park,
    product: {
      itemId: 41,
      name: 'ファミリー年間パスポート',
      kind: 'family',
      parkIds: [3, 5],
      parkNames: ['上野動物園', '多摩動物公園'],
    },
    state: 'active',
    suspendedReason: null,
    validFrom: '2026-01-10',
    validUntil: '2027-01-09',
    startBy: '2026-03-31',
    benefits: FAMILY_PASS.benefits,
    photo: { state: 'approved', url: '/api/v1/me/pass-photos/ph21', rejectReason: null },
    terms: [
      {
        ticketId: 'term-21-1',
        ticketNumber: 'P003-0000008-1-T1',
        validFrom: '2026-01-10',
        validUntil: '2027-01-09',
        state: 'available' as TicketState,
        token: 'AwABAgMEBQYHCAkKCwwNDg8QERITFBUWFxgZGhscHR4fICEiIyQlJicoKSorLC0uLzAxMjM0NTY3ODk6Ozw9Pj8',
      },
    ],
    renewal: { opensOn: '2026-11-10', closesOn: '2027-01-09', open: true, price: 4000 },
    cancellable: false,
    guestVouchersLeft: 2,
  };
  return [
    base,
    {
      ...base,
      holderId: 22,
      position: 2,
      holderName: '山田 はなこ',
      holderUserId: 12,
      isMe: false,
      photo: { state: 'none', url: null, rejectReason: null },
      terms: [{ ...(base.terms[0] as MemberCard['terms'][number]), ticketId: 'term-22-1', token: 'AwBBQkNERUZH' }],
      renewal: { ...(base.renewal as NonNullable<MemberCard['renewal']>), price: 1000 },
    },
  ];
}
