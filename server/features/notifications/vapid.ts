// The deployment's VAPID key pair: from configuration, or made once and kept in the database. Instances starting
// together insert with ON CONFLICT DO NOTHING on the one allowed row and then all read that row: never two sets.
import type { Knex } from 'knex';
import webpush from 'web-push';
import type { Config } from '../../config';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

const cache = new WeakMap<Knex, VapidKeys>();

export async function vapidKeys(knex: Knex, config: Config): Promise<VapidKeys> {
  if (config.push.vapid) return config.push.vapid;
  const known = cache.get(knex);
  if (known) return known;
  const made = webpush.generateVAPIDKeys();
  await knex('vapid_keys')
    .insert({ id: 1, public_key: made.publicKey, private_key: made.privateKey })
    .onConflict('id')
    .ignore();
  const row = (await knex('vapid_keys').where({ id: 1 }).first('public_key', 'private_key')) as {
    publicKey: string;
    privateKey: string;
  };
  const keys = { publicKey: row.publicKey, privateKey: row.privateKey };
  cache.set(knex, keys);
  return keys;
}
