import type { Knex } from 'knex';
import type { Cart, CartNotice, CartsMeta } from '../../../../common/dto/cart';
import type { Locale } from '../../../../common/enums';
import { message } from '../../../../common/messages';
import { HOLD_MINUTES } from '../../../../common/rules/cart';
import { notFound } from '../../../lib/errors';
import { LINE_COLUMNS, type LineRow, lineOf } from '../lines';
import type { CartOwner } from '../owner';
import { type CartGroup, loadCatalogueFor, presentCart } from '../presentCart';
import { expireHolds } from './expireHolds';

type LineWithPark = LineRow & { parkId: number; parkNameJa: string; parkNameEn: string | null };

/** The owner's lines (of one park, or all), with their park, oldest first. */
export async function ownerLines(
  db: Knex | Knex.Transaction,
  ownerKey: string,
  parkId?: number,
): Promise<LineWithPark[]> {
  const rows = (await db('cart_lines')
    .join('carts', 'carts.id', 'cart_lines.cart_id')
    .join('parks', 'parks.id', 'carts.park_id')
    .where('carts.owner_key', ownerKey)
    .modify((q) => {
      if (parkId !== undefined) q.where('carts.park_id', parkId);
    })
    .orderBy([{ column: 'parks.id' }, { column: 'cart_lines.id' }])
    .select([
      ...LINE_COLUMNS,
      'carts.park_id',
      { parkNameJa: 'parks.name_ja', parkNameEn: 'parks.name_en' },
    ])) as LineWithPark[];
  return rows.map((r) => ({ ...lineOf(r), parkId: r.parkId, parkNameJa: r.parkNameJa, parkNameEn: r.parkNameEn }));
}

/** The owner's notices not shown yet, marked shown in the same statement (each is answered once). */
export async function takeNotices(db: Knex, ownerKey: string, locale: Locale, now: Date): Promise<CartNotice[]> {
  const { rows } = (await db.raw(
    `UPDATE cart_notices SET shown_at = ? WHERE owner_key = ? AND shown_at IS NULL
     RETURNING id, code, params, created_at`,
    [now, ownerKey],
  )) as { rows: { id: number; code: 'holdExpired'; params: unknown; created_at: Date }[] };
  return rows
    .sort((a, b) => Number(a.id) - Number(b.id))
    .map((r) => {
      const params = (typeof r.params === 'string' ? JSON.parse(r.params) : r.params) as {
        name?: { ja: string; en: string };
      };
      const name = params.name ? params.name[locale] || params.name.ja : '';
      return {
        id: Number(r.id),
        code: r.code,
        message: message('holdExpiredNotice', locale, { name }),
        createdAt: new Date(r.created_at).toISOString(),
      };
    });
}

export function cartsMeta(notices: CartNotice[], now: Date): CartsMeta {
  return { notices, holdMinutes: HOLD_MINUTES, serverTime: now.toISOString() };
}

/** Present the owner's carts (one per park with lines), after sweeping the owner's expired lines. */
export async function presentOwnerCarts(knex: Knex, owner: CartOwner, locale: Locale): Promise<Cart[]> {
  const lines = await ownerLines(knex, owner.key);
  const cat = await loadCatalogueFor(knex, lines, owner.userId);
  const groups = new Map<number, CartGroup>();
  for (const l of lines) {
    const g = groups.get(l.parkId) ?? {
      parkId: l.parkId,
      parkNameJa: l.parkNameJa,
      parkNameEn: l.parkNameEn,
      lines: [],
    };
    g.lines.push(l);
    groups.set(l.parkId, g);
  }
  return [...groups.values()].map((g) => presentCart(g, cat, locale));
}

/** `GET /api/v1/carts`: every cart of the caller, grouped per park, and the notices not shown yet. */
export async function listCarts(knex: Knex, owner: CartOwner, locale: Locale, now = new Date()) {
  await expireHolds(knex, { ownerKey: owner.key, now });
  const notices = await takeNotices(knex, owner.key, locale, now);
  const carts = await presentOwnerCarts(knex, owner, locale);
  return { carts, meta: cartsMeta(notices, now) };
}

/** `GET /api/v1/carts/{parkId}`: the caller's cart of one park (empty when there is none). */
export async function getParkCart(knex: Knex, owner: CartOwner, parkId: number, locale: Locale, now = new Date()) {
  const park = (await knex('parks').where('id', parkId).first('id', 'name_ja', 'name_en')) as
    | { id: number; nameJa: string; nameEn: string | null }
    | undefined;
  if (!park) throw notFound();
  await expireHolds(knex, { ownerKey: owner.key, now });
  const notices = await takeNotices(knex, owner.key, locale, now);
  const lines = await ownerLines(knex, owner.key, parkId);
  const cat = await loadCatalogueFor(knex, lines, owner.userId);
  const cart = presentCart({ parkId, parkNameJa: park.nameJa, parkNameEn: park.nameEn, lines }, cat, locale);
  return { cart, meta: cartsMeta(notices, now) };
}
