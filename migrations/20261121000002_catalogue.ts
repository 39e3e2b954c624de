import type { Knex } from 'knex';

// Catalogue: parks, species (living things), park animals, posting staff, stories, items, ticket packs, pages.
// Translatable text is stored per language: *_ja required, *_en optional (falls back to ja).
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('parks', (t) => {
    t.increments('id');
    t.string('slug', 64).notNullable().unique();
    t.string('kind', 16).notNullable(); // zoo | aquarium
    t.string('name_ja').notNullable();
    t.string('name_en');
    t.string('name_kana');
    t.text('description_ja').notNullable();
    t.text('description_en');
    t.integer('prefecture_id').notNullable().references('prefectures.id');
    t.string('postal_code', 8);
    t.string('address_ja').notNullable();
    t.string('address_en');
    t.decimal('latitude', 9, 6).notNullable();
    t.decimal('longitude', 9, 6).notNullable();
    t.string('phone', 20).notNullable();
    t.string('website_url').notNullable();
    t.string('inquiry_email').notNullable();
    t.string('inquiry_form_url');
    t.string('open_time', 5).notNullable(); // HH:MM, Asia/Tokyo
    t.string('close_time', 5).notNullable();
    t.string('last_entry_time', 5);
    t.text('business_hours_note_ja');
    t.text('business_hours_note_en');
    t.text('closed_days_note_ja');
    t.text('closed_days_note_en');
    t.integer('average_stay_minutes').notNullable();
    t.text('access_ja');
    t.text('access_en');
    t.text('commercial_law_notice_ja').notNullable();
    t.text('commercial_law_notice_en');
    t.string('image_url').notNullable();
    t.string('map_image_url').notNullable();
    t.boolean('is_private').notNullable().defaultTo(false);
    t.uuid('link_id').notNullable().unique();
    t.timestamps(true, true);
    t.index(['prefecture_id']);
  });

  await knex.schema.createTable('park_closed_weekdays', (t) => {
    t.integer('park_id').notNullable().references('parks.id').onDelete('CASCADE');
    t.integer('weekday_id').notNullable().references('weekdays.id');
    t.primary(['park_id', 'weekday_id']);
  });

  await knex.schema.createTable('park_special_days', (t) => {
    t.increments('id');
    t.integer('park_id').notNullable().references('parks.id').onDelete('CASCADE');
    t.date('date').notNullable();
    t.string('kind', 16).notNullable(); // closed | open | extended
    t.string('open_time', 5);
    t.string('close_time', 5);
    t.string('note_ja').notNullable();
    t.string('note_en');
    t.unique(['park_id', 'date']);
  });

  await knex.schema.createTable('living_things', (t) => {
    t.increments('id');
    t.string('code', 64).notNullable().unique();
    t.string('name_ja').notNullable();
    t.string('name_en');
    t.string('name_kana');
    t.string('scientific_name');
    t.string('classification_ja').notNullable(); // e.g. 哺乳綱 食肉目 クマ科
    t.string('classification_en');
    t.string('habitat_ja').notNullable();
    t.string('habitat_en');
    t.string('diet_ja').notNullable();
    t.string('diet_en');
    t.text('description_ja').notNullable();
    t.text('description_en');
    t.decimal('weight_kg', 10, 3);
    t.decimal('height_cm', 10, 1);
    t.decimal('birth_weight_kg', 10, 3);
    t.decimal('birth_height_cm', 10, 1);
    t.integer('number_of_species');
    t.integer('tag_id').references('tags.id');
    t.string('image_url').notNullable();
    t.timestamps(true, true);
  });

  await knex.schema.createTable('park_living_things', (t) => {
    t.increments('id');
    t.integer('park_id').notNullable().references('parks.id').onDelete('CASCADE');
    t.integer('living_thing_id').notNullable().references('living_things.id');
    t.string('code', 96).notNullable().unique();
    t.string('nickname_ja').notNullable();
    t.string('nickname_en');
    t.boolean('is_group').notNullable().defaultTo(false);
    t.date('birthday');
    t.smallint('gender').notNullable().defaultTo(0); // 0 other/not set, 1 male, 2 female
    t.integer('approx_number_bred');
    t.text('description_ja');
    t.text('description_en');
    t.string('image_url').notNullable();
    t.timestamps(true, true);
    t.index(['park_id']);
    t.index(['living_thing_id']);
  });

  await knex.schema.createTable('park_users', (t) => {
    t.increments('id');
    t.integer('park_id').notNullable().references('parks.id').onDelete('CASCADE');
    t.string('code', 96).notNullable().unique();
    t.string('name_ja').notNullable();
    t.string('name_en');
    t.string('role_ja').notNullable();
    t.string('role_en');
    t.text('bio_ja').notNullable();
    t.text('bio_en');
    t.string('icon_url').notNullable();
    t.timestamps(true, true);
    t.index(['park_id']);
  });

  await knex.schema.createTable('stories', (t) => {
    t.increments('id');
    t.string('code', 96).notNullable().unique();
    t.integer('park_id').notNullable().references('parks.id').onDelete('CASCADE');
    t.integer('park_user_id').notNullable().references('park_users.id');
    t.integer('park_living_thing_id').references('park_living_things.id');
    t.string('kind', 16).notNullable(); // article | short_movie
    t.string('title_ja').notNullable();
    t.string('title_en');
    t.text('body_ja').notNullable();
    t.text('body_en');
    t.string('image_url').notNullable();
    t.string('video_url');
    t.integer('duration_seconds');
    t.integer('like_count').notNullable().defaultTo(0);
    t.integer('view_count').notNullable().defaultTo(0);
    t.boolean('is_private').notNullable().defaultTo(false);
    t.uuid('link_id').notNullable().unique();
    t.timestamp('published_at', { useTz: true }).notNullable();
    t.timestamps(true, true);
    t.index(['park_id', 'published_at']);
    t.index(['park_user_id']);
    t.index(['park_living_thing_id']);
  });

  await knex.schema.createTable('story_images', (t) => {
    t.increments('id');
    t.integer('story_id').notNullable().references('stories.id').onDelete('CASCADE');
    t.string('url').notNullable();
    t.string('caption_ja');
    t.string('caption_en');
    t.integer('sort').notNullable().defaultTo(0);
  });

  await knex.schema.createTable('items', (t) => {
    t.increments('id');
    t.string('code', 96).notNullable().unique();
    t.integer('park_id').notNullable().references('parks.id').onDelete('CASCADE');
    t.smallint('category').notNullable(); // ItemCategory 0..5
    t.string('name_ja').notNullable();
    t.string('name_en');
    t.text('description_ja').notNullable();
    t.text('description_en');
    t.text('notes_ja');
    t.text('notes_en');
    t.smallint('sale_label').notNullable(); // SaleLabel
    t.smallint('combination_label').notNullable(); // CombinationLabel
    t.smallint('usage_trigger').notNullable(); // UsageTrigger
    t.boolean('reservation_required').notNullable().defaultTo(false);
    t.boolean('lottery').notNullable().defaultTo(false);
    t.boolean('waitlist').notNullable().defaultTo(false);
    t.boolean('seat_selection').notNullable().defaultTo(false);
    t.integer('minimum_participant').notNullable().defaultTo(1);
    t.integer('max_per_order').notNullable().defaultTo(10);
    t.integer('disability_price'); // yen, tax included; null = no disability price
    t.date('available_from').notNullable();
    t.date('available_until').notNullable();
    t.integer('application_deadline_days').notNullable().defaultTo(0); // days before use, Asia/Tokyo
    t.string('application_deadline_time', 5).notNullable().defaultTo('23:59');
    t.timestamp('sale_starts_at', { useTz: true });
    t.timestamp('sale_ends_at', { useTz: true });
    t.date('shareable_until');
    t.integer('reward_coins').notNullable().defaultTo(0);
    t.integer('daily_capacity').notNullable().defaultTo(100);
    t.string('image_url').notNullable();
    t.boolean('is_private').notNullable().defaultTo(false);
    t.uuid('link_id').notNullable().unique();
    t.timestamps(true, true);
    t.index(['park_id', 'category']);
    t.index(['sale_label']);
  });

  await knex.schema.createTable('item_plans', (t) => {
    t.increments('id');
    t.integer('item_id').notNullable().references('items.id').onDelete('CASCADE');
    t.string('kind', 16).notNullable(); // basic | additional
    t.string('name_ja').notNullable();
    t.string('name_en');
    t.integer('sort').notNullable().defaultTo(0);
    t.index(['item_id']);
  });

  await knex.schema.createTable('item_plan_prices', (t) => {
    t.integer('item_plan_id').notNullable().references('item_plans.id').onDelete('CASCADE');
    t.integer('age_group_id').notNullable().references('age_groups.id');
    t.integer('price').notNullable(); // yen, tax included
    t.primary(['item_plan_id', 'age_group_id']);
  });

  await knex.schema.createTable('item_time_slots', (t) => {
    t.increments('id');
    t.integer('item_id').notNullable().references('items.id').onDelete('CASCADE');
    t.string('start_time', 5).notNullable();
    t.string('end_time', 5).notNullable();
    t.integer('capacity').notNullable();
    t.unique(['item_id', 'start_time']);
  });

  await knex.schema.createTable('item_excluded_days', (t) => {
    t.integer('item_id').notNullable().references('items.id').onDelete('CASCADE');
    t.date('date').notNullable();
    t.primary(['item_id', 'date']);
  });

  await knex.schema.createTable('item_cancellation_policies', (t) => {
    t.integer('item_id').notNullable().references('items.id').onDelete('CASCADE');
    /** Applies when the cancellation is this many days (or fewer) before the day of use. */
    t.integer('days_before').notNullable();
    t.integer('charge_rate').notNullable(); // percent 0..100
    t.primary(['item_id', 'days_before']);
  });

  await knex.schema.createTable('item_tags', (t) => {
    t.integer('item_id').notNullable().references('items.id').onDelete('CASCADE');
    t.integer('tag_id').notNullable().references('tags.id');
    t.primary(['item_id', 'tag_id']);
  });

  await knex.schema.createTable('ticket_packs', (t) => {
    t.increments('id');
    t.string('code', 96).notNullable().unique();
    t.integer('park_id').notNullable().references('parks.id').onDelete('CASCADE');
    t.smallint('category').notNullable();
    t.string('name_ja').notNullable();
    t.string('name_en');
    t.text('description_ja').notNullable();
    t.text('description_en');
    t.smallint('sale_label').notNullable();
    t.timestamp('application_starts_at', { useTz: true }).notNullable();
    t.timestamp('application_ends_at', { useTz: true }).notNullable();
    t.date('available_from').notNullable();
    t.date('available_until').notNullable();
    t.specificType('selectable_times', 'text[]').notNullable(); // HH:MM options
    t.integer('min_total').notNullable();
    t.integer('max_total').notNullable();
    t.integer('price').notNullable(); // yen per pack unit, tax included
    t.string('image_url').notNullable();
    t.boolean('is_private').notNullable().defaultTo(false);
    t.uuid('link_id').notNullable().unique();
    t.timestamps(true, true);
    t.index(['park_id']);
  });

  await knex.schema.createTable('ticket_pack_items', (t) => {
    t.integer('ticket_pack_id').notNullable().references('ticket_packs.id').onDelete('CASCADE');
    t.integer('item_id').notNullable().references('items.id');
    t.integer('quantity').notNullable().defaultTo(1);
    t.primary(['ticket_pack_id', 'item_id']);
  });

  await knex.schema.createTable('pages', (t) => {
    t.increments('id');
    t.string('slug', 64).notNullable().unique();
    t.string('title_ja').notNullable();
    t.string('title_en');
    t.text('body_ja').notNullable();
    t.text('body_en');
    t.timestamps(true, true);
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const table of [
    'pages',
    'ticket_pack_items',
    'ticket_packs',
    'item_tags',
    'item_cancellation_policies',
    'item_excluded_days',
    'item_time_slots',
    'item_plan_prices',
    'item_plans',
    'items',
    'story_images',
    'stories',
    'park_users',
    'park_living_things',
    'living_things',
    'park_special_days',
    'park_closed_weekdays',
    'parks',
  ]) {
    await knex.schema.dropTableIfExists(table);
  }
}
