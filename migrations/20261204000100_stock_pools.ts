import type { Knex } from 'knex';
import { runFrozenSql } from './frozenSql';

// Places set aside for annual-pass holders on timed items (issue 29, server/features/passes/README.md 2.11):
// - item_time_slots.pass_capacity: how many of a slot's places are for pass holders (0 = none). The general pool
//   of a new stock row is then `capacity - pass_capacity`, the holders' pool `pass_capacity`.
// - stock_units.pool: 0 general, 1 pass holders. Pools are separate rows, so `sold + held <= capacity` (the CHECK)
//   holds per pool: a holder's booking never takes a general place and the other way round. The unique key of a
//   stock row gains the pool.
// - cart_lines.pass_pool: the line takes pass-holder places (it grows only with lines of its own pool).
// - the add-to-cart function that reads the pool of each unit (frozen copy: sql/20261204000100_add_cart_line.sql).
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('item_time_slots', (t) => {
    t.integer('pass_capacity').notNullable().defaultTo(0);
  });
  await knex.raw(`ALTER TABLE item_time_slots ADD CONSTRAINT item_time_slots_pass_capacity_check
    CHECK (pass_capacity >= 0 AND pass_capacity <= capacity)`);
  await knex.schema.alterTable('stock_units', (t) => {
    t.smallint('pool').notNullable().defaultTo(0);
  });
  await knex.raw('ALTER TABLE stock_units ADD CONSTRAINT stock_units_pool_check CHECK (pool IN (0, 1))');
  await knex.raw('DROP INDEX stock_units_unit');
  await knex.raw(
    'CREATE UNIQUE INDEX stock_units_unit ON stock_units (item_id, date, (COALESCE(time_slot_id, 0)), pool)',
  );
  await knex.schema.alterTable('cart_lines', (t) => {
    t.boolean('pass_pool').notNullable().defaultTo(false);
  });
  await runFrozenSql(knex, '20261204000100_add_cart_line.sql');
}

// Down gives the holders' places back to nobody: pool rows are dropped with their holds (a rollback of the feature).
export async function down(knex: Knex): Promise<void> {
  await runFrozenSql(knex, '20261124000120_add_cart_line.sql');
  await knex.schema.alterTable('cart_lines', (t) => {
    t.dropColumn('pass_pool');
  });
  await knex('stock_units').where('pool', 1).delete();
  await knex.raw('DROP INDEX stock_units_unit');
  await knex.raw('CREATE UNIQUE INDEX stock_units_unit ON stock_units (item_id, date, (COALESCE(time_slot_id, 0)))');
  await knex.raw('ALTER TABLE stock_units DROP CONSTRAINT stock_units_pool_check');
  await knex.schema.alterTable('stock_units', (t) => {
    t.dropColumn('pool');
  });
  await knex.raw('ALTER TABLE item_time_slots DROP CONSTRAINT item_time_slots_pass_capacity_check');
  await knex.schema.alterTable('item_time_slots', (t) => {
    t.dropColumn('pass_capacity');
  });
}
