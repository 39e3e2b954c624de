import { ItemCategory, LISTED_SALE_LABELS } from '../../../../common/enums';
import { notFound } from '../../../lib/errors';
import type { Db } from '../../../lib/routeKit';

export interface ParkMapRows {
  park: {
    id: number;
    kind: 'zoo' | 'aquarium';
    nameJa: string;
    nameEn: string | null;
    mapImageUrl: string;
    width: number;
    height: number;
    metresPerPx: number;
    updatedAt: Date | string;
  };
  places: {
    id: number;
    code: string;
    kind: string;
    nameJa: string;
    nameEn: string | null;
    x: number;
    y: number;
    nodeId: number;
    parkLivingThingId: number | null;
    itemId: number | null;
  }[];
  nodes: { id: number; x: number; y: number }[];
  edges: {
    id: number;
    fromNodeId: number;
    toNodeId: number;
    lengthM: number;
    steps: number;
    riseM: number;
    roofed: boolean;
  }[];
  controlPoints: { x: number; y: number; latitude: number; longitude: number }[];
  events: {
    id: number;
    category: number;
    nameJa: string;
    nameEn: string | null;
    startTime: string | null;
    endTime: string | null;
  }[];
}

/** A public park's map data, and its events and quests on `date` (Asia/Tokyo) with their times. */
export async function getParkMap(knex: Db, parkId: number, date: string): Promise<ParkMapRows> {
  const park = (await knex('parks')
    .join('park_maps', 'park_maps.park_id', 'parks.id')
    .where('parks.id', parkId)
    .where('parks.is_private', false)
    .first(
      'parks.id',
      'parks.kind',
      'parks.name_ja',
      'parks.name_en',
      'parks.map_image_url',
      'park_maps.width',
      'park_maps.height',
      'park_maps.metres_per_px',
      'park_maps.updated_at',
    )) as ParkMapRows['park'] | undefined;
  if (!park) throw notFound();
  const [places, nodes, edges, controlPoints, events] = await Promise.all([
    knex('map_places')
      .where({ park_id: parkId })
      .orderBy(['sort', 'id'])
      .select('id', 'code', 'kind', 'name_ja', 'name_en', 'x', 'y', 'node_id', 'park_living_thing_id', 'item_id'),
    knex('map_nodes').where({ park_id: parkId }).orderBy('id').select('id', 'x', 'y'),
    knex('map_edges')
      .where({ park_id: parkId })
      .orderBy('id')
      .select('id', 'from_node_id', 'to_node_id', 'length_m', 'steps', 'rise_m', 'roofed'),
    knex('map_control_points').where({ park_id: parkId }).orderBy('id').select('x', 'y', 'latitude', 'longitude'),
    knex('items')
      .leftJoin('item_time_slots', 'item_time_slots.item_id', 'items.id')
      .where('items.park_id', parkId)
      .whereIn('items.category', [ItemCategory.Event, ItemCategory.Quest])
      .where('items.is_private', false)
      .whereIn('items.sale_label', [...LISTED_SALE_LABELS])
      .where('items.available_from', '<=', date)
      .where('items.available_until', '>=', date)
      .whereNotExists((q) =>
        q.select(1).from('item_excluded_days as x').whereRaw('x.item_id = items.id').where('x.date', date),
      )
      .orderBy([{ column: 'items.id' }, { column: 'item_time_slots.start_time' }])
      .select(
        'items.id',
        'items.category',
        'items.name_ja',
        'items.name_en',
        'item_time_slots.start_time',
        'item_time_slots.end_time',
      ),
  ]);
  return { park, places, nodes, edges, controlPoints, events } as ParkMapRows;
}
