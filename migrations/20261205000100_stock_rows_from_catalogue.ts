import type { Knex } from 'knex';
import { runFrozenSql } from './frozenSql';

// A new stock row's places come from the catalogue as it is when the row is made (items.daily_capacity, or the
// slot's capacity less or only its pass_capacity), not from the caller: the add path's item rules may be cached for
// up to 2 s, and a row made from an old read kept the slot's old places (with pass-holder places set meanwhile, the
// two pools of a slot could hold more than the slot). zoo_add_cart_line makes its rows so (frozen copy:
// sql/20261205000100_add_cart_line.sql); the ledger's other path (stock/queries.ts) does the same in its INSERT.
export async function up(knex: Knex): Promise<void> {
  await runFrozenSql(knex, '20261205000100_add_cart_line.sql');
}

export async function down(knex: Knex): Promise<void> {
  await runFrozenSql(knex, '20261204000100_add_cart_line.sql');
}
