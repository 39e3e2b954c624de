// npm run db:seed: migrate and (re)seed the configured database. Seeding is idempotent.
import { loadConfig } from '../config';
import { createKnex } from '../db/knex';
import { migrateLatest } from '../db/migrate';

const config = loadConfig();
const knex = createKnex({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, pooler: config.databasePooler });
try {
  const applied = await migrateLatest(knex);
  if (applied.length) console.log(`migrated: ${applied.join(', ')}`);
  const { seed } = await import('../../seeds/index');
  await seed(knex);
  console.log('seeded');
} finally {
  await knex.destroy();
}
