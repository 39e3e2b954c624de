import type { Knex } from 'knex';

// Reference tables: regions, prefectures, weekdays, age groups, tag categories, tags.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('regions', (t) => {
    t.integer('id').primary();
    t.string('code', 32).notNullable().unique();
    t.string('name_ja').notNullable();
    t.string('name_en');
  });
  await knex.schema.createTable('prefectures', (t) => {
    t.integer('id').primary();
    t.integer('region_id').notNullable().references('regions.id');
    t.string('name_ja').notNullable();
    t.string('name_en');
    t.index(['region_id']);
  });
  await knex.schema.createTable('weekdays', (t) => {
    t.integer('id').primary();
    t.string('code', 8).notNullable().unique();
    t.string('name_ja').notNullable();
    t.string('name_en');
  });
  await knex.schema.createTable('age_groups', (t) => {
    t.integer('id').primary();
    t.string('code', 32).notNullable().unique();
    t.string('kind', 16).notNullable();
    t.string('name_ja').notNullable();
    t.string('name_en');
    t.integer('min_age');
    t.integer('max_age');
  });
  await knex.schema.createTable('tag_categories', (t) => {
    t.integer('id').primary();
    t.string('code', 32).notNullable().unique();
    t.string('name_ja').notNullable();
    t.string('name_en');
  });
  await knex.schema.createTable('tags', (t) => {
    t.increments('id');
    t.integer('tag_category_id').notNullable().references('tag_categories.id');
    t.string('code', 64).notNullable().unique();
    t.string('name_ja').notNullable();
    t.string('name_en');
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const table of ['tags', 'tag_categories', 'age_groups', 'weekdays', 'prefectures', 'regions']) {
    await knex.schema.dropTableIfExists(table);
  }
}
