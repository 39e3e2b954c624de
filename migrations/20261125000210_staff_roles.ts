import type { Knex } from 'knex';

// Park staff get a role per park (common/dto/staff.ts STAFF_ROLES): scanner runs the gate; owner, editor and
// finance are for the back office. A user may hold several roles at one park, one row each. Existing staff rows
// (the seeded gate accounts) are scanners. The gate's day list reads tickets by park and day of use.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('park_staff', (t) => {
    t.string('role', 16).notNullable().defaultTo('scanner');
  });
  await knex.raw(
    "ALTER TABLE park_staff ADD CONSTRAINT park_staff_role_check CHECK (role IN ('owner', 'editor', 'scanner', 'finance'))",
  );
  await knex.raw('ALTER TABLE park_staff DROP CONSTRAINT park_staff_pkey');
  await knex.raw('ALTER TABLE park_staff ADD PRIMARY KEY (user_id, park_id, role)');
  await knex.raw('CREATE INDEX park_staff_by_park ON park_staff (park_id, role)');
  await knex.raw('CREATE INDEX tickets_by_park_day ON tickets (park_id, use_date, id)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX IF EXISTS tickets_by_park_day');
  await knex.raw('DROP INDEX IF EXISTS park_staff_by_park');
  await knex.raw('ALTER TABLE park_staff DROP CONSTRAINT park_staff_pkey');
  await knex('park_staff').whereNot({ role: 'scanner' }).delete();
  await knex.raw('ALTER TABLE park_staff DROP CONSTRAINT IF EXISTS park_staff_role_check');
  await knex.schema.alterTable('park_staff', (t) => {
    t.dropColumn('role');
  });
  await knex.raw('ALTER TABLE park_staff ADD PRIMARY KEY (user_id, park_id)');
}
