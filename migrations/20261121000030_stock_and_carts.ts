import type { Knex } from 'knex';

// Scarce stock, timed holds and carts (DESIGN.md "Scarce stock").
//
// stock_units   one row per sellable unit: item + date + time slot (0 = no slot), made lazily (INSERT ... ON
//               CONFLICT DO NOTHING) with the slot's or the item's daily capacity. `sold + held <= capacity` is a
//               CHECK, so even a wrong statement cannot oversell. Stock is taken by ONE conditional UPDATE
//               (`held = held + q WHERE id = ? AND sold + held + q <= capacity`), last in its transaction.
// stock_holds   what a cart line holds of one unit, with a deadline; state held -> sold | released | expired.
// item_seats    the seat map of items with seat selection ('A-1': row label + number).
// seat_holds    a seat taken for one unit (date + slot): unique per unit and seat; deleted when released.
// carts         one per owner (user 'u:<id>' or guest 'g:<uuid>') and park; its row is the cart's lock.
// cart_lines    an item or pack line: date, slot or pack time, quantities, advance information, deadline.
// cart_notices  lines removed by the system (hold expired), shown once to their owner.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('stock_units', (t) => {
    t.bigIncrements('id');
    t.integer('item_id').notNullable().references('items.id').onDelete('CASCADE');
    t.date('date').notNullable();
    t.integer('time_slot_id').references('item_time_slots.id').onDelete('CASCADE');
    t.integer('capacity').notNullable();
    t.integer('sold').notNullable().defaultTo(0);
    t.integer('held').notNullable().defaultTo(0);
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw(`ALTER TABLE stock_units
    ADD CONSTRAINT stock_units_counts_check
    CHECK (capacity >= 0 AND sold >= 0 AND held >= 0 AND sold + held <= capacity)`);
  // One row per item, date and slot; "no slot" is slot 0 so it is unique too.
  await knex.raw('CREATE UNIQUE INDEX stock_units_unit ON stock_units (item_id, date, (COALESCE(time_slot_id, 0)))');

  await knex.schema.createTable('carts', (t) => {
    t.bigIncrements('id');
    /** 'u:<user id>' or 'g:<guest uuid>': the owner, one key for both kinds. */
    t.string('owner_key', 40).notNullable();
    t.integer('user_id').references('users.id').onDelete('CASCADE');
    t.uuid('guest_user_id');
    t.integer('park_id').notNullable().references('parks.id').onDelete('CASCADE');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.unique(['owner_key', 'park_id']);
    t.index(['user_id']);
  });
  await knex.raw(`ALTER TABLE carts ADD CONSTRAINT carts_owner_check
    CHECK ((user_id IS NULL) <> (guest_user_id IS NULL))`);

  await knex.schema.createTable('cart_lines', (t) => {
    t.bigIncrements('id');
    t.bigInteger('cart_id').notNullable().references('carts.id').onDelete('CASCADE');
    t.string('kind', 8).notNullable(); // item | pack
    t.integer('item_id').references('items.id').onDelete('CASCADE');
    t.integer('ticket_pack_id').references('ticket_packs.id').onDelete('CASCADE');
    t.date('date').notNullable();
    t.integer('time_slot_id').references('item_time_slots.id').onDelete('CASCADE');
    /** Packs: the selected time (HH:MM). */
    t.string('pack_time', 5);
    t.integer('basic_plan_id').references('item_plans.id').onDelete('CASCADE');
    /** [{ ageGroupId, quantity }] on the basic plan. */
    t.jsonb('quantities').notNullable().defaultTo('[]');
    /** [{ planId, quantities: [{ ageGroupId, quantity }] }] */
    t.jsonb('additional_plans').notNullable().defaultTo('[]');
    t.integer('disability_quantity').notNullable().defaultTo(0);
    t.integer('companion_quantity').notNullable().defaultTo(0);
    /** Packs: number of packs. */
    t.integer('pack_quantity');
    /** Places the line takes from stock per unit of its item (packs: packs). */
    t.integer('people').notNullable();
    t.boolean('lottery').notNullable().defaultTo(false);
    t.jsonb('advance_info');
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['cart_id']);
    t.index(['expires_at']);
  });
  await knex.raw(`ALTER TABLE cart_lines ADD CONSTRAINT cart_lines_kind_check CHECK (
    (kind = 'item' AND item_id IS NOT NULL AND ticket_pack_id IS NULL) OR
    (kind = 'pack' AND ticket_pack_id IS NOT NULL AND item_id IS NULL AND pack_quantity > 0))`);
  await knex.raw(`ALTER TABLE cart_lines ADD CONSTRAINT cart_lines_counts_check CHECK (
    people > 0 AND disability_quantity >= 0 AND companion_quantity >= 0 AND companion_quantity <= disability_quantity)`);

  await knex.schema.createTable('stock_holds', (t) => {
    t.bigIncrements('id');
    t.bigInteger('stock_unit_id').notNullable().references('stock_units.id').onDelete('CASCADE');
    /** Set null when the line goes (sold holds outlive their line). */
    t.bigInteger('cart_line_id').references('cart_lines.id').onDelete('SET NULL');
    t.integer('quantity').notNullable();
    t.string('state', 12).notNullable().defaultTo('held'); // held | sold | released | expired
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['cart_line_id']);
    t.index(['stock_unit_id']);
  });
  await knex.raw(`ALTER TABLE stock_holds ADD CONSTRAINT stock_holds_state_check CHECK (
    state IN ('held', 'sold', 'released', 'expired') AND quantity > 0)`);
  // The expiry sweep looks for live holds past their deadline.
  await knex.raw("CREATE INDEX stock_holds_live ON stock_holds (expires_at) WHERE state = 'held'");

  await knex.schema.createTable('item_seats', (t) => {
    t.increments('id');
    t.integer('item_id').notNullable().references('items.id').onDelete('CASCADE');
    t.string('seat_code', 8).notNullable();
    t.string('row_label', 4).notNullable();
    t.integer('number').notNullable();
    t.integer('sort').notNullable();
    t.unique(['item_id', 'seat_code']);
  });

  await knex.schema.createTable('seat_holds', (t) => {
    t.bigIncrements('id');
    t.bigInteger('stock_unit_id').notNullable().references('stock_units.id').onDelete('CASCADE');
    t.integer('seat_id').notNullable().references('item_seats.id').onDelete('CASCADE');
    t.bigInteger('stock_hold_id').notNullable().references('stock_holds.id').onDelete('CASCADE');
    t.string('state', 12).notNullable().defaultTo('held'); // held | sold (released seats are deleted)
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.unique(['stock_unit_id', 'seat_id']);
    t.index(['stock_hold_id']);
  });
  await knex.raw("ALTER TABLE seat_holds ADD CONSTRAINT seat_holds_state_check CHECK (state IN ('held', 'sold'))");

  await knex.schema.createTable('cart_notices', (t) => {
    t.bigIncrements('id');
    t.string('owner_key', 40).notNullable();
    t.integer('user_id').references('users.id').onDelete('CASCADE');
    t.string('code', 32).notNullable(); // holdExpired
    /** Message parameters per language, e.g. { name: { ja, en } }. */
    t.jsonb('params').notNullable().defaultTo('{}');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('shown_at', { useTz: true });
    t.index(['owner_key', 'shown_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const table of [
    'cart_notices',
    'seat_holds',
    'item_seats',
    'stock_holds',
    'cart_lines',
    'carts',
    'stock_units',
  ]) {
    await knex.schema.dropTableIfExists(table);
  }
}
