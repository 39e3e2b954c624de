import type { Knex } from 'knex';

// A cart line no longer declares foreign keys to the catalogue rows it names (park, item, pack, time slot, basic
// plan). Every add-to-cart checked them by taking a KEY SHARE lock on those rows, the same few rows for every buyer
// of a flash sale, and PostgreSQL records many lockers of one row as a MultiXact (written to WAL, the row's page
// dirtied again): bench:flash-sale measured 20-26 % more holds per second without them. Carts live 15 minutes and
// are checked against the catalogue read in the same request; what lasts (order lines, tickets) keeps its keys, so
// an order can never name a row that is gone. Parks, items, packs and basic plans are never deleted; a time slot is
// deleted only when nothing uses it, with its stock rows locked first (saveOfficeItem.ts slotInUse), and the hold
// path's own stock row (its lock, and stock_holds' key to it) makes a line on a slot being deleted fail as a whole.
const REFS: [table: string, column: string, target: string][] = [
  ['carts', 'park_id', 'parks.id'],
  ['cart_lines', 'item_id', 'items.id'],
  ['cart_lines', 'ticket_pack_id', 'ticket_packs.id'],
  ['cart_lines', 'time_slot_id', 'item_time_slots.id'],
  ['cart_lines', 'basic_plan_id', 'item_plans.id'],
];

export async function up(knex: Knex): Promise<void> {
  for (const [table, column] of REFS) {
    await knex.raw(`ALTER TABLE ${table} DROP CONSTRAINT ${table}_${column}_foreign`);
  }
}

export async function down(knex: Knex): Promise<void> {
  for (const [table, column, target] of REFS) {
    await knex.schema.alterTable(table, (t) => {
      t.foreign(column).references(target).onDelete('CASCADE');
    });
  }
}
