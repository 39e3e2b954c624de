// Shapes of the cart and availability answers (server presenters produce them, the PWA reads them).
// Requests are snake_case (as the spec's calls send them); answers are camelCase like the rest of the API.
import type { AdvanceField } from '../rules/advanceInfo';
import type { AvailabilityReason, AvailabilityStatus } from '../rules/cart';
import type { CartPassInfo } from './pass';

/** `x-guest-user-id`: the header that carries a guest's cart id (the PWA's guest uuid) when not signed in. */
export const GUEST_HEADER = 'x-guest-user-id';

// ---------------------------------------------------------------------------------------------
// Requests

export interface AgeQuantityInput {
  age_group_id: number;
  quantity: number;
}

/** POST /api/v1/carts: add one line (an item, or a ticket pack). */
export interface AddCartLineRequest {
  /** Exactly one of item_id and ticket_pack_id. */
  item_id?: number;
  ticket_pack_id?: number;
  /** Opens an unlisted (private) item or pack, like the item page's link_id. */
  link_id?: string;
  /** Day of use, YYYY-MM-DD (Asia/Tokyo). */
  date: string;
  /** Required when the item has time slots. */
  time_slot_id?: number;
  /** Timed items: take the places set aside for pass holders (signed-in holders only, at most their holders). */
  pass_pool?: boolean;
  /** Packs: one of the pack's selectable times (HH:MM). */
  time?: string;
  /** Items with seat selection: one seat per person ('A-1'). */
  seat_codes?: string[];
  /** Items: people on the basic plan per age group. */
  quantities?: AgeQuantityInput[];
  /** Items: optional add-on plans, at most one per person of the same age group. */
  additional_plans?: { plan_id: number; quantities: AgeQuantityInput[] }[];
  /** Items with a disability price: disabled people, and accompanying persons (at most one each). */
  disability_quantity?: number;
  companion_quantity?: number;
  /** Packs: how many packs (between the pack's min_total and max_total). */
  quantity?: number;
}

/** PUT /api/v1/carts: `{ data: { lines: [...] } }`; all lines change together or none. */
export interface UpdateCartLinesRequest {
  data: {
    lines: {
      id: number;
      quantities?: AgeQuantityInput[];
      additional_plans?: { plan_id: number; quantities: AgeQuantityInput[] }[];
      disability_quantity?: number;
      companion_quantity?: number;
      /** Seat items: the full new list of seats (one per person). */
      seat_codes?: string[];
      /** Packs: the new number of packs. */
      quantity?: number;
      /** Advance information (answers of the add-info step), any JSON object; null clears it. */
      advance_info?: Record<string, unknown> | null;
    }[];
  };
}

/** DELETE /api/v1/carts */
export interface RemoveCartLinesRequest {
  line_ids: number[];
}

/** PUT /api/v1/carts/switch (signed in) */
export interface SwitchCartRequest {
  guest_user_id: string;
}

// ---------------------------------------------------------------------------------------------
// Answers

export interface CartAgeQuantity {
  ageGroupId: number;
  ageGroupName: string;
  quantity: number;
  /** Yen per person, tax included. */
  unitPrice: number;
}

export interface CartAdditionalPlan {
  planId: number;
  name: string;
  quantities: CartAgeQuantity[];
}

export interface CartLine {
  id: number;
  /** pass: an annual pass (issue 29): no date or stock; its holders are named at the add-info step. */
  kind: 'item' | 'pack' | 'pass';
  itemId: number | null;
  ticketPackId: number | null;
  name: string;
  imageUrl: string;
  date: string;
  timeSlot: { id: number; startTime: string; endTime: string } | null;
  /** Packs: the selected time. */
  time: string | null;
  seatCodes: string[];
  quantities: CartAgeQuantity[];
  additionalPlans: CartAdditionalPlan[];
  disabilityQuantity: number;
  companionQuantity: number;
  /** Yen per disabled person and per companion; null when the item has none. */
  disabilityUnitPrice: number | null;
  /** Packs: number of packs and the price of one. */
  quantity: number | null;
  packUnitPrice: number | null;
  /** Places taken from stock. */
  people: number;
  /** Yen, tax included. */
  subtotal: number;
  /** The hold ends then (ISO); the line is removed afterwards. */
  expiresAt: string;
  advanceInfo: Record<string, unknown> | null;
  /** What each holder must give before payment (empty: nothing asked). */
  advanceInfoFields: AdvanceField[];
  lottery: boolean;
  /** The order awaiting payment that froze this line (it cannot change until that payment ends or is given up). */
  pendingOrderId: number | null;
  /**
   * Pass lines: the product, the holders as named so far, whether checkout may go on; null for other lines. The
   * server always sends it; optional so that code and fixtures about other lines need not name it.
   */
  pass?: CartPassInfo | null;
  /** Yen an annual pass's member discount takes off this line (already out of `subtotal`); 0 or absent: none. */
  memberDiscount?: number;
  /** Admission lines: the guest vouchers of an annual pass used (those units cost 0; `amount` yen taken off). */
  passVoucher?: { passId: number; quantity: number; amount: number } | null;
  /** Admission lines: the buyer's passes whose guest vouchers could be used here, with how many are left. */
  voucherPasses?: { passId: number; passNumber: string; left: number }[];
  /** Timed item lines: the places are from those set aside for pass holders. Optional like `pass`. */
  passPool?: boolean;
}

export interface Cart {
  park: { id: number; name: string };
  lines: CartLine[];
  subtotal: number;
  /** Yen the lines' member discounts and guest vouchers took off `subtotal` (absent: none). */
  memberDiscount?: number;
  /** The earliest deadline of the cart's lines. */
  expiresAt: string | null;
}

export interface CartNotice {
  id: number;
  code: 'holdExpired';
  message: string;
  createdAt: string;
}

export interface CartsMeta {
  /** Shown once: lines removed since the last look (e.g. their hold expired). */
  notices: CartNotice[];
  holdMinutes: number;
  serverTime: string;
}

export interface SlotAvailability {
  timeSlotId: number | null;
  startTime: string | null;
  endTime: string | null;
  capacity: number;
  remaining: number;
  status: AvailabilityStatus;
}

/** A time slot's places set aside for pass holders on a date (GET /api/v1/items/{id}/pass-places). */
export interface PassPlacesSlot {
  timeSlotId: number;
  startTime: string;
  endTime: string;
  capacity: number;
  remaining: number;
}

/** What a signed-in visitor may book of the places set aside for pass holders on a date. */
export interface PassPlaces {
  /** The caller's active holders (themself and their kids accounts) valid at the item's park on the date. */
  holders: number;
  /** Slots with places set aside (empty when `holders` is 0: they are not the caller's to book). */
  slots: PassPlacesSlot[];
}

export interface DateAvailability {
  date: string;
  status: AvailabilityStatus;
  remaining: number;
  reason: AvailabilityReason | null;
  /** The reason in the request's language. */
  reasonText: string | null;
  slots: SlotAvailability[];
}

export interface SeatState {
  code: string;
  row: string;
  number: number;
  taken: boolean;
}
