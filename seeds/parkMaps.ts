// Map mode's data for every seeded park (seeds/mapData.ts), replaced on each run like the parks' other child rows.
import type { Knex } from 'knex';
import { PARKS } from './content/parks';
import { parkMapSeed } from './mapData';
import { chunk } from './util';

type IdMap = Map<string, number>;

export async function seedParkMaps(trx: Knex.Transaction, parkIds: IdMap, parkAnimalIds: IdMap, itemIds: IdMap) {
  for (const park of PARKS) {
    const parkId = parkIds.get(park.slug);
    if (parkId === undefined) continue;
    const map = parkMapSeed(park);
    await trx('map_control_points').where({ park_id: parkId }).del();
    await trx('map_places').where({ park_id: parkId }).del();
    await trx('map_edges').where({ park_id: parkId }).del();
    await trx('map_nodes').where({ park_id: parkId }).del();
    await trx('park_maps')
      .insert({
        park_id: parkId,
        width: map.width,
        height: map.height,
        metres_per_px: map.metresPerPx,
        updated_at: trx.fn.now(),
      })
      .onConflict('park_id')
      .merge();
    const nodeIds: IdMap = new Map();
    for (const part of chunk(map.nodes)) {
      const rows = (await trx('map_nodes')
        .insert(part.map((n) => ({ park_id: parkId, code: n.code, x: n.x, y: n.y })))
        .returning(['id', 'code'])) as { id: number; code: string }[];
      for (const r of rows) nodeIds.set(r.code, Number(r.id));
    }
    const node = (code: string) => {
      const id = nodeIds.get(code);
      if (id === undefined) throw new Error(`seed: ${park.slug} has no map node ${code}`);
      return id;
    };
    for (const part of chunk(map.edges))
      await trx('map_edges').insert(
        part.map((e) => ({
          park_id: parkId,
          from_node_id: node(e.from),
          to_node_id: node(e.to),
          length_m: e.lengthM,
          steps: e.steps,
          rise_m: e.riseM,
          roofed: e.roofed,
        })),
      );
    for (const part of chunk(map.places.map((p, sort) => ({ p, sort }))))
      await trx('map_places').insert(
        part.map(({ p, sort }) => ({
          park_id: parkId,
          code: p.code,
          kind: p.kind,
          name_ja: p.name.ja,
          name_en: p.name.en,
          x: p.x,
          y: p.y,
          node_id: node(p.node),
          park_living_thing_id: p.parkAnimalCode ? (parkAnimalIds.get(p.parkAnimalCode) ?? null) : null,
          item_id: p.itemCode ? (itemIds.get(p.itemCode) ?? null) : null,
          sort,
        })),
      );
    await trx('map_control_points').insert(map.controlPoints.map((c) => ({ park_id: parkId, ...c })));
  }
}
