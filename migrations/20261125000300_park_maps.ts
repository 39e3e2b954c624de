import type { Knex } from 'knex';

// Map mode's data, per park, in the coordinates of the park's illustrated map (pixels of parks.map_image_url, y down),
// so the back office can edit any of it without touching the picture:
// - park_maps: the picture's size and the metres one pixel stands for (for distances off the graph);
// - map_nodes: walkway junctions and doors; map_edges: walkways between two nodes, with their length, steps (0: step
//   free), rise from `from` to `to` in metres (the slope's direction) and whether they are roofed;
// - map_places: every marker (facilities, barrier-free features, animals, events, quests, others) with the node a
//   route to it ends at; `code` is its name in QR plates (/maps/{parkId}?at={code});
// - map_control_points: pixels with known latitude/longitude, to fit GPS onto the picture.
// The kinds of places as this migration knows them (common/dto/map.ts PLACE_KINDS may grow with a later migration).
const PLACE_KINDS = [
  'entrance',
  'info',
  'toilet',
  'nursing_room',
  'restaurant',
  'shop',
  'rest_area',
  'first_aid',
  'locker',
  'aed',
  'elevator',
  'accessible_toilet',
  'wheelchair_rental',
  'stroller_rental',
  'stairs',
  'slope',
  'animal',
  'event',
  'quest',
  'other',
];

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('park_maps', (t) => {
    t.integer('park_id').primary().references('parks.id').onDelete('CASCADE');
    t.integer('width').notNullable();
    t.integer('height').notNullable();
    t.double('metres_per_px').notNullable();
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.schema.createTable('map_nodes', (t) => {
    t.increments('id');
    t.integer('park_id').notNullable().references('parks.id').onDelete('CASCADE');
    t.string('code', 64).notNullable();
    t.double('x').notNullable();
    t.double('y').notNullable();
    t.unique(['park_id', 'code']);
  });
  await knex.schema.createTable('map_edges', (t) => {
    t.increments('id');
    t.integer('park_id').notNullable().references('parks.id').onDelete('CASCADE');
    t.integer('from_node_id').notNullable().references('map_nodes.id').onDelete('CASCADE');
    t.integer('to_node_id').notNullable().references('map_nodes.id').onDelete('CASCADE');
    t.double('length_m').notNullable();
    t.integer('steps').notNullable().defaultTo(0);
    t.double('rise_m').notNullable().defaultTo(0);
    t.boolean('roofed').notNullable().defaultTo(false);
    t.index(['park_id']);
  });
  await knex.raw('ALTER TABLE map_edges ADD CONSTRAINT map_edges_length CHECK (length_m > 0 AND steps >= 0)');
  await knex.raw('ALTER TABLE map_edges ADD CONSTRAINT map_edges_two_ends CHECK (from_node_id <> to_node_id)');
  await knex.schema.createTable('map_places', (t) => {
    t.increments('id');
    t.integer('park_id').notNullable().references('parks.id').onDelete('CASCADE');
    t.string('code', 64).notNullable();
    t.string('kind', 32).notNullable();
    t.string('name_ja').notNullable();
    t.string('name_en');
    t.double('x').notNullable();
    t.double('y').notNullable();
    t.integer('node_id').notNullable().references('map_nodes.id');
    t.integer('park_living_thing_id').references('park_living_things.id').onDelete('SET NULL');
    t.integer('item_id').references('items.id').onDelete('SET NULL');
    t.integer('sort').notNullable().defaultTo(0);
    t.unique(['park_id', 'code']);
  });
  // Constants of this file, not input: written into the DDL (DDL takes no bound parameters).
  await knex.raw(
    `ALTER TABLE map_places ADD CONSTRAINT map_places_kind CHECK (kind IN (${PLACE_KINDS.map((k) => `'${k}'`).join(', ')}))`,
  );
  await knex.schema.createTable('map_control_points', (t) => {
    t.increments('id');
    t.integer('park_id').notNullable().references('parks.id').onDelete('CASCADE');
    t.double('x').notNullable();
    t.double('y').notNullable();
    t.double('latitude').notNullable();
    t.double('longitude').notNullable();
    t.index(['park_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('map_control_points');
  await knex.schema.dropTable('map_places');
  await knex.schema.dropTable('map_edges');
  await knex.schema.dropTable('map_nodes');
  await knex.schema.dropTable('park_maps');
}
