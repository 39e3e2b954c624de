// POST and PUT api/v1/staff/parks/{parkId}/map/places[/{id}]: an editor places a marker on the park's map (or moves
// and renames one): its kind, names, point on the picture and the junction a route to it ends at (the nearest one
// when not given). DELETE removes a marker. Codes (the names QR plates use) are unique per park.
import type { Knex } from 'knex';
import type { PlaceKind } from '../../../../common/dto/map';
import { DomainError, notFound } from '../../../lib/errors';
import { assertNodesOfPark, assertOnMap, lockParkMap, mapChanged } from '../officeMap';

export interface PlaceFields {
  code?: string;
  kind?: PlaceKind;
  nameJa?: string;
  nameEn?: string | null;
  x?: number;
  y?: number;
  nodeId?: number;
}

const UNIQUE_VIOLATION = '23505';

async function nearestNode(trx: Knex.Transaction, parkId: number, x: number, y: number): Promise<number> {
  const row = await trx('map_nodes')
    .where({ park_id: parkId })
    .orderByRaw('(x - ?) * (x - ?) + (y - ?) * (y - ?)', [x, x, y, y])
    .first('id');
  if (!row) throw new DomainError('invalidParam', { field: 'node_id' });
  return Number(row.id);
}

const placeRow = (trx: Knex.Transaction, id: number) =>
  trx('map_places').where({ id }).first('id', 'code', 'kind', 'name_ja', 'name_en', 'x', 'y', 'node_id');

async function write<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if ((err as { code?: string }).code === UNIQUE_VIOLATION) throw new DomainError('mapCodeTaken');
    throw err;
  }
}

export async function createPlace(
  knex: Knex,
  input: {
    parkId: number;
    actorUserId: number;
    fields: Required<Omit<PlaceFields, 'nodeId' | 'nameEn'>> & PlaceFields;
  },
) {
  return write(() =>
    knex.transaction(async (trx) => {
      const bounds = await lockParkMap(trx, input.parkId);
      const f = input.fields;
      assertOnMap(bounds, f.x, f.y);
      if (f.nodeId !== undefined) await assertNodesOfPark(trx, input.parkId, [f.nodeId], 'node_id');
      const nodeId = f.nodeId ?? (await nearestNode(trx, input.parkId, f.x, f.y));
      const [row] = await trx('map_places')
        .insert({
          park_id: input.parkId,
          code: f.code,
          kind: f.kind,
          name_ja: f.nameJa,
          name_en: f.nameEn ?? null,
          x: f.x,
          y: f.y,
          node_id: nodeId,
        })
        .returning('id');
      const after = await placeRow(trx, Number(row.id));
      await mapChanged(trx, {
        parkId: input.parkId,
        actorUserId: input.actorUserId,
        entityId: `place:${row.id}`,
        action: 'placeCreated',
        after,
      });
      return after;
    }),
  );
}

export async function updatePlace(
  knex: Knex,
  input: { parkId: number; placeId: number; actorUserId: number; fields: PlaceFields },
) {
  return write(() =>
    knex.transaction(async (trx) => {
      const bounds = await lockParkMap(trx, input.parkId);
      const before = await trx('map_places')
        .where({ id: input.placeId, park_id: input.parkId })
        .first('id', 'code', 'kind', 'name_ja', 'name_en', 'x', 'y', 'node_id');
      if (!before) throw notFound();
      const f = input.fields;
      const x = f.x ?? Number(before.x);
      const y = f.y ?? Number(before.y);
      assertOnMap(bounds, x, y);
      if (f.nodeId !== undefined) await assertNodesOfPark(trx, input.parkId, [f.nodeId], 'node_id');
      const moved = f.x !== undefined || f.y !== undefined;
      const nodeId = f.nodeId ?? (moved ? await nearestNode(trx, input.parkId, x, y) : Number(before.nodeId));
      await trx('map_places')
        .where({ id: input.placeId })
        .update({
          ...(f.code !== undefined ? { code: f.code } : {}),
          ...(f.kind !== undefined ? { kind: f.kind } : {}),
          ...(f.nameJa !== undefined ? { name_ja: f.nameJa } : {}),
          ...(f.nameEn !== undefined ? { name_en: f.nameEn } : {}),
          x,
          y,
          node_id: nodeId,
        });
      const after = await placeRow(trx, input.placeId);
      await mapChanged(trx, {
        parkId: input.parkId,
        actorUserId: input.actorUserId,
        entityId: `place:${input.placeId}`,
        action: 'placeUpdated',
        before,
        after,
      });
      return after;
    }),
  );
}

export async function deletePlace(knex: Knex, input: { parkId: number; placeId: number; actorUserId: number }) {
  await knex.transaction(async (trx) => {
    await lockParkMap(trx, input.parkId);
    const before = await trx('map_places')
      .where({ id: input.placeId, park_id: input.parkId })
      .first('id', 'code', 'kind', 'name_ja', 'x', 'y');
    if (!before) throw notFound();
    await trx('map_places').where({ id: input.placeId }).delete();
    await mapChanged(trx, {
      parkId: input.parkId,
      actorUserId: input.actorUserId,
      entityId: `place:${input.placeId}`,
      action: 'placeDeleted',
      before,
    });
  });
}
