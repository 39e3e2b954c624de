import type { Knex } from 'knex';
import { loadAddCartLine } from './20261124000090_commerce_core';

// The add-to-cart function again (server/features/stock/sql/add_cart_line.sql): adding the same ticket again grows
// the line that has it instead of making a second line.
export async function up(knex: Knex): Promise<void> {
  await loadAddCartLine(knex);
}

// The earlier text is gone from the repository (it lives in one file): going down keeps the function as it is.
export async function down(): Promise<void> {}
