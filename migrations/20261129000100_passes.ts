import type { Knex } from 'knex';

// Issue 29 (annual passports). A pass is made of ticket rows, not a ledger of its own (the plan:
// server/features/passes/README.md): each holder of each paid term is one `tickets` row with unit_kind 'pass' (a
// term ticket: use_date = the last day the term can be used, valid_from its first), and each day a holder enters a
// park is one more row with unit_kind 'pass_visit' (price 0, parent_ticket_id = the term ticket, use_date = that
// day), so tokens, revocations, the gate's acts and day lists, cancellations and reconciliation work unchanged.
// What a ticket has no place for lives beside it:
// - pass_products: the pass settings of a pass item (kind, holders, validity rule, renewal, benefits);
// - pass_product_parks: the parks a pass admits at (a city's zoo and aquarium);
// - passes: one per pass (number, owner, current validity); written by the ticket ledger only;
// - pass_holders: the named people of a pass, with the photo the gate shows;
// - pass_photos: face photos (upright 480 px JPEG, 96 px gate thumbnail), pending until staff review them;
// - pass_voucher_uses, pass_reminders: guest vouchers spent, renewal reminders sent (once each).
// Gate devices list holders by change, as tickets: gate_xid by the same trigger (20261128002100).

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('items', (t) => {
    t.boolean('pass').notNullable().defaultTo(false);
  });

  await knex.schema.createTable('pass_products', (t) => {
    t.integer('item_id').primary().references('items.id').onDelete('CASCADE');
    t.integer('park_id').notNullable().references('parks.id');
    t.string('kind', 8).notNullable(); // single | family
    t.smallint('max_holders').notNullable();
    t.smallint('validity_days').notNullable().defaultTo(365);
    t.string('validity_start', 12).notNullable(); // first_entry | purchase
    /** first_entry: the first entry must be within this many days of the purchase (else the pass expires unused). */
    t.smallint('start_within_days').notNullable().defaultTo(365);
    /** The item plan (kind 'renewal') whose prices renew the pass; null: not renewable. */
    t.integer('renewal_plan_id').references('item_plans.id').onDelete('SET NULL');
    t.smallint('renewal_window_days').notNullable().defaultTo(60);
    t.smallint('discount_percent').notNullable().defaultTo(0);
    /** ItemCategory values the discount applies to (1 event, 2 quest). */
    t.specificType('discount_categories', 'smallint[]').notNullable().defaultTo('{1,2}');
    t.smallint('guest_vouchers').notNullable().defaultTo(0);
    t.integer('guest_voucher_item_id').references('items.id');
    /** Cancellation fee before the first entry (a pass has no day of use for the days-before policy). */
    t.smallint('cancel_rate_percent').notNullable().defaultTo(0);
    t.timestamps(true, true);
  });
  await knex.raw(`ALTER TABLE pass_products ADD CONSTRAINT pass_products_check CHECK (
    ((kind = 'single' AND max_holders = 1) OR (kind = 'family' AND max_holders BETWEEN 2 AND 10))
    AND validity_days BETWEEN 1 AND 731 AND validity_start IN ('first_entry', 'purchase')
    AND start_within_days BETWEEN 1 AND 731 AND renewal_window_days BETWEEN 1 AND 180
    AND discount_percent BETWEEN 0 AND 100 AND guest_vouchers BETWEEN 0 AND 50
    AND cancel_rate_percent BETWEEN 0 AND 100)`);

  await knex.schema.createTable('pass_product_parks', (t) => {
    t.integer('item_id').notNullable().references('pass_products.item_id').onDelete('CASCADE');
    t.integer('park_id').notNullable().references('parks.id');
    t.primary(['item_id', 'park_id']);
    t.index(['park_id']);
  });

  await knex.raw('CREATE SEQUENCE pass_number_seq');
  await knex.schema.createTable('passes', (t) => {
    t.increments('id');
    t.string('pass_number', 20).notNullable().unique();
    t.integer('item_id').notNullable().references('pass_products.item_id');
    t.integer('park_id').notNullable().references('parks.id');
    t.integer('owner_user_id').notNullable().references('users.id');
    t.integer('first_order_id').notNullable().references('orders.id');
    /** first_entry: the last day a first entry starts the pass. */
    t.date('start_by').notNullable();
    t.date('valid_from');
    /** The latest end over all paid terms; null until the pass has started. */
    t.date('valid_until');
    t.timestamps(true, true);
    t.index(['owner_user_id']);
    t.index(['park_id', 'valid_until']);
    t.index(['item_id']);
  });

  await knex.schema.createTable('pass_photos', (t) => {
    t.uuid('id').primary();
    t.integer('owner_user_id').notNullable().references('users.id');
    t.integer('pass_holder_id'); // FK added below (pass_holders refers back to the shown photo)
    t.string('state', 10).notNullable().defaultTo('pending');
    t.binary('image').notNullable();
    t.binary('thumb').notNullable();
    t.integer('thumb_bytes').notNullable();
    t.text('reject_reason');
    t.integer('reviewed_by').references('users.id');
    t.timestamp('reviewed_at', { useTz: true });
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.bigInteger('gate_xid').notNullable().defaultTo(0);
    t.index(['pass_holder_id', 'created_at']);
  });
  await knex.raw(
    "ALTER TABLE pass_photos ADD CONSTRAINT pass_photos_state_check CHECK (state IN ('pending', 'approved', 'rejected', 'replaced'))",
  );
  await knex.raw("CREATE INDEX pass_photos_pending ON pass_photos (created_at) WHERE state = 'pending'");

  await knex.schema.createTable('pass_holders', (t) => {
    t.increments('id');
    t.integer('pass_id').notNullable().references('passes.id');
    t.smallint('position').notNullable();
    /** The buyer or one of the buyer's kids accounts; null: a named person without an account. */
    t.integer('holder_user_id').references('users.id');
    t.string('name', 60).notNullable();
    /** The name normalised for the office's search (common/search/normalize.ts). */
    t.text('name_search').notNullable();
    t.integer('age_group_id').references('age_groups.id');
    t.string('unit_kind', 12).notNullable(); // basic | disability | companion
    /** The photo the gate shows: the latest approved, else the latest pending. */
    t.uuid('photo_id').references('pass_photos.id');
    t.bigInteger('gate_xid').notNullable().defaultTo(0);
    t.unique(['pass_id', 'position']);
    t.index(['holder_user_id']);
  });
  await knex.raw(
    'CREATE UNIQUE INDEX pass_holders_person ON pass_holders (pass_id, holder_user_id) WHERE holder_user_id IS NOT NULL',
  );
  await knex.raw(
    "ALTER TABLE pass_holders ADD CONSTRAINT pass_holders_unit_kind_check CHECK (unit_kind IN ('basic', 'disability', 'companion'))",
  );
  await knex.raw(
    'ALTER TABLE pass_photos ADD CONSTRAINT pass_photos_holder_fk FOREIGN KEY (pass_holder_id) REFERENCES pass_holders (id)',
  );

  await knex.schema.alterTable('tickets', (t) => {
    t.integer('pass_id').references('passes.id');
    t.integer('pass_holder_id').references('pass_holders.id');
    /** Term tickets: the first day of the term (null: starts at the first entry). */
    t.date('valid_from');
    t.text('suspension_reason');
  });
  await knex.raw(`ALTER TABLE tickets ADD CONSTRAINT tickets_pass_check CHECK (
    (unit_kind IN ('pass', 'pass_visit')) = (pass_holder_id IS NOT NULL))`);
  await knex.raw(
    "CREATE UNIQUE INDEX tickets_pass_visit_day ON tickets (parent_ticket_id, park_id, use_date) WHERE unit_kind = 'pass_visit'",
  );
  await knex.raw("CREATE INDEX tickets_pass_terms ON tickets (pass_holder_id, use_date) WHERE unit_kind = 'pass'");
  await knex.raw("CREATE INDEX tickets_pass_gate_changes ON tickets (gate_xid, id) WHERE unit_kind = 'pass'");

  for (const table of ['cart_lines', 'order_lines']) {
    await knex.schema.alterTable(table, (t) => {
      t.jsonb('pass_details');
    });
  }
  await knex.raw('ALTER TABLE cart_lines DROP CONSTRAINT cart_lines_kind_check');
  await knex.raw(`ALTER TABLE cart_lines ADD CONSTRAINT cart_lines_kind_check CHECK (
    (kind IN ('item', 'pass') AND item_id IS NOT NULL AND ticket_pack_id IS NULL) OR
    (kind = 'pack' AND ticket_pack_id IS NOT NULL AND item_id IS NULL AND pack_quantity > 0))`);

  await knex.schema.createTable('pass_voucher_uses', (t) => {
    t.bigIncrements('id');
    t.integer('pass_id').notNullable().references('passes.id');
    t.uuid('term_ticket_id').notNullable().references('tickets.id');
    t.integer('order_id').notNullable().references('orders.id');
    t.uuid('ticket_id').references('tickets.id');
    t.string('state', 8).notNullable().defaultTo('held');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['pass_id', 'state']);
  });
  await knex.raw(
    "ALTER TABLE pass_voucher_uses ADD CONSTRAINT pass_voucher_uses_state_check CHECK (state IN ('held', 'used', 'released'))",
  );

  await knex.schema.createTable('pass_reminders', (t) => {
    t.integer('pass_id').notNullable().references('passes.id');
    t.date('until_date').notNullable();
    t.smallint('days_before').notNullable();
    t.timestamp('sent_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['pass_id', 'until_date', 'days_before']);
  });
  await knex.raw('ALTER TABLE pass_reminders ADD CONSTRAINT pass_reminders_days_check CHECK (days_before IN (30, 7))');

  for (const table of ['pass_holders', 'pass_photos']) {
    await knex.raw(
      `CREATE TRIGGER ${table}_gate_xid BEFORE INSERT OR UPDATE ON ${table} FOR EACH ROW EXECUTE FUNCTION zoo_gate_xid()`,
    );
    await knex.raw(`CREATE INDEX ${table}_gate_changes ON ${table} (gate_xid, id)`);
  }
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('pass_reminders');
  await knex.schema.dropTable('pass_voucher_uses');
  await knex.raw('ALTER TABLE cart_lines DROP CONSTRAINT cart_lines_kind_check');
  await knex('cart_lines').where({ kind: 'pass' }).delete();
  await knex.raw(`ALTER TABLE cart_lines ADD CONSTRAINT cart_lines_kind_check CHECK (
    (kind = 'item' AND item_id IS NOT NULL AND ticket_pack_id IS NULL) OR
    (kind = 'pack' AND ticket_pack_id IS NOT NULL AND item_id IS NULL AND pack_quantity > 0))`);
  for (const table of ['cart_lines', 'order_lines']) {
    await knex.schema.alterTable(table, (t) => t.dropColumn('pass_details'));
  }
  await knex.raw('ALTER TABLE tickets DROP CONSTRAINT tickets_pass_check');
  await knex.raw('DROP INDEX tickets_pass_visit_day');
  await knex.raw('DROP INDEX tickets_pass_terms');
  await knex.raw('DROP INDEX tickets_pass_gate_changes');
  await knex.schema.alterTable('tickets', (t) => {
    t.dropColumn('suspension_reason');
    t.dropColumn('valid_from');
    t.dropColumn('pass_holder_id');
    t.dropColumn('pass_id');
  });
  await knex.raw('ALTER TABLE pass_photos DROP CONSTRAINT pass_photos_holder_fk');
  await knex.schema.dropTable('pass_holders');
  await knex.schema.dropTable('pass_photos');
  await knex.schema.dropTable('passes');
  await knex.raw('DROP SEQUENCE pass_number_seq');
  await knex.schema.dropTable('pass_product_parks');
  await knex.schema.dropTable('pass_products');
  await knex.schema.alterTable('items', (t) => t.dropColumn('pass'));
}
