// Pure helpers of the item purchase panel and the seat page: the availability calendar's month, the line a
// selection asks for, and the selection kept in session storage while seats are chosen.
import type { AddCartLineRequest } from '../../../../common/dto/cart';
import { lastDayOf } from '../../../../common/rules/calendarMonth';
import type { LineQuantities } from '../../../../common/rules/cart';
import { isoWeekday } from '../../../../common/time';

/** Calendar cells of a month, weeks starting on Sunday: cells without a date pad the first week. */
export function calendarCells(month: string): { key: string; date: string | null }[] {
  const first = `${month}-01`;
  const pad = isoWeekday(first) % 7; // Sunday 0 … Saturday 6
  const days = Number(lastDayOf(month).slice(8, 10));
  return [
    ...Array.from({ length: pad }, (_, i) => ({ key: `pad-${i}`, date: null })),
    ...Array.from({ length: days }, (_, i) => {
      const date = `${month}-${String(i + 1).padStart(2, '0')}`;
      return { key: date, date };
    }),
  ];
}

/** What the panel collected. */
export interface PurchaseSelection {
  itemId: number;
  linkId?: string;
  date: string;
  timeSlotId: number | null;
  /** age group id -> people on the basic plan */
  basic: Record<string, number>;
  /** plan id -> age group id -> add-ons */
  additional: Record<string, Record<string, number>>;
  disability: number;
  companion: number;
  /** The places set aside for pass holders (PassPoolChoice.tsx). */
  passPool?: boolean;
}

export function lineQuantities(s: PurchaseSelection): LineQuantities {
  return {
    basic: Object.entries(s.basic)
      .filter(([, n]) => n > 0)
      .map(([id, n]) => ({ ageGroupId: Number(id), quantity: n })),
    additional: Object.entries(s.additional)
      .map(([planId, q]) => ({
        planId: Number(planId),
        quantities: Object.entries(q)
          .filter(([, n]) => n > 0)
          .map(([id, n]) => ({ ageGroupId: Number(id), quantity: n })),
      }))
      .filter((p) => p.quantities.length > 0),
    disability: s.disability,
    companion: s.companion,
  };
}

export const peopleOfSelection = (s: PurchaseSelection) =>
  Object.values(s.basic).reduce((n, x) => n + x, 0) + s.disability + s.companion;

/** POST /api/v1/carts for a selection (and the seats chosen for it). */
export function addLineRequest(s: PurchaseSelection, seatCodes?: string[]): AddCartLineRequest {
  const q = lineQuantities(s);
  return {
    item_id: s.itemId,
    ...(s.linkId ? { link_id: s.linkId } : {}),
    date: s.date,
    ...(s.timeSlotId !== null ? { time_slot_id: s.timeSlotId } : {}),
    ...(s.passPool ? { pass_pool: true } : {}),
    quantities: q.basic.map((b) => ({ age_group_id: b.ageGroupId, quantity: b.quantity })),
    additional_plans: q.additional.map((a) => ({
      plan_id: a.planId,
      quantities: a.quantities.map((x) => ({ age_group_id: x.ageGroupId, quantity: x.quantity })),
    })),
    ...(s.disability > 0 ? { disability_quantity: s.disability } : {}),
    ...(s.companion > 0 ? { companion_quantity: s.companion } : {}),
    ...(seatCodes ? { seat_codes: seatCodes } : {}),
  };
}

/** The spec's "reservation item id" storage key: the selection waiting for its seats. */
export const RESERVATION_KEY = 'reservation_item';

type KeyStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export function storeReservation(s: PurchaseSelection, storage: KeyStorage = sessionStorage): void {
  storage.setItem(RESERVATION_KEY, JSON.stringify(s));
}

const counts = (v: unknown): v is Record<string, number> =>
  !!v &&
  typeof v === 'object' &&
  Object.entries(v as Record<string, unknown>).every(
    ([k, n]) => /^\d+$/.test(k) && Number.isInteger(n) && (n as number) >= 0 && (n as number) < 1000,
  );

export function readReservation(storage: KeyStorage = sessionStorage): PurchaseSelection | null {
  try {
    const v = JSON.parse(storage.getItem(RESERVATION_KEY) ?? 'null') as Partial<PurchaseSelection> | null;
    if (!v || !Number.isInteger(v.itemId) || typeof v.date !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(v.date)) {
      return null;
    }
    if (!counts(v.basic) || !v.additional || typeof v.additional !== 'object') return null;
    if (!Object.values(v.additional).every(counts)) return null;
    return {
      itemId: v.itemId as number,
      linkId: typeof v.linkId === 'string' ? v.linkId : undefined,
      date: v.date,
      timeSlotId: Number.isInteger(v.timeSlotId) ? (v.timeSlotId as number) : null,
      basic: v.basic,
      additional: v.additional as Record<string, Record<string, number>>,
      disability: Number.isInteger(v.disability) ? (v.disability as number) : 0,
      companion: Number.isInteger(v.companion) ? (v.companion as number) : 0,
    };
  } catch {
    return null;
  }
}
