import type { Knex } from 'knex';
import { runFrozenSql } from './frozenSql';

// Several adds to carts in one statement and one commit (frozen copy: sql/20261127000200_add_cart_lines.sql): the
// flash sale's group commit, used by server/features/stock/addCartLines.ts when adds on one stock row queue up.

export async function up(knex: Knex): Promise<void> {
  await runFrozenSql(knex, '20261127000200_add_cart_lines.sql');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP FUNCTION IF EXISTS zoo_add_cart_lines(jsonb)');
}
