// The sweep notifyExpiringHolds: a signed-in owner whose cart line's hold ends within 3 minutes is told once
// (cart_lines.expiry_notified_at). Lines frozen by an order awaiting payment are not: their payment decides.
// Claimed with SKIP LOCKED, so instances and cart calls never wait on each other.
import type { Knex } from 'knex';
import { itemName, notify } from './notify';

export const EXPIRY_NOTICE_MS = 3 * 60_000;

export async function notifyExpiringHolds(knex: Knex, now: Date): Promise<{ notified: number }> {
  return knex.transaction(async (trx) => {
    const { rows } = (await trx.raw(
      `SELECT l.id, l.item_id, l.ticket_pack_id, c.user_id, c.park_id FROM cart_lines l JOIN carts c ON c.id = l.cart_id
       WHERE c.user_id IS NOT NULL AND l.order_id IS NULL AND l.expiry_notified_at IS NULL
         AND l.expires_at > ? AND l.expires_at <= ?
       ORDER BY l.id LIMIT 200 FOR UPDATE OF l SKIP LOCKED`,
      [now, new Date(now.getTime() + EXPIRY_NOTICE_MS)],
    )) as {
      rows: { id: number; item_id: number | null; ticket_pack_id: number | null; user_id: number; park_id: number }[];
    };
    for (const line of rows) {
      const item = line.item_id
        ? await itemName(trx, line.item_id)
        : await trx('ticket_packs')
            .where({ id: line.ticket_pack_id })
            .first('name_ja', 'name_en')
            .then((p) => ({ ja: p?.nameJa ?? '', en: p?.nameEn ?? p?.nameJa ?? '' }));
      await notify(trx, {
        userId: line.user_id,
        kind: 'holdExpiring',
        params: { item },
        navigate: '/cart',
        about: `line:${line.id}`,
      });
    }
    if (rows.length) {
      await trx('cart_lines')
        .whereIn(
          'id',
          rows.map((r) => r.id),
        )
        .update({ expiry_notified_at: now });
    }
    return { notified: rows.length };
  });
}
