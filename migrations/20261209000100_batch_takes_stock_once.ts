import type { Knex } from 'knex';
import { runFrozenSql } from './frozenSql';

// A batch of adds on a hot stock row (zoo_add_cart_lines) takes the places of all its adds in one conditional UPDATE
// at its end, instead of one per add as each add ends: the row's lock is then held from that UPDATE to the commit
// only, so two batches on one row run side by side (issue 30, flash-sale holds against pgbench). zoo_add_cart_line
// leaves its stock to the batch when the batch says so (zoo.defer_stock_take), and zoo_take_stock takes it. Frozen
// copies: sql/20261209000100_add_cart_line.sql, _take_stock.sql and _add_cart_lines.sql.
export async function up(knex: Knex): Promise<void> {
  await runFrozenSql(knex, '20261209000100_add_cart_line.sql');
  await runFrozenSql(knex, '20261209000100_take_stock.sql');
  await runFrozenSql(knex, '20261209000100_add_cart_lines.sql');
}

export async function down(knex: Knex): Promise<void> {
  await runFrozenSql(knex, '20261208000100_add_cart_lines.sql');
  await runFrozenSql(knex, '20261205000100_add_cart_line.sql');
  await knex.raw('DROP FUNCTION IF EXISTS zoo_take_stock(jsonb)');
}
