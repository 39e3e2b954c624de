// PUT api/v1/staff/parks/{parkId}/items/{itemId}/stock/{date}: an editor or owner sets the capacity of an item's
// day (or of one time slot of it): its general pool (places set aside for pass holders: setPassCapacity.ts). The stock row is made if missing; the capacity is written by the ledger's
// conditional UPDATE (never below sold + held), with the park's audit row in the same transaction.
import type { Knex } from 'knex';
import { DomainError, notFound } from '../../../lib/errors';
import { recordStaffChange } from '../../../lib/staffAudit';
import { setCapacity } from '../ledger';
import { ensureStockUnits } from '../queries';

export interface StockCapacity {
  itemId: number;
  date: string;
  timeSlotId: number | null;
  capacity: number;
  sold: number;
  held: number;
  remaining: number;
}

export async function setStockCapacity(
  knex: Knex,
  input: {
    parkId: number;
    itemId: number;
    date: string;
    timeSlotId: number | null;
    capacity: number;
    actorUserId: number;
  },
): Promise<StockCapacity> {
  const item = await knex('items').where({ id: input.itemId, park_id: input.parkId }).first('id');
  if (!item) throw notFound();
  if (input.timeSlotId !== null) {
    const slot = await knex('item_time_slots').where({ id: input.timeSlotId, item_id: input.itemId }).first('id');
    if (!slot) throw new DomainError('invalidParam', { field: 'time_slot_id' });
  }
  const [unit] = await ensureStockUnits(knex, [
    { itemId: input.itemId, date: input.date, timeSlotId: input.timeSlotId },
  ]);
  const unitId = (unit as { id: number }).id;
  return knex.transaction(async (trx) => {
    const before = (await trx('stock_units').where({ id: unitId }).first('capacity')) as { capacity: number };
    const after = await setCapacity(trx, unitId, input.capacity);
    await recordStaffChange(trx, {
      parkId: input.parkId,
      actorUserId: input.actorUserId,
      entity: 'stock',
      entityId: `${input.itemId}:${input.date}:${input.timeSlotId ?? 0}`,
      action: 'capacity',
      before: { capacity: Number(before.capacity) },
      after: { capacity: after.capacity, sold: after.sold, held: after.held },
    });
    return {
      itemId: input.itemId,
      date: input.date,
      timeSlotId: input.timeSlotId,
      ...after,
      remaining: after.capacity - after.sold - after.held,
    };
  });
}
