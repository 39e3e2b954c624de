// PUT api/v1/staff/parks/{parkId}/items/{itemId}/time-slots/{timeSlotId}/pass-capacity: the park's owner sets how
// many of a time slot's places are set aside for annual-pass holders (stock pool 1, passes README 2.11).
// New dates get `capacity - pass_capacity` general places and `pass_capacity` holders' places. Dates whose stock
// rows exist already (today in Tokyo and later) move the difference between their two pools, so each date keeps its
// total: general `capacity - d`, holders `capacity + d` (d = new - old). Neither may go below what is sold and
// held: then nothing changes and the answer is 409 passCapacityBelowTaken naming the date and the pool. Past dates
// keep their rows as they were sold.
// Locks: the item FOR SHARE (the item editor's FOR UPDATE waits: it cannot make it a lottery meanwhile), the slot
// FOR NO KEY UPDATE (adds take KEY SHARE on it: they go on), then the slot's stock rows from today
// in id order FOR UPDATE (the ledger's order: stock rows last), so the check below and the writes see the same
// counts. Capacities are written by the ledger's conditional setCapacity.
import type { Knex } from 'knex';
import { tokyoDate } from '../../../../common/time';
import { transaction } from '../../../db/timeouts';
import { DomainError, notFound } from '../../../lib/errors';
import { recordStaffChange } from '../../../lib/staffAudit';
import { setCapacity } from '../ledger';

export interface PassCapacity {
  itemId: number;
  timeSlotId: number;
  capacity: number;
  passCapacity: number;
  /** Dates whose existing stock rows moved places between the pools. */
  datesResized: number;
}

interface UnitRow {
  id: number;
  date: string;
  pool: number;
  capacity: number;
  sold: number;
  held: number;
}

const POOL_NAMES = { 0: ['一般枠', 'general places'], 1: ['パス会員枠', 'pass-holder places'] } as const;

export async function setPassCapacity(
  knex: Knex,
  input: {
    parkId: number;
    itemId: number;
    timeSlotId: number;
    passCapacity: number;
    actorUserId: number;
    now: Date;
  },
): Promise<PassCapacity> {
  return transaction(knex, 'default', async (trx) => {
    const item = (await trx('items')
      .where({ id: input.itemId, park_id: input.parkId })
      .forShare()
      .first('lottery', 'seat_selection', 'pass')) as
      | { lottery: boolean; seatSelection: boolean; pass: boolean }
      | undefined;
    if (!item) throw notFound();
    const slot = (await trx('item_time_slots')
      .where({ id: input.timeSlotId, item_id: input.itemId })
      .forNoKeyUpdate()
      .first('capacity', 'pass_capacity')) as { capacity: number; passCapacity: number } | undefined;
    if (!slot) throw notFound();
    const value = input.passCapacity;
    // A lottery's places are drawn and a seat is one place whatever the pool: neither has holders' places.
    if (value > 0 && (item.lottery || item.seatSelection || item.pass)) {
      throw new DomainError('passCapacityNotForItem');
    }
    if (value > slot.capacity) throw new DomainError('passCapacityOverSlot', { capacity: slot.capacity });
    const d = value - Number(slot.passCapacity);
    const units = (await trx('stock_units')
      .where({ item_id: input.itemId, time_slot_id: input.timeSlotId })
      .where('date', '>=', tokyoDate(input.now))
      .orderBy('id')
      .forUpdate()
      .select('id', trx.raw('date::text AS date'), 'pool', 'capacity', 'sold', 'held')) as UnitRow[];
    const resized = units.map((u) => ({ ...u, to: Number(u.capacity) + (Number(u.pool) === 1 ? d : -d) }));
    const short = resized.find((u) => u.to < Number(u.sold) + Number(u.held));
    if (short) {
      const [poolJa, poolEn] = POOL_NAMES[Number(short.pool) as 0 | 1];
      throw new DomainError('passCapacityBelowTaken', {
        value,
        date: short.date,
        poolJa,
        poolEn,
        taken: Number(short.sold) + Number(short.held),
      });
    }
    if (d !== 0) for (const u of resized) await setCapacity(trx, Number(u.id), u.to);
    await trx('item_time_slots').where({ id: input.timeSlotId }).update({ pass_capacity: value });
    const dates = new Set(resized.map((u) => u.date));
    await recordStaffChange(trx, {
      parkId: input.parkId,
      actorUserId: input.actorUserId,
      entity: 'stock',
      entityId: `${input.itemId}:slot:${input.timeSlotId}`,
      action: 'pass_capacity',
      before: { passCapacity: Number(slot.passCapacity) },
      after: { passCapacity: value, datesResized: d === 0 ? 0 : dates.size },
    });
    return {
      itemId: input.itemId,
      timeSlotId: input.timeSlotId,
      capacity: Number(slot.capacity),
      passCapacity: value,
      datesResized: d === 0 ? 0 : dates.size,
    };
  });
}
