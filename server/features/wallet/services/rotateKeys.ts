// Key rotation per park. rotateParkKey makes a new signing key (tokens issued from now on use it; tokens signed
// with older keys stay valid, and their public keys stay served). retireOldKeys retires keys superseded more
// than `overlapMs` ago: their live tokens are revoked (listed for staff devices) and re-issued with the current
// key on the next wallet read. `npm run wallet:rotate-keys` rotates; the retireTicketKeys sweep retires.
import type { Knex } from 'knex';
import { audit } from '../../../lib/audit';
import { createParkKey, type KeyRow } from '../keys';
import { revokeTokensWhere } from '../tokens';

export const KEY_OVERLAP_MS = 3 * 86_400_000;
/**
 * How long a new key is announced before it signs: staff devices cache the key list for 300 s and sync at start,
 * on `online` and every few minutes while scanning, so an hour reaches every gate that is online at all.
 */
export const KEY_ANNOUNCE_MS = 3_600_000;

/** A new key for the park, signing from `now + announceMs` (0 for a key that must sign at once, e.g. a leak). */
export async function rotateParkKey(
  knex: Knex,
  appSecret: string,
  parkId: number,
  now = new Date(),
  announceMs = KEY_ANNOUNCE_MS,
): Promise<KeyRow> {
  const key = await createParkKey(knex, parkId, appSecret, now, new Date(now.getTime() + announceMs));
  await audit(knex, {
    entity: 'park',
    entityId: parkId,
    action: 'ticket_key_rotated',
    data: { kid: key.kid, signsFrom: new Date(key.signsFrom).toISOString() },
  });
  return key;
}

export async function retireOldKeys(knex: Knex, now = new Date(), overlapMs = KEY_OVERLAP_MS): Promise<string[]> {
  return knex.transaction(async (trx) => {
    // Keys not retired that a later key has replaced (it has signed since before now - overlap).
    const rows = (await trx('ticket_signing_keys as k')
      .whereNull('k.retired_at')
      .whereExists(
        trx('ticket_signing_keys as n')
          .whereRaw('n.park_id = k.park_id')
          .whereRaw('n.signs_from > k.signs_from')
          .where('n.signs_from', '<=', new Date(now.getTime() - overlapMs))
          .whereNull('n.retired_at'),
      )
      .forUpdate()
      .skipLocked()
      .select('k.id', 'k.kid', 'k.park_id')) as { id: number; kid: string; parkId: number }[];
    if (rows.length === 0) return [];
    const kids = rows.map((r) => r.kid);
    await trx('ticket_signing_keys').whereIn('kid', kids).update({ retired_at: now });
    await revokeTokensWhere(trx, (q) => q.whereIn('kid', kids), 'rotated', now);
    for (const r of rows) {
      await audit(trx, { entity: 'park', entityId: r.parkId, action: 'ticket_key_retired', data: { kid: r.kid } });
    }
    return kids;
  });
}
