// Annual passports (issue 29): what the server answers and accepts about pass products, passes, their holders
// and member cards, and what gate devices store. The plan and its decisions: server/features/passes/README.md.
import type { StaffAuditEntry } from './staff';
import type { TicketState, WalletPark } from './wallet';

export type PassKind = 'single' | 'family';
export type PassValidityStart = 'first_entry' | 'purchase';
/** Shown to visitors and the gate (derived: common/rules/passValidity.ts passState). */
export type PassState = 'not_started' | 'active' | 'suspended' | 'expired' | 'cancel_waiting' | 'cancelled';
export type PassPhotoState = 'none' | 'pending' | 'approved' | 'rejected';
export type PassHolderKind = 'basic' | 'disability' | 'companion';

export interface PassPrice {
  ageGroupId: number | null;
  ageGroupName: string;
  unitKind: PassHolderKind;
  price: number;
}

export interface PassBenefits {
  /** Always true: free admission once a day at each park of `parkIds`. */
  dailyAdmission: true;
  reentry: boolean;
  /** With re-entry, entries a day (null: no limit). */
  maxEntries: number | null;
  discountPercent: number;
  /** ItemCategory values the discount applies to (1 event, 2 quest). */
  discountCategories: number[];
  guestVouchersPerTerm: number;
  guestVoucherItemId: number | null;
  /** Some timed item of a park the pass admits at has a slot with places set aside for holders (pass_capacity > 0). */
  holderCapacity: boolean;
}

/** GET api/v1/items/{id} → item.pass; GET api/v1/pass-products/{itemId}. */
export interface PassProduct {
  itemId: number;
  parkId: number;
  parkIds: number[];
  parkNames: string[];
  name: string;
  kind: PassKind;
  maxHolders: number;
  validityDays: number;
  validityStart: PassValidityStart;
  startWithinDays: number;
  prices: PassPrice[];
  renewal: { planId: number; windowDays: number; prices: PassPrice[] } | null;
  benefits: PassBenefits;
  cancelRatePercent: number;
  /** Sale window (ISO), from the item. */
  saleFrom: string | null;
  saleUntil: string | null;
}

/** One holder as the cart line carries it (requests are snake_case: PassLineRequest). */
export interface PassHolderInput {
  position: number;
  holderUserId: number | null;
  name: string;
  ageGroupId: number | null;
  unitKind: PassHolderKind;
  photoId: string | null;
}
/** cart_lines.pass_details / order_lines.pass_details. */
export interface PassLineDetails {
  renewsPassId: number | null;
  holders: PassHolderInput[];
}
/** PUT api/v1/carts/{parkId}/lines/{lineId}/pass */
export interface PassLineRequest {
  holders: {
    position: number;
    holder_user_id?: number | null;
    name: string;
    age_group_id?: number | null;
    unit_kind: PassHolderKind;
    photo_id?: string | null;
  }[];
}
/** Added to the cart line answer (common/dto/cart.ts CartLine.pass). */
export interface CartPassInfo {
  product: PassProduct;
  details: PassLineDetails;
  renews: { passId: number; passNumber: string; oldUntil: string; newUntil: string } | null;
  complete: boolean;
}
/** CartLine price components gain these two (common/dto/cart.ts). */
export interface MemberPriceMark {
  listPrice: number;
  memberPassId: number | null;
  memberVoucherPassId: number | null;
}

export interface PassPhotoView {
  state: PassPhotoState;
  /** 480 px JPEG (owner, holder, staff of the park). */
  url: string | null;
  rejectReason: string | null;
}

export interface MemberCardTerm {
  ticketId: string;
  ticketNumber: string;
  validFrom: string | null;
  validUntil: string;
  state: TicketState;
  /** Signed token kind "pass" (common/rules/ticketToken.ts v3); null when not showable. */
  token: string | null;
}

/** GET api/v1/me/passes → MemberCardsAnswer: one card per holder. */
export interface MemberCard {
  passId: number;
  passNumber: string;
  holderId: number;
  position: number;
  holderName: string;
  holderUserId: number | null;
  /** The caller is this holder (a kids account sees only its own card). */
  isMe: boolean;
  ownerIsMe: boolean;
  park: WalletPark;
  product: { itemId: number; name: string; kind: PassKind; parkIds: number[]; parkNames: string[] };
  state: PassState;
  suspendedReason: string | null;
  validFrom: string | null;
  validUntil: string | null;
  startBy: string | null;
  benefits: PassBenefits;
  photo: PassPhotoView;
  /** Current term first, then a paid next term. */
  terms: MemberCardTerm[];
  /**
   * `price`: this holder's renewal price. `newUntil` (added by passcard, optional): the end after a renewal bought now;
   * absent, the page counts the current term's length from its end (renewal terms are contiguous).
   */
  renewal: { opensOn: string; closesOn: string; open: boolean; price: number; newUntil?: string } | null;
  cancellable: boolean;
  guestVouchersLeft: number;
}
export interface MemberCardsAnswer {
  cards: MemberCard[];
  asOf: string;
}

/** GET api/v1/me/passes/{passId}/visits and the office holder page. */
export interface PassVisit {
  visitTicketId: string;
  date: string;
  parkId: number;
  parkName: string;
  holderId: number;
  holderName: string;
  firstEntryAt: string | null;
  gateName: string | null;
  entries: number;
}

/** GET api/v1/staff/parks/{parkId}/pass-holders?cursor=&limit= (gate devices). */
export interface GatePassHolder {
  holderId: number;
  passId: number;
  passNumber: string;
  position: number;
  name: string;
  ageGroupName: string | null;
  unitKind: PassHolderKind;
  parkIds: number[];
  /** Term tickets a token may name (tid), and their live token ids. */
  termTicketIds: string[];
  liveJtis: string[];
  state: PassState;
  suspendedReason: string | null;
  validFrom: string | null;
  validUntil: string | null;
  startBy: string | null;
  /** Re-entry rule of the pass item (1 = once a day). */
  maxEntries: number | null;
  photoId: string | null;
  photoState: PassPhotoState;
  /** base64 WebP 96×96 (≤ 6 KB), sent when photoId changed since the cursor; null otherwise. */
  thumb: string | null;
  /** Leaves the gate (cancelled, expired, no longer admitted here): delete holder and thumb. */
  removed: boolean;
}
export interface GatePassHoldersPage {
  parkId: number;
  holders: GatePassHolder[];
  next: string;
  more: boolean;
  /** The listing's first page only: bytes of the thumbs the listing will bring (quota check); null otherwise. */
  totalThumbBytes: number | null;
  asOf: string;
}

/** ScanAnswer.pass (common/dto/wallet.ts), and ScanAnswer.refusal for refused pass scans. */
export interface ScanPassInfo {
  holderId: number;
  passNumber: string;
  visitTicketId: string;
  validFrom: string | null;
  validUntil: string | null;
}
export type PassRefusal = 'suspended' | 'notYetValid' | 'expired' | 'otherPark';

// ---- Back office (C) ----
export interface SavePassProductRequest {
  name_ja: string;
  name_en?: string | null;
  description_ja: string;
  description_en?: string | null;
  kind: PassKind;
  max_holders: number;
  validity_days: number;
  validity_start: PassValidityStart;
  start_within_days: number;
  prices: { age_group_id: number | null; unit_kind: PassHolderKind; price: number }[];
  renewal?: {
    window_days: number;
    prices: { age_group_id: number | null; unit_kind: PassHolderKind; price: number }[];
  } | null;
  discount_percent: number;
  discount_categories: number[];
  guest_vouchers: number;
  guest_voucher_item_id?: number | null;
  reentry: boolean;
  max_entries?: number | null;
  cancel_rate_percent: number;
  park_ids: number[];
  sale_from?: string | null;
  sale_until?: string | null;
}
export interface OfficePassProduct extends PassProduct {
  saleLabel: number;
  activePasses: number;
  activeHolders: number;
  /** Both languages, as the editor edits them (added by the pass office). */
  nameJa: string;
  nameEn: string | null;
  descriptionJa: string;
  descriptionEn: string | null;
  updatedAt: string;
}

export interface OfficePassHolderRow {
  holderId: number;
  passId: number;
  passNumber: string;
  position: number;
  name: string;
  ownerName: string;
  ownerEmail: string;
  ownerPhone: string | null;
  productName: string;
  state: PassState;
  validFrom: string | null;
  validUntil: string | null;
  photoState: PassPhotoState;
  lastVisit: string | null;
}
/** GET api/v1/staff/parks/{parkId}/pass-holders/search?q=&by=name|number|email|phone&page= */
export interface OfficePassHolderSearch {
  rows: OfficePassHolderRow[];
  total: number;
}
export interface OfficePassHolderDetail {
  holder: OfficePassHolderRow;
  suspendedReason: string | null;
  photos: { id: string; state: PassPhotoState; url: string; createdAt: string; rejectReason: string | null }[];
  terms: MemberCardTerm[];
  visits: PassVisit[];
  /** Added by passholders: the holder's changes by staff (suspended, reinstated, card reissued), newest first. */
  audit?: StaffAuditEntry[];
  /** Added by passholders: the other holders of the pass. */
  passHolders?: { holderId: number; position: number; name: string }[];
}
export interface PhotoReviewItem {
  photoId: string;
  holderId: number;
  passNumber: string;
  name: string;
  uploadedAt: string;
  url: string;
  previousApprovedUrl: string | null;
}
export interface ReviewPhotoRequest {
  decision: 'approve' | 'reject';
  reason?: string;
}
export interface SuspensionRequest {
  reason: string;
}
/** PUT …/items/{itemId}/time-slots/{timeSlotId}/pass-capacity (owner): places of the slot set aside for holders. */
export interface PassCapacityRequest {
  pass_capacity: number;
}

// ---- Visitor PWA (passcard): what the pages read until the server core's answers carry these fields ----
/** The item page answer's pass product (ItemDetail.pass; null or absent for other items). */
export interface PassItemFields {
  pass?: PassProduct | null;
}
/** The cart line answer's pass part (CartLine.pass; null or absent for other lines). */
export interface PassCartLineFields {
  pass?: CartPassInfo | null;
}
/** POST api/v1/carts for a pass item: the body of a day ticket without date, slot, seats or add-ons. */
export interface AddPassLineRequest {
  item_id: number;
  quantities: { age_group_id: number; quantity: number }[];
  disability_quantity?: number;
  companion_quantity?: number;
}
