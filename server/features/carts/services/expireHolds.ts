// The job `expireHolds`: cart lines past their deadline give their stock back, are removed, and their owner gets
// a notice shown once by the next `GET /api/v1/carts`. Lines frozen by an order awaiting payment are left to the
// payment's outcome (cartPath.ts); the abandoned-payment job ends such payments. Lines and holds are claimed with FOR UPDATE SKIP LOCKED,
// so several app instances can sweep at once, and the sweep never waits for a cart call or a payment that is
// busy with the same rows (it takes them on its next run): it cannot deadlock with them either.
import type { Knex } from 'knex';
import { lockLineHolds, releaseLockedHolds } from '../../stock';

export interface ExpireOptions {
  now?: Date;
  /** Lines per transaction. */
  batch?: number;
  /** Only this owner's lines (the cart calls sweep their caller's cart before answering). */
  ownerKey?: string;
}

export interface ExpireResult {
  lines: number;
  holds: number;
}

interface ClaimedLine {
  id: number;
  item_id: number | null;
  ticket_pack_id: number | null;
  owner_key: string;
  user_id: number | null;
  name_ja: string;
  name_en: string | null;
}

async function expireBatch(trx: Knex.Transaction, now: Date, batch: number, ownerKey?: string) {
  const { rows: lines } = (await trx.raw(
    `SELECT l.id, l.item_id, l.ticket_pack_id, c.owner_key, c.user_id,
       coalesce(i.name_ja, t.name_ja) AS name_ja, coalesce(i.name_en, t.name_en) AS name_en
     FROM cart_lines l
     JOIN carts c ON c.id = l.cart_id
     LEFT JOIN items i ON i.id = l.item_id
     LEFT JOIN ticket_packs t ON t.id = l.ticket_pack_id
     WHERE l.expires_at <= ? AND l.order_id IS NULL ${ownerKey ? 'AND c.owner_key = ?' : ''}
     ORDER BY l.id LIMIT ?
     FOR UPDATE OF l SKIP LOCKED`,
    [now, ...(ownerKey ? [ownerKey] : []), batch],
  )) as { rows: ClaimedLine[] };
  if (lines.length === 0) return { claimed: 0, lines: 0, holds: 0 };
  const lineIds = lines.map((l) => Number(l.id));

  // Their live holds: those a payment (or anyone) is busy with are skipped, and so is their line this time.
  const live = (await trx('stock_holds')
    .whereIn('cart_line_id', lineIds)
    .where('state', 'held')
    .select('id', 'cart_line_id')) as { id: number; cartLineId: number }[];
  const locked = await lockLineHolds(trx, lineIds, { skipLocked: true });
  const lockedIds = new Set(locked.map((h) => Number(h.id)));
  const busy = new Set(live.filter((h) => !lockedIds.has(Number(h.id))).map((h) => Number(h.cartLineId)));
  const done = lines.filter((l) => !busy.has(Number(l.id)));
  if (done.length === 0) return { claimed: lines.length, lines: 0, holds: 0 };
  const doneIds = new Set(done.map((l) => Number(l.id)));
  const holds = locked.filter((h) => doneIds.has(Number(h.cartLineId)));

  const released = await releaseLockedHolds(trx, holds, 'expired');
  // A line whose holds were all sold was bought: it goes quietly. Others (lottery lines hold nothing) get a notice.
  const sold = new Set(
    (
      (await trx('stock_holds')
        .whereIn('cart_line_id', [...doneIds])
        .where('state', 'sold')
        .distinct('cart_line_id')) as { cartLineId: number }[]
    ).map((r) => Number(r.cartLineId)),
  );
  const notices = done.filter((l) => !sold.has(Number(l.id)));
  if (notices.length > 0) {
    await trx('cart_notices').insert(
      notices.map((l) => ({
        owner_key: l.owner_key,
        user_id: l.user_id,
        code: 'holdExpired',
        params: JSON.stringify({ name: { ja: l.name_ja, en: l.name_en ?? l.name_ja } }),
        created_at: now,
      })),
    );
  }
  await trx('cart_lines')
    .whereIn('id', [...doneIds])
    .del();
  return { claimed: lines.length, lines: done.length, holds: released.length };
}

/** Sweeps expired lines in batches until none is left that it can claim. */
export async function expireHolds(knex: Knex, options: ExpireOptions = {}): Promise<ExpireResult> {
  const now = options.now ?? new Date();
  const batch = options.batch ?? 200;
  const total: ExpireResult = { lines: 0, holds: 0 };
  for (;;) {
    const r = await knex.transaction((trx) => expireBatch(trx, now, batch, options.ownerKey));
    total.lines += r.lines;
    total.holds += r.holds;
    // Fewer than a full batch claimed, or nothing could be done (all busy): try again on the next run.
    if (r.claimed < batch || r.lines === 0) break;
  }
  if (!options.ownerKey) {
    // Carts left empty for a day go (a cart row is only the lock and the park of its lines).
    await knex('carts')
      .where('updated_at', '<', new Date(now.getTime() - 86_400_000))
      .whereNotExists(knex('cart_lines').whereRaw('cart_lines.cart_id = carts.id'))
      .del();
  }
  return total;
}
