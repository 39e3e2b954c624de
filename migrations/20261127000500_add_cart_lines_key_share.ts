import type { Knex } from 'knex';
import { runFrozenSql } from './frozenSql';

// zoo_add_cart_lines as changed after 20261127000200 (the batch takes KEY SHARE on its items, slots and buyers
// before any stock row: no deadlock with a staff change of the item). A database migrated before that change kept
// the earlier text, since 20261127000200 had already run there. Frozen copy: sql/20261127000500_add_cart_lines.sql.
export async function up(knex: Knex): Promise<void> {
  await runFrozenSql(knex, '20261127000500_add_cart_lines.sql');
}

export async function down(knex: Knex): Promise<void> {
  await runFrozenSql(knex, '20261127000200_add_cart_lines.sql');
}
