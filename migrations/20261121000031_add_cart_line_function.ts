import type { Knex } from 'knex';
import { loadAddCartLine } from './20261124000090_commerce_core';

// Adding a cart line in one round trip: the function zoo_add_cart_line, whose text lives with the stock feature
// (server/features/stock/sql/add_cart_line.sql, described there). Loaded again by later migrations that change it.
export async function up(knex: Knex): Promise<void> {
  await loadAddCartLine(knex);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(
    'DROP FUNCTION IF EXISTS zoo_add_cart_line(text, int, uuid, int, jsonb, int, jsonb, text[], timestamptz)',
  );
}
