// GET api/v1/staff/parks/{parkId}/items/{itemId}/stock/{date}: an item's stock on a date as its editors see it:
// one row for the day, or one per time slot, with capacity, sold, held and remaining. Rows not made yet (nobody
// has taken a place) show the capacity they would be made with; reading makes none.
import type { Knex } from 'knex';
import { notFound } from '../../../lib/errors';
import { unitKey } from '../queries';

export interface StockRow {
  timeSlotId: number | null;
  /** The slot's start and end (HH:MM), null for a day without slots. */
  startTime: string | null;
  endTime: string | null;
  capacity: number;
  sold: number;
  held: number;
  remaining: number;
}

export async function getStockDay(knex: Knex, parkId: number, itemId: number, date: string): Promise<StockRow[]> {
  const item = (await knex('items').where({ id: itemId, park_id: parkId }).first('daily_capacity')) as
    | { dailyCapacity: number }
    | undefined;
  if (!item) throw notFound();
  const slots = (await knex('item_time_slots')
    .where({ item_id: itemId })
    .orderBy('start_time')
    .select('id', 'start_time', 'end_time', 'capacity')) as {
    id: number;
    startTime: string;
    endTime: string;
    capacity: number;
  }[];
  const units = (await knex('stock_units')
    .where({ item_id: itemId, date })
    .select('time_slot_id', 'capacity', 'sold', 'held')) as {
    timeSlotId: number | null;
    capacity: number;
    sold: number;
    held: number;
  }[];
  const byKey = new Map(units.map((u) => [unitKey({ itemId, date, timeSlotId: u.timeSlotId }), u]));
  const wanted =
    slots.length > 0
      ? slots.map((s) => ({ timeSlotId: s.id, startTime: s.startTime, endTime: s.endTime, capacity: s.capacity }))
      : [{ timeSlotId: null, startTime: null, endTime: null, capacity: item.dailyCapacity }];
  return wanted.map((w) => {
    const u = byKey.get(unitKey({ itemId, date, timeSlotId: w.timeSlotId }));
    const capacity = Number(u?.capacity ?? w.capacity);
    const sold = Number(u?.sold ?? 0);
    const held = Number(u?.held ?? 0);
    return { ...w, capacity, sold, held, remaining: capacity - sold - held };
  });
}
