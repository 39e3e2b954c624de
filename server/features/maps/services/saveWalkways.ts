// The walkway graph in the back office: move a junction (PUT …/map/nodes/{id}), add a junction (POST …/map/nodes),
// add a walkway between two junctions of the park (POST …/map/edges; its length from the picture's scale unless
// given) and remove one (DELETE …/map/edges/{id}). Routes are computed from this graph (common/rules/mapRoute.ts).

import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { DomainError, notFound } from '../../../lib/errors';
import { assertNodesOfPark, assertOnMap, lockParkMap, mapChanged } from '../officeMap';

type Actor = { parkId: number; actorUserId: number };

export async function addNode(knex: Knex, input: Actor & { x: number; y: number }) {
  return knex.transaction(async (trx) => {
    assertOnMap(await lockParkMap(trx, input.parkId), input.x, input.y);
    const [row] = await trx('map_nodes')
      .insert({ park_id: input.parkId, code: `n-${randomUUID().slice(0, 8)}`, x: input.x, y: input.y })
      .returning(['id', 'code', 'x', 'y']);
    await mapChanged(trx, { ...input, entityId: `node:${row.id}`, action: 'nodeCreated', after: row });
    return row;
  });
}

export async function moveNode(knex: Knex, input: Actor & { nodeId: number; x: number; y: number }) {
  return knex.transaction(async (trx) => {
    assertOnMap(await lockParkMap(trx, input.parkId), input.x, input.y);
    const before = await trx('map_nodes').where({ id: input.nodeId, park_id: input.parkId }).first('id', 'x', 'y');
    if (!before) throw notFound();
    await trx('map_nodes').where({ id: input.nodeId }).update({ x: input.x, y: input.y });
    const after = { id: input.nodeId, x: input.x, y: input.y };
    await mapChanged(trx, { ...input, entityId: `node:${input.nodeId}`, action: 'nodeMoved', before, after });
    return after;
  });
}

export async function addEdge(
  knex: Knex,
  input: Actor & { from: number; to: number; lengthM?: number; steps: number; riseM: number; roofed: boolean },
) {
  if (input.from === input.to) throw new DomainError('invalidParam', { field: 'to' });
  return knex.transaction(async (trx) => {
    await lockParkMap(trx, input.parkId);
    await assertNodesOfPark(trx, input.parkId, [input.from, input.to], 'from');
    const map = await trx('park_maps').where({ park_id: input.parkId }).first('metres_per_px');
    const ends = (await trx('map_nodes').whereIn('id', [input.from, input.to]).select('id', 'x', 'y')) as {
      x: number;
      y: number;
    }[];
    const [a, b] = ends as [{ x: number; y: number }, { x: number; y: number }];
    const measured = Math.hypot(a.x - b.x, a.y - b.y) * Number(map.metresPerPx);
    const [row] = await trx('map_edges')
      .insert({
        park_id: input.parkId,
        from_node_id: input.from,
        to_node_id: input.to,
        length_m: input.lengthM ?? Math.max(0.5, Math.round(measured * 10) / 10),
        steps: input.steps,
        rise_m: input.riseM,
        roofed: input.roofed,
      })
      .returning(['id', 'from_node_id', 'to_node_id', 'length_m', 'steps', 'rise_m', 'roofed']);
    await mapChanged(trx, { ...input, entityId: `edge:${row.id}`, action: 'edgeCreated', after: row });
    return row;
  });
}

export async function deleteEdge(knex: Knex, input: Actor & { edgeId: number }) {
  await knex.transaction(async (trx) => {
    await lockParkMap(trx, input.parkId);
    const before = await trx('map_edges').where({ id: input.edgeId, park_id: input.parkId }).first();
    if (!before) throw notFound();
    await trx('map_edges').where({ id: input.edgeId }).delete();
    await mapChanged(trx, { ...input, entityId: `edge:${input.edgeId}`, action: 'edgeDeleted', before });
  });
}

/** PUT …/map/control-points: the whole list of GPS control points (at least 3 to fit the picture, or none). */
export async function setControlPoints(
  knex: Knex,
  input: Actor & { points: { x: number; y: number; latitude: number; longitude: number }[] },
) {
  if (input.points.length > 0 && input.points.length < 3) {
    throw new DomainError('invalidParam', { field: 'control_points' });
  }
  return knex.transaction(async (trx) => {
    const bounds = await lockParkMap(trx, input.parkId);
    for (const p of input.points) assertOnMap(bounds, p.x, p.y, 'control_points');
    const before = await trx('map_control_points')
      .where({ park_id: input.parkId })
      .select('x', 'y', 'latitude', 'longitude');
    await trx('map_control_points').where({ park_id: input.parkId }).delete();
    if (input.points.length) {
      await trx('map_control_points').insert(input.points.map((p) => ({ park_id: input.parkId, ...p })));
    }
    await mapChanged(trx, {
      ...input,
      entityId: 'controlPoints',
      action: 'controlPoints',
      before,
      after: input.points,
    });
    return input.points;
  });
}
