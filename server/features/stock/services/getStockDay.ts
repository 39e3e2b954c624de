// GET api/v1/staff/parks/{parkId}/items/{itemId}/stock/{date}: an item's stock on a date as its editors see it:
// one row for the day, or one per time slot, with capacity, sold, held and remaining of the general pool, and for a
// slot the places set aside for pass holders (`pass`, pool 1; the slot's `passCapacity` is what new dates get).
// Rows not made yet (nobody has taken a place) show the capacity they would be made with; reading makes none.
import type { Knex } from 'knex';
import { notFound } from '../../../lib/errors';
import { type StockPool, unitKey } from '../queries';

export interface PoolCounts {
  capacity: number;
  sold: number;
  held: number;
  remaining: number;
}

export interface StockRow extends PoolCounts {
  timeSlotId: number | null;
  /** The slot's start and end (HH:MM), null for a day without slots. */
  startTime: string | null;
  endTime: string | null;
  /** Slots: the places set aside for pass holders on new dates (item_time_slots.pass_capacity); null without slot. */
  passCapacity: number | null;
  /** Slots: the pass holders' pool on this date; null for a day without slots. */
  pass: PoolCounts | null;
}

export async function getStockDay(knex: Knex, parkId: number, itemId: number, date: string): Promise<StockRow[]> {
  const item = (await knex('items').where({ id: itemId, park_id: parkId }).first('daily_capacity')) as
    | { dailyCapacity: number }
    | undefined;
  if (!item) throw notFound();
  const slots = (await knex('item_time_slots')
    .where({ item_id: itemId })
    .orderBy('start_time')
    .select('id', 'start_time', 'end_time', 'capacity', 'pass_capacity')) as {
    id: number;
    startTime: string;
    endTime: string;
    capacity: number;
    passCapacity: number;
  }[];
  const units = (await knex('stock_units')
    .where({ item_id: itemId, date })
    .select('time_slot_id', 'pool', 'capacity', 'sold', 'held')) as {
    timeSlotId: number | null;
    pool: StockPool;
    capacity: number;
    sold: number;
    held: number;
  }[];
  const byKey = new Map(units.map((u) => [unitKey({ itemId, date, timeSlotId: u.timeSlotId, pool: u.pool }), u]));
  const counts = (timeSlotId: number | null, pool: StockPool, initial: number): PoolCounts => {
    const u = byKey.get(unitKey({ itemId, date, timeSlotId, pool }));
    const capacity = Number(u?.capacity ?? initial);
    const sold = Number(u?.sold ?? 0);
    const held = Number(u?.held ?? 0);
    return { capacity, sold, held, remaining: capacity - sold - held };
  };
  if (slots.length === 0) {
    return [
      {
        timeSlotId: null,
        startTime: null,
        endTime: null,
        ...counts(null, 0, item.dailyCapacity),
        passCapacity: null,
        pass: null,
      },
    ];
  }
  return slots.map((s) => ({
    timeSlotId: s.id,
    startTime: s.startTime,
    endTime: s.endTime,
    ...counts(s.id, 0, s.capacity - s.passCapacity),
    passCapacity: Number(s.passCapacity),
    pass: counts(s.id, 1, s.passCapacity),
  }));
}
