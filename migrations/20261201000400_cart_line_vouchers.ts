import type { Knex } from 'knex';

// Guest vouchers of annual passes (issue 29, passes/README.md 2.11): the cart line of an admission remembers the
// vouchers its buyer chose ({ passId, quantity }); placeOrder holds them in pass_voucher_uses.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('cart_lines', (t) => {
    t.jsonb('pass_voucher');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('cart_lines', (t) => {
    t.dropColumn('pass_voucher');
  });
}
