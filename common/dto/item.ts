import type { CombinationLabel, ItemCategory, SaleLabel, UsageTrigger } from '../enums';
import type { AdvanceField } from '../rules/advanceInfo';
import type { NamedRef } from './park';
import type { PassProduct } from './pass';

/** Tabs of the ticket search (SPEC section 2). */
export const ITEM_SEARCH_TABS = ['available', 'all', 'date'] as const;
export type ItemSearchTab = (typeof ITEM_SEARCH_TABS)[number];

/** The park an item belongs to, as shown on item cards and pages. */
export interface ItemParkRef {
  id: number;
  name: string;
  prefecture: NamedRef;
}

/** An item (ticket) in lists. Codes are the enum values of common/enums.ts; the PWA labels them. */
export interface ItemSummary {
  id: number;
  category: ItemCategory;
  name: string;
  /** First sentence(s) of the description, for cards. */
  lead: string;
  imageUrl: string;
  park: ItemParkRef;
  saleLabel: SaleLabel;
  combinationLabel: CombinationLabel;
  /** Can be bought now: sale label "sale" (or "private", by link) and inside the sale window. */
  onSale: boolean;
  reservationRequired: boolean;
  lottery: boolean;
  waitlist: boolean;
  /** Lowest and highest price of the basic plan (yen, tax included); null when it has no prices. */
  priceFrom: number | null;
  priceTo: number | null;
  availableFrom: string;
  availableUntil: string;
  rewardCoins: number;
  tags: TagRef[];
  /** Date tab only: which of the searched dates the item can be used on. */
  usableDates?: string[];
}

export interface TagRef {
  id: number;
  code: string;
  name: string;
}

export interface ItemPlanPrice {
  ageGroupId: number;
  ageGroupName: string;
  /** Yen, tax included. */
  price: number;
}

export interface ItemPlanDto {
  id: number;
  kind: 'basic' | 'additional';
  name: string;
  prices: ItemPlanPrice[];
}

export interface ItemTimeSlotDto {
  id: number;
  startTime: string;
  endTime: string;
  capacity: number;
}

export interface CancellationRule {
  /** Applies when cancelling this many days (or fewer) before the day of use, down to the next row. */
  daysBefore: number;
  /** Percent of the price charged. */
  chargeRate: number;
}

export interface ItemDetail extends ItemSummary {
  description: string;
  notes: string | null;
  usageTrigger: UsageTrigger;
  seatSelection: boolean;
  minimumParticipant: number;
  maxPerOrder: number;
  /** Yen, tax included; null when there is no disability price. */
  disabilityPrice: number | null;
  basicPlan: ItemPlanDto | null;
  additionalPlans: ItemPlanDto[];
  excludedDays: string[];
  applicationDeadline: { daysBefore: number; time: string };
  saleStartsAt: string | null;
  saleEndsAt: string | null;
  shareableUntil: string | null;
  /** Rows sorted from the most days before use to the day itself. */
  cancellationPolicy: CancellationRule[];
  timeSlots: ItemTimeSlotDto[];
  /** Asked of each ticket holder at checkout (face photo, gate photo, text). */
  advanceInfoFields: AdvanceField[];
  /** Places left: the smallest slot capacity (or the daily capacity when there are no slots). */
  remaining: number;
  /** Fewer than FEW_LEFT_THRESHOLD remain. */
  fewLeft: boolean;
  park: ItemParkRef & { closedWeekdays: NamedRef[] };
  isPrivate: boolean;
  /** An annual pass item: its pass settings (holders, validity, benefits, renewal); null for tickets. */
  pass: PassProduct | null;
}
