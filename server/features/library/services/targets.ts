import type { Knex } from 'knex';
import type { FavoriteTarget, FollowTarget } from '../../../../common/dto/library';
import { LISTED_SALE_LABELS } from '../../../../common/enums';

type Db = Knex | Knex.Transaction;

/**
 * Joins that resolve the targets of a follows table aliased `f`: a row shows only while its target exists
 * and is public (parks and park users of public parks; living things always).
 */
export function joinFollowTargets(q: Knex.QueryBuilder): Knex.QueryBuilder {
  return q
    .leftJoin('parks as p', (j) =>
      j.on('p.id', '=', 'f.target_id').andOnVal('f.target_type', '=', 'park').andOnVal('p.is_private', '=', false),
    )
    .leftJoin('park_users as pu', (j) => j.on('pu.id', '=', 'f.target_id').andOnVal('f.target_type', '=', 'park_user'))
    .leftJoin('parks as pup', (j) => j.on('pup.id', '=', 'pu.park_id').andOnVal('pup.is_private', '=', false))
    .leftJoin('living_things as lt', (j) =>
      j.on('lt.id', '=', 'f.target_id').andOnVal('f.target_type', '=', 'living_thing'),
    )
    .where((b) => b.whereNotNull('p.id').orWhereNotNull('pup.id').orWhereNotNull('lt.id'));
}

/** Whether a follow target exists and is public. */
export async function followTargetExists(knex: Db, type: FollowTarget, id: number): Promise<boolean> {
  let q: Knex.QueryBuilder;
  switch (type) {
    case 'park':
      q = knex('parks').where({ id, is_private: false });
      break;
    case 'park_user':
      q = knex('park_users')
        .join('parks', 'parks.id', 'park_users.park_id')
        .where('park_users.id', id)
        .where('parks.is_private', false);
      break;
    case 'living_thing':
      q = knex('living_things').where({ id });
      break;
  }
  return !!(await q.first(knex.raw('1 as found')));
}

/**
 * Joins that resolve the targets of a favorites table aliased `f`: items and ticket packs that are public and
 * listed (not private, not ended), of public parks.
 */
export function joinFavoriteTargets(q: Knex.QueryBuilder): Knex.QueryBuilder {
  return q
    .leftJoin('items as i', (j) =>
      j
        .on('i.id', '=', 'f.target_id')
        .andOnVal('f.target_type', '=', 'item')
        .andOnVal('i.is_private', '=', false)
        .andOnIn('i.sale_label', [...LISTED_SALE_LABELS]),
    )
    .leftJoin('ticket_packs as tp', (j) =>
      j
        .on('tp.id', '=', 'f.target_id')
        .andOnVal('f.target_type', '=', 'ticket_pack')
        .andOnVal('tp.is_private', '=', false)
        .andOnIn('tp.sale_label', [...LISTED_SALE_LABELS]),
    )
    .leftJoin('parks as fp', (j) =>
      j
        .on((w) => w.on('fp.id', '=', 'i.park_id').orOn('fp.id', '=', 'tp.park_id'))
        .andOnVal('fp.is_private', '=', false),
    )
    .whereNotNull('fp.id');
}

/** Whether a favourite target exists and is listed publicly. */
export async function favoriteTargetExists(knex: Db, type: FavoriteTarget, id: number): Promise<boolean> {
  const table = type === 'item' ? 'items' : 'ticket_packs';
  const row = await knex(table)
    .join('parks', 'parks.id', `${table}.park_id`)
    .where(`${table}.id`, id)
    .where(`${table}.is_private`, false)
    .whereIn(`${table}.sale_label`, [...LISTED_SALE_LABELS])
    .where('parks.is_private', false)
    .first(knex.raw('1 as found'));
  return !!row;
}
