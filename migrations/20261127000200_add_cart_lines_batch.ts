import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Knex } from 'knex';

// Several adds to carts in one statement and one commit (server/features/stock/sql/add_cart_lines.sql): the
// flash sale's group commit, used by server/features/stock/addCartLines.ts when adds on one stock row queue up.
const ADD_CART_LINES_SQL = resolve(import.meta.dirname, '../server/features/stock/sql/add_cart_lines.sql');

export async function up(knex: Knex): Promise<void> {
  await knex.raw(readFileSync(ADD_CART_LINES_SQL, 'utf8').trim().replace(/;\s*$/, ''));
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP FUNCTION IF EXISTS zoo_add_cart_lines(jsonb)');
}
