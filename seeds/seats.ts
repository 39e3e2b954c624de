// Seat maps of the seeded items with seat selection: rows A, B, … of SEATS_PER_ROW seats, as many seats as the
// item's largest slot (or its daily capacity), so every place of a slot has a seat. Idempotent: seats are
// upserted by (item, seat code); seats no longer in the map are removed unless someone holds or bought them.
import type { Knex } from 'knex';
import { rowLabel, seatCode } from '../common/rules/cart';
import { ITEMS } from './content/items';
import { chunk } from './util';

export const SEATS_PER_ROW = 10;

/** The seat map of an item with `places` places. */
export function seatMap(places: number): { seatCode: string; rowLabel: string; number: number; sort: number }[] {
  return Array.from({ length: places }, (_, i) => {
    const row = rowLabel(Math.floor(i / SEATS_PER_ROW));
    const number = (i % SEATS_PER_ROW) + 1;
    return { seatCode: seatCode(row, number), rowLabel: row, number, sort: i };
  });
}

export async function seedSeats(trx: Knex.Transaction): Promise<void> {
  const seated = ITEMS.filter((i) => i.seatSelection);
  if (seated.length === 0) return;
  const rows = (await trx('items')
    .whereIn(
      'code',
      seated.map((i) => i.code),
    )
    .select('id', 'code')) as { id: number; code: string }[];
  const idByCode = new Map(rows.map((r) => [r.code, r.id]));
  for (const item of seated) {
    const itemId = idByCode.get(item.code);
    if (itemId === undefined) continue;
    const places = item.timeSlots.length ? Math.max(...item.timeSlots.map((s) => s.capacity)) : item.dailyCapacity;
    const map = seatMap(places);
    for (const part of chunk(map, 200)) {
      await trx('item_seats')
        .insert(
          part.map((s) => ({
            item_id: itemId,
            seat_code: s.seatCode,
            row_label: s.rowLabel,
            number: s.number,
            sort: s.sort,
          })),
        )
        .onConflict(['item_id', 'seat_code'])
        .merge(['row_label', 'number', 'sort']);
    }
    await trx('item_seats')
      .where('item_id', itemId)
      .whereNotIn(
        'seat_code',
        map.map((s) => s.seatCode),
      )
      .whereNotExists(trx('seat_holds').whereRaw('seat_holds.seat_id = item_seats.id'))
      .del();
  }
}
