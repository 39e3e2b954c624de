// Rotation by age, the scheduled twin of `npm run wallet:rotate-keys`: a park whose newest live signing key was made
// longer than `maxAgeMs` ago gets a new one (announced before it signs, like the CLI's). The age is checked again
// under a lock of the park's row, so runners that meet (two instances, the CLI and the sweep) rotate once.
import type { Knex } from 'knex';
import { transaction } from '../../../db/timeouts';
import { rotateParkKey } from './rotateKeys';

/** The kids of the keys made; `maxAgeMs` 0 turns rotation off. */
export async function rotateAgedKeys(knex: Knex, appSecret: string, now: Date, maxAgeMs: number): Promise<string[]> {
  if (maxAgeMs <= 0) return [];
  const cutoff = new Date(now.getTime() - maxAgeMs);
  const newest = (db: Knex | Knex.Transaction) =>
    db('ticket_signing_keys').whereNull('retired_at').groupBy('park_id').havingRaw('max(created_at) <= ?', [cutoff]);
  const parks = (await newest(knex).orderBy('park_id').pluck('park_id')) as number[];
  const made: string[] = [];
  for (const parkId of parks) {
    const kid = await transaction(knex, 'default', async (trx) => {
      await trx('parks').where({ id: parkId }).forUpdate().first('id');
      if (!(await newest(trx).where({ park_id: parkId }).first('park_id'))) return null;
      return (await rotateParkKey(trx, appSecret, parkId, now)).kid;
    });
    if (kid) made.push(kid);
  }
  return made;
}
