// The places set aside for pass holders (stock pool 1) of an item's time slots on a date: for a holder's item page
// (carts/services/getPassPlaces.ts says who may see them). Slots without such places are left out. Rows not made
// yet have the slot's whole pass_capacity left; reading makes none.
import type { Knex } from 'knex';
import type { PassPlacesSlot } from '../../../../common/dto/cart';
import { notFound } from '../../../lib/errors';
import { assertVisible, loadItems } from '../catalogue';

export async function passPlacesOf(
  knex: Knex,
  itemId: number,
  date: string,
  linkId: string | undefined,
): Promise<{ parkId: number; slots: PassPlacesSlot[] }> {
  const item = (await loadItems(knex, [itemId])).get(itemId);
  if (!item) throw notFound();
  assertVisible(item, linkId);
  const slots = item.lottery || item.seatSelection ? [] : item.slots.filter((s) => s.passCapacity > 0);
  const rows = (await knex('stock_units')
    .where({ item_id: itemId, date, pool: 1 })
    .select('time_slot_id', 'capacity', 'sold', 'held')) as {
    timeSlotId: number;
    capacity: number;
    sold: number;
    held: number;
  }[];
  const bySlot = new Map(rows.map((r) => [Number(r.timeSlotId), r]));
  return {
    parkId: item.parkId,
    slots: slots.map((s) => {
      const r = bySlot.get(s.id);
      const capacity = r ? Number(r.capacity) : s.passCapacity;
      return {
        timeSlotId: s.id,
        startTime: s.startTime,
        endTime: s.endTime,
        capacity,
        remaining: Math.max(0, r ? capacity - Number(r.sold) - Number(r.held) : capacity),
      };
    }),
  };
}
