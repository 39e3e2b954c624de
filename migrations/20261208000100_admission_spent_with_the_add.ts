import type { Knex } from 'knex';
import { runFrozenSql } from './frozenSql';

// A waiting room's admission is spent in the statement that adds its cart line (issue 30: a process dying between a
// spend of its own and the add left a spent admission and no line). zoo_spend_admission (frozen copy:
// sql/20261208000100_spend_admission.sql), and zoo_add_cart_lines spending each call's admission in the call's block
// (sql/20261208000100_add_cart_lines.sql).

export async function up(knex: Knex): Promise<void> {
  await runFrozenSql(knex, '20261208000100_spend_admission.sql');
  await runFrozenSql(knex, '20261208000100_add_cart_lines.sql');
}

export async function down(knex: Knex): Promise<void> {
  await runFrozenSql(knex, '20261127000500_add_cart_lines.sql');
  await knex.raw('DROP FUNCTION IF EXISTS zoo_spend_admission(jsonb)');
}
