import type { Knex } from 'knex';
import { runFrozenSql } from './frozenSql';

// Adding a cart line in one round trip: the function zoo_add_cart_line as first written (frozen copy:
// sql/20261121000031_add_cart_line.sql). Its current text is server/features/stock/sql/add_cart_line.sql.
export async function up(knex: Knex): Promise<void> {
  await runFrozenSql(knex, '20261121000031_add_cart_line.sql');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(
    'DROP FUNCTION IF EXISTS zoo_add_cart_line(text, int, uuid, int, jsonb, int, jsonb, text[], timestamptz)',
  );
}
