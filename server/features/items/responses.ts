// Answer schemas of the item routes (common/dto/item.ts), for the OpenAPI document (server/lib/responses.ts).
import Joi from 'joi';
import { CombinationLabel, ItemCategory, SaleLabel, UsageTrigger } from '../../../common/enums';
import {
  bool,
  codeOf,
  day,
  envelope,
  int,
  listOf,
  loose,
  NAMED_REF,
  nullable,
  PAGE_META,
  shape,
  str,
} from '../../lib/responses';

const PARK_REF = { id: int(), name: str(), prefecture: NAMED_REF };
const TAG = shape({ id: int(), code: str(), name: str() });
const PLAN = shape({
  id: int(),
  kind: Joi.valid('basic', 'additional'),
  name: str(),
  prices: Joi.array().items(shape({ ageGroupId: int(), ageGroupName: str(), price: int() })),
});

const summaryKeys = {
  id: int(),
  category: codeOf(ItemCategory),
  name: str(),
  lead: str(),
  imageUrl: str(),
  park: shape(PARK_REF),
  saleLabel: codeOf(SaleLabel),
  combinationLabel: codeOf(CombinationLabel),
  onSale: bool(),
  reservationRequired: bool(),
  lottery: bool(),
  waitlist: bool(),
  priceFrom: nullable(int()),
  priceTo: nullable(int()),
  availableFrom: str(),
  availableUntil: str(),
  rewardCoins: int(),
  tags: Joi.array().items(TAG),
  usableDates: Joi.array().items(day()).optional(),
};

export const ITEM_SUMMARY = shape(summaryKeys);

const PASS_PRICE = shape({
  ageGroupId: nullable(int()),
  ageGroupName: str(),
  unitKind: Joi.valid('basic', 'disability', 'companion'),
  price: int(),
});
/** common/dto/pass.ts PassProduct: the item page, the cart line and the member card carry it. */
export const PASS_PRODUCT = shape({
  itemId: int(),
  parkId: int(),
  parkIds: Joi.array().items(int()),
  parkNames: Joi.array().items(str()),
  name: str(),
  kind: Joi.valid('single', 'family'),
  maxHolders: int(),
  validityDays: int(),
  validityStart: Joi.valid('first_entry', 'purchase'),
  startWithinDays: int(),
  prices: Joi.array().items(PASS_PRICE),
  renewal: nullable(shape({ planId: int(), windowDays: int(), prices: Joi.array().items(PASS_PRICE) })),
  benefits: shape({
    dailyAdmission: Joi.valid(true),
    reentry: bool(),
    maxEntries: nullable(int()),
    discountPercent: int(),
    discountCategories: Joi.array().items(int()),
    guestVouchersPerTerm: int(),
    guestVoucherItemId: nullable(int()),
    holderCapacity: bool(),
  }),
  cancelRatePercent: int(),
  saleFrom: nullable(str()),
  saleUntil: nullable(str()),
});

export const ITEM_DETAIL = shape({
  ...summaryKeys,
  description: str(),
  notes: nullable(str()),
  usageTrigger: codeOf(UsageTrigger),
  seatSelection: bool(),
  minimumParticipant: int(),
  maxPerOrder: int(),
  disabilityPrice: nullable(int()),
  basicPlan: nullable(PLAN),
  additionalPlans: Joi.array().items(PLAN),
  excludedDays: Joi.array().items(day()),
  applicationDeadline: shape({ daysBefore: int(), time: str() }),
  saleStartsAt: nullable(str()),
  saleEndsAt: nullable(str()),
  shareableUntil: nullable(str()),
  cancellationPolicy: Joi.array().items(shape({ daysBefore: int(), chargeRate: int() })),
  timeSlots: Joi.array().items(shape({ id: int(), startTime: str(), endTime: str(), capacity: int() })),
  // Loose: the advance information fields (common/rules/advanceInfo.ts AdvanceField).
  advanceInfoFields: Joi.array().items(loose()),
  remaining: int(),
  fewLeft: bool(),
  park: shape({ ...PARK_REF, closedWeekdays: Joi.array().items(NAMED_REF) }),
  isPrivate: bool(),
  pass: nullable(PASS_PRODUCT),
});

export const ITEM_LIST_ANSWER = {
  status: {
    200: listOf(ITEM_SUMMARY, PAGE_META.keys({ tab: str().required(), dates: Joi.array().items(day()).optional() })),
  },
};
export const ITEM_ANSWER = { status: { 200: envelope(ITEM_DETAIL, Joi.object({})) } };

// The back office (common/dto/catalogueOffice.ts).
const PRICE = shape({ ageGroupId: int(), price: int() });
const officeRowKeys = {
  id: int(),
  name: str(),
  nameJa: str(),
  nameEn: nullable(str()),
  category: codeOf(ItemCategory),
  saleLabel: codeOf(SaleLabel),
  isPrivate: bool(),
  availableFrom: str(),
  availableUntil: str(),
  sold: int(),
  capacity: int(),
  linkId: str(),
  moves: Joi.array().items(codeOf(SaleLabel)),
  timeSlots: int(),
  updatedAt: str(),
};
const OFFICE_ITEM = shape({
  ...officeRowKeys,
  descriptionJa: str(),
  descriptionEn: nullable(str()),
  notesJa: nullable(str()),
  notesEn: nullable(str()),
  combinationLabel: codeOf(CombinationLabel),
  usageTrigger: codeOf(UsageTrigger),
  reservationRequired: bool(),
  lottery: bool(),
  waitlist: bool(),
  seatSelection: bool(),
  minimumParticipant: int(),
  maxPerOrder: int(),
  disabilityPrice: nullable(int()),
  applicationDeadlineDays: int(),
  applicationDeadlineTime: str(),
  saleStartsAt: nullable(str()),
  saleEndsAt: nullable(str()),
  shareableUntil: nullable(str()),
  rewardCoins: int(),
  dailyCapacity: int(),
  reentry: bool(),
  maxEntries: nullable(int()),
  imageUrl: str(),
  prices: Joi.array().items(PRICE),
  cancellationPolicy: Joi.array().items(shape({ daysBefore: int(), chargeRate: Joi.number() })),
  excludedDays: Joi.array().items(str()),
  timeSlotList: Joi.array().items(shape({ id: int(), startTime: str(), endTime: str(), capacity: int() })),
  additionalPlans: Joi.array().items(
    shape({ id: int(), nameJa: str(), nameEn: nullable(str()), prices: Joi.array().items(PRICE) }),
  ),
  // Loose: the questions asked before the visit (common/rules/advanceInfo.ts AdvanceField).
  advanceInfoFields: Joi.array().items(loose()),
});
const NO_META = Joi.object({});
export const OFFICE_ITEMS_ANSWER = { status: { 200: envelope(Joi.array().items(shape(officeRowKeys)), NO_META) } };
export const OFFICE_ITEM_ANSWER = { status: { 200: envelope(OFFICE_ITEM, NO_META) } };
export const OFFICE_ITEM_CREATED_ANSWER = { status: { 201: envelope(OFFICE_ITEM, NO_META) } };
