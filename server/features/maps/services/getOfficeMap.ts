// GET api/v1/staff/parks/{parkId}/map: the park's map data as its editors edit it (a private park's too).
import type { Knex } from 'knex';
import type { OfficeMap } from '../../../../common/dto/map';
import { notFound } from '../../../lib/errors';

export async function getOfficeMap(knex: Knex, parkId: number): Promise<OfficeMap> {
  const map = await knex('park_maps as m')
    .join('parks as p', 'p.id', 'm.park_id')
    .where('m.park_id', parkId)
    .first('m.width', 'm.height', 'm.metres_per_px', 'm.updated_at', 'p.map_image_url');
  if (!map) throw notFound();
  const [places, nodes, edges, controlPoints] = await Promise.all([
    knex('map_places')
      .where({ park_id: parkId })
      .orderBy(['sort', 'id'])
      .select('id', 'code', 'kind', 'name_ja', 'name_en', 'x', 'y', 'node_id'),
    knex('map_nodes').where({ park_id: parkId }).orderBy('id').select('id', 'code', 'x', 'y'),
    knex('map_edges')
      .where({ park_id: parkId })
      .orderBy('id')
      .select('id', 'from_node_id', 'to_node_id', 'length_m', 'steps', 'rise_m', 'roofed'),
    knex('map_control_points').where({ park_id: parkId }).orderBy('id').select('x', 'y', 'latitude', 'longitude'),
  ]);
  return {
    parkId,
    imageUrl: map.mapImageUrl,
    width: Number(map.width),
    height: Number(map.height),
    metresPerPx: Number(map.metresPerPx),
    updatedAt: new Date(map.updatedAt).toISOString(),
    places: places.map((p: Record<string, unknown>) => ({
      id: Number(p.id),
      code: String(p.code),
      kind: p.kind as OfficeMap['places'][number]['kind'],
      nameJa: String(p.nameJa),
      nameEn: (p.nameEn as string | null) ?? null,
      x: Number(p.x),
      y: Number(p.y),
      nodeId: Number(p.nodeId),
    })),
    nodes: nodes.map((n: Record<string, unknown>) => ({
      id: Number(n.id),
      code: String(n.code),
      x: Number(n.x),
      y: Number(n.y),
    })),
    edges: edges.map((e: Record<string, unknown>) => ({
      id: Number(e.id),
      from: Number(e.fromNodeId),
      to: Number(e.toNodeId),
      lengthM: Number(e.lengthM),
      steps: Number(e.steps),
      riseM: Number(e.riseM),
      roofed: Boolean(e.roofed),
    })),
    controlPoints: controlPoints.map((c: Record<string, unknown>) => ({
      x: Number(c.x),
      y: Number(c.y),
      latitude: Number(c.latitude),
      longitude: Number(c.longitude),
    })),
  };
}
