// npm run wallet:rotate-keys [-- [--at-once] <parkId> ...]: a new ticket signing key for the parks named (default:
// every park), announced to staff devices an hour before it signs (--at-once: signs now, for a key that leaked),
// then retire keys superseded for longer than the overlap (3 days). Tokens signed with a key stay valid until it
// retires; retiring revokes them and wallets get new ones on their next read.
import { loadConfig } from '../config';
import { createKnex } from '../db/knex';
import { migrateLatest } from '../db/migrate';
import { KEY_ANNOUNCE_MS, retireOldKeys, rotateParkKey } from '../features/wallet/services/rotateKeys';

const config = loadConfig();
const knex = createKnex({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, pooler: config.databasePooler });
try {
  await migrateLatest(knex);
  const args = process.argv.slice(2);
  const announceMs = args.includes('--at-once') ? 0 : KEY_ANNOUNCE_MS;
  const named = args.map(Number).filter(Number.isInteger);
  const parks = named.length ? named : ((await knex('parks').orderBy('id').pluck('id')) as number[]);
  const rotated = [];
  for (const parkId of parks)
    rotated.push((await rotateParkKey(knex, config.appSecret, parkId, new Date(), announceMs)).kid);
  const retired = await retireOldKeys(knex);
  console.log(JSON.stringify({ rotated, retired }));
} finally {
  await knex.destroy();
}
