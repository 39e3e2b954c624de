// npm run wallet:rotate-keys [-- <parkId> ...]: a new ticket signing key for the parks named (default: every
// park), then retire keys superseded for longer than the overlap (3 days). Tokens signed with a key stay valid
// until it retires; retiring revokes them and wallets get new ones on their next read.
import { loadConfig } from '../config';
import { createKnex } from '../db/knex';
import { migrateLatest } from '../db/migrate';
import { retireOldKeys, rotateParkKey } from '../features/wallet/services/rotateKeys';

const config = loadConfig();
const knex = createKnex({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  await migrateLatest(knex);
  const named = process.argv.slice(2).map(Number).filter(Number.isInteger);
  const parks = named.length ? named : ((await knex('parks').orderBy('id').pluck('id')) as number[]);
  const rotated = [];
  for (const parkId of parks) rotated.push((await rotateParkKey(knex, config.appSecret, parkId)).kid);
  const retired = await retireOldKeys(knex);
  console.log(JSON.stringify({ rotated, retired }));
} finally {
  await knex.destroy();
}
