import type { Knex } from 'knex';

// Lottery and waitlist sales (DESIGN "Lottery and waitlist"):
// - lotteries: one round of a lottery item: the use dates it covers, entry period, draw, announcement and the
//   winners' purchase deadline; the seed (secret until the draw), the commitments published when entries close
//   (SHA-256 of the seed and of the canonical entry list) and, after the draw, the list itself;
// - lottery_entries: one per account per lottery (a partial unique index: withdrawn and void entries free the
//   place), tied to the order whose card authorisation carries it; the party (people who win or lose together),
//   up to 3 ranked choices, the waitlist opt-in; after the draw its rank, the choice won and the places held for it;
// - waitlist_entries: a party waiting for a sold-out date and slot, in join order (a lottery's losers who opted in
//   join in ranking order); an offer holds places through the stock ledger until its deadline;
// - orders.source: how an order came (cart, lottery, waitlist): waitlist tickets cannot be cancelled.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('lotteries', (t) => {
    t.increments('id');
    t.integer('item_id').notNullable().references('items.id').onDelete('CASCADE');
    t.date('use_from').notNullable();
    t.date('use_to').notNullable();
    t.timestamp('entry_opens_at', { useTz: true }).notNullable();
    t.timestamp('entry_closes_at', { useTz: true }).notNullable();
    t.timestamp('draw_at', { useTz: true }).notNullable();
    t.timestamp('announce_at', { useTz: true }).notNullable();
    t.timestamp('purchase_deadline', { useTz: true }).notNullable();
    t.string('state', 8).notNullable().defaultTo('open'); // open | closed | drawn
    t.text('seed');
    t.string('seed_hash', 64);
    t.string('entries_hash', 64);
    t.text('entries_list');
    /** Places per choice when the draw ran (published with the seed, so the result can be recomputed). */
    t.jsonb('places_at_draw');
    t.timestamp('closed_at', { useTz: true });
    t.timestamp('drawn_at', { useTz: true });
    t.index(['item_id']);
  });
  await knex.raw(`ALTER TABLE lotteries ADD CONSTRAINT lotteries_times_check CHECK (
    state IN ('open', 'closed', 'drawn') AND use_from <= use_to AND entry_opens_at < entry_closes_at
    AND entry_closes_at <= draw_at AND draw_at <= announce_at AND announce_at <= purchase_deadline)`);

  await knex.schema.createTable('lottery_entries', (t) => {
    t.bigIncrements('id');
    t.integer('lottery_id').notNullable().references('lotteries.id').onDelete('CASCADE');
    t.integer('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.bigInteger('order_id').notNullable().unique().references('orders.id').onDelete('CASCADE');
    t.integer('party').notNullable();
    t.jsonb('choices').notNullable();
    t.boolean('waitlist').notNullable().defaultTo(false);
    // pending (payment under way) | entered | withdrawn | void (payment failed) | won | lost | capture_failed
    t.string('state', 16).notNullable().defaultTo('pending');
    t.string('rank', 64);
    t.integer('rank_position');
    t.jsonb('won_choice');
    t.specificType('hold_ids', 'bigint[]').notNullable().defaultTo('{}');
    t.integer('capture_attempts').notNullable().defaultTo(0);
    /** The result was acted on: captured and ticketed, or voided (and the waitlist joined); told by push and mail. */
    t.timestamp('settled_at', { useTz: true });
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['lottery_id', 'state']);
  });
  await knex.raw(`ALTER TABLE lottery_entries ADD CONSTRAINT lottery_entries_state_check CHECK (
    state IN ('pending', 'entered', 'withdrawn', 'void', 'won', 'lost', 'capture_failed') AND party > 0)`);
  // One entry per account per lottery, whatever the timing of concurrent submits.
  await knex.raw(`CREATE UNIQUE INDEX lottery_entries_one_per_account ON lottery_entries (lottery_id, user_id)
    WHERE state NOT IN ('withdrawn', 'void')`);

  await knex.schema.createTable('waitlist_entries', (t) => {
    t.bigIncrements('id');
    t.integer('item_id').notNullable().references('items.id').onDelete('CASCADE');
    t.date('use_date').notNullable();
    t.integer('time_slot_id').references('item_time_slots.id').onDelete('CASCADE');
    t.integer('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.integer('party').notNullable();
    /** The priced components of the party, as an order line keeps them. */
    t.jsonb('units').notNullable();
    t.integer('amount').notNullable();
    t.integer('user_card_id').references('user_cards.id').onDelete('SET NULL');
    t.bigInteger('lottery_entry_id').references('lottery_entries.id').onDelete('SET NULL');
    // waiting | offered | accepted | declined | expired | withdrawn
    t.string('state', 10).notNullable().defaultTo('waiting');
    t.timestamp('offer_deadline', { useTz: true });
    t.specificType('hold_ids', 'bigint[]').notNullable().defaultTo('{}');
    t.bigInteger('order_id').references('orders.id').onDelete('SET NULL');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['item_id', 'use_date', 'state']);
    t.index(['user_id']);
  });
  await knex.raw(`ALTER TABLE waitlist_entries ADD CONSTRAINT waitlist_entries_state_check CHECK (
    state IN ('waiting', 'offered', 'accepted', 'declined', 'expired', 'withdrawn') AND party > 0 AND amount >= 0)`);
  await knex.raw(`CREATE UNIQUE INDEX waitlist_entries_one_per_account ON waitlist_entries
    (item_id, use_date, COALESCE(time_slot_id, 0), user_id) WHERE state IN ('waiting', 'offered')`);
  await knex.raw("CREATE INDEX waitlist_entries_offers ON waitlist_entries (offer_deadline) WHERE state = 'offered'");

  await knex.schema.alterTable('orders', (t) => {
    t.string('source', 8).notNullable().defaultTo('cart'); // cart | lottery | waitlist
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('orders', (t) => t.dropColumn('source'));
  await knex.schema.dropTable('waitlist_entries');
  await knex.schema.dropTable('lottery_entries');
  await knex.schema.dropTable('lotteries');
}
