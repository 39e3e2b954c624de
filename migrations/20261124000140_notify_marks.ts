import type { Knex } from 'knex';

// Marks that a notification went out once: tickets.usable_notified_at (a URL-access ticket's link is live today)
// and stories.announced_at (followers of the park were told of a new story). Stories already published count as
// announced, so the first start does not tell of old stories.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('tickets', (t) => {
    t.timestamp('usable_notified_at', { useTz: true });
  });
  await knex.schema.alterTable('stories', (t) => {
    t.timestamp('announced_at', { useTz: true });
  });
  await knex('stories').update({ announced_at: knex.fn.now() });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('stories', (t) => t.dropColumn('announced_at'));
  await knex.schema.alterTable('tickets', (t) => t.dropColumn('usable_notified_at'));
}
