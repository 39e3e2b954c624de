// The back office's catalogue (GET/POST/PUT api/v1/staff/parks/{parkId}/items…, …/profile): what an editor sees
// and saves. Answers are camelCase like the rest of the API; requests are snake_case.
import type { CombinationLabel, ItemCategory, SaleLabel, UsageTrigger } from '../enums';
import type { AdvanceField } from '../rules/advanceInfo';

/** A row of the park's item list in the back office (every label, private ones included). */
export interface OfficeItemRow {
  id: number;
  /** In the request's language (the Japanese name when there is no English one). */
  name: string;
  nameJa: string;
  nameEn: string | null;
  category: ItemCategory;
  saleLabel: SaleLabel;
  isPrivate: boolean;
  availableFrom: string;
  availableUntil: string;
  /** Places sold so far, all dates (tickets issued). */
  sold: number;
  /** The capacity of the dates with stock so far (the dates sold from or set by hand), to read `sold` against. */
  capacity: number;
  /** The private link: /private/items/{linkId} previews the item as visitors will see it. */
  linkId: string;
  /** Labels the item may move to now (common/rules/saleLabel.ts). */
  moves: SaleLabel[];
  /** Time slots of a day (0: the day is one stock row). */
  timeSlots: number;
  updatedAt: string;
}

export interface OfficePrice {
  ageGroupId: number;
  price: number;
}

export interface OfficeCancellationRow {
  daysBefore: number;
  chargeRate: number;
}

/** One item as the editor edits it. */
export interface OfficeItem extends OfficeItemRow {
  descriptionJa: string;
  descriptionEn: string | null;
  notesJa: string | null;
  notesEn: string | null;
  combinationLabel: CombinationLabel;
  usageTrigger: UsageTrigger;
  reservationRequired: boolean;
  lottery: boolean;
  waitlist: boolean;
  seatSelection: boolean;
  /** Exit and re-entry on the day of use, up to maxEntries entries (null: no limit); false: one entry. */
  reentry: boolean;
  maxEntries: number | null;
  minimumParticipant: number;
  maxPerOrder: number;
  disabilityPrice: number | null;
  applicationDeadlineDays: number;
  applicationDeadlineTime: string;
  saleStartsAt: string | null;
  saleEndsAt: string | null;
  shareableUntil: string | null;
  rewardCoins: number;
  dailyCapacity: number;
  imageUrl: string;
  /** The basic plan's price per age group. */
  prices: OfficePrice[];
  cancellationPolicy: OfficeCancellationRow[];
  excludedDays: string[];
  /** Time slots of a day; capacity is what new dates start with (the stock page sets a date's). */
  timeSlotList: { id: number; startTime: string; endTime: string; capacity: number }[];
  /** Add-ons bought with the basic plan, priced per age group. */
  additionalPlans: { id: number; nameJa: string; nameEn: string | null; prices: OfficePrice[] }[];
  /** What each ticket's holder answers before the visit (common/rules/advanceInfo.ts). */
  advanceInfoFields: AdvanceField[];
}

/** GET/PUT api/v1/staff/parks/{parkId}/profile: the park profile and its calendar. */
export interface OfficeParkProfile {
  id: number;
  nameJa: string;
  nameEn: string | null;
  descriptionJa: string;
  descriptionEn: string | null;
  addressJa: string;
  addressEn: string | null;
  phone: string;
  websiteUrl: string;
  inquiryEmail: string;
  openTime: string;
  closeTime: string;
  lastEntryTime: string | null;
  /** The gate admits a timed ticket from this many minutes before its slot's start to this many after. */
  gateSlotBeforeMinutes: number;
  gateSlotAfterMinutes: number;
  businessHoursNoteJa: string | null;
  businessHoursNoteEn: string | null;
  closedDaysNoteJa: string | null;
  closedDaysNoteEn: string | null;
  accessJa: string | null;
  accessEn: string | null;
  /** 1 Monday … 7 Sunday (table weekdays). */
  closedWeekdays: number[];
  specialDays: {
    date: string;
    kind: 'closed' | 'open' | 'extended';
    openTime: string | null;
    closeTime: string | null;
    noteJa: string;
    noteEn: string | null;
  }[];
  /** The closed days of specialDays as ranges: consecutive days with the same reason make one range. */
  closures: ParkClosure[];
  linkId: string;
  isPrivate: boolean;
}

/** A closure of the park from one day to another (both included, Asia/Tokyo), with its reason. */
export interface ParkClosure {
  from: string;
  to: string;
  noteJa: string;
  noteEn: string | null;
}

/** GET api/v1/staff/parks/{parkId}/ticket-packs: a pack with its sale label (previewed at /private/ticket-pack/{linkId}). */
export interface OfficePackRow {
  id: number;
  name: string;
  saleLabel: SaleLabel;
  linkId: string;
  /** Packs sold so far (paid orders with a line of the pack). */
  sold: number;
  moves: SaleLabel[];
}

/** GET api/v1/staff/parks/{parkId}/ticket-packs/{packId}: a pack as its editors edit it. */
export interface OfficePack {
  id: number;
  nameJa: string;
  nameEn: string | null;
  descriptionJa: string;
  descriptionEn: string | null;
  saleLabel: SaleLabel;
  /** Yen per pack unit, tax included. */
  price: number;
  minTotal: number;
  maxTotal: number;
  /** HH:MM options a buyer chooses from. */
  selectableTimes: string[];
  applicationStartsAt: string;
  applicationEndsAt: string;
  availableFrom: string;
  availableUntil: string;
  linkId: string;
  sold: number;
  contents: { itemId: number; quantity: number; nameJa: string }[];
}
