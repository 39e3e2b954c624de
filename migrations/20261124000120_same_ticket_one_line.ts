import type { Knex } from 'knex';
import { runFrozenSql } from './frozenSql';

// The add-to-cart function again (frozen copy: sql/20261124000120_add_cart_line.sql): adding the same ticket again
// grows the line that has it instead of making a second line.
export async function up(knex: Knex): Promise<void> {
  await runFrozenSql(knex, '20261124000120_add_cart_line.sql');
}

export async function down(knex: Knex): Promise<void> {
  await runFrozenSql(knex, '20261124000090_add_cart_line.sql');
}
