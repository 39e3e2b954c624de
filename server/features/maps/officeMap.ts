// What every change to a park's map data shares: the park's map (its picture's size bounds every point), the node
// check (a place or walkway may only use the park's own junctions), and the mark that the map changed (park_maps
// updated_at, which the map's cached answer and the PWA's stored copy follow) with the park's audit row.
import type { Knex } from 'knex';
import { DomainError, notFound } from '../../lib/errors';
import { recordStaffChange } from '../../lib/staffAudit';

export interface MapBounds {
  width: number;
  height: number;
}

/** The park's map, locked: changes to one park's map data run one at a time. */
export async function lockParkMap(trx: Knex.Transaction, parkId: number): Promise<MapBounds> {
  const map = await trx('park_maps').where({ park_id: parkId }).forUpdate().first('width', 'height');
  if (!map) throw notFound();
  return { width: Number(map.width), height: Number(map.height) };
}

export function assertOnMap(bounds: MapBounds, x: number, y: number, field = 'x'): void {
  if (x < 0 || y < 0 || x > bounds.width || y > bounds.height) throw new DomainError('mapPointOutside', { field });
}

export async function assertNodesOfPark(trx: Knex.Transaction, parkId: number, ids: number[], field: string) {
  const found = (await trx('map_nodes')
    .where({ park_id: parkId })
    .whereIn('id', [...new Set(ids)])
    .pluck('id')) as number[];
  if (found.length !== new Set(ids).size) throw new DomainError('invalidParam', { field });
}

export async function mapChanged(
  trx: Knex.Transaction,
  change: { parkId: number; actorUserId: number; entityId: string; action: string; before?: unknown; after?: unknown },
): Promise<void> {
  await trx('park_maps').where({ park_id: change.parkId }).update({ updated_at: new Date() });
  await recordStaffChange(trx, { ...change, entity: 'map' });
}
