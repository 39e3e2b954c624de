// The back office's map data as park editors (and a hostile client) would use it: only editors and owners of the
// park; markers placed, moved and removed with their route's junction; points off the picture, junctions of another
// park and a code used twice refused with the field named; walkways and GPS control points; the map's updatedAt
// moving so stored copies refresh; every change in the audit trail. PGlite, and PostgreSQL with DATABASE_URL.
import { describe, expect, it } from 'vitest';
import type { OfficeMap } from '../../common/dto/map';
import type { StaffAuditEntry } from '../../common/dto/staff';
import { body, type Caller } from './commerceFixtures';
import { commerceServer } from './commerceServer';

const { c } = commerceServer();

async function mappedParks(): Promise<[number, number]> {
  return (await c.knex()('park_maps').orderBy('park_id').limit(2).pluck('park_id')) as [number, number];
}
async function staff(parkId: number, role: string): Promise<Caller> {
  const user = await c.user();
  await c.knex()('park_staff').insert({ user_id: user.id, park_id: parkId, role });
  return user;
}

describe('map data in the back office', () => {
  it('only editors and owners of the park change its map', async () => {
    const [parkA, parkB] = await mappedParks();
    const place = (await c.knex()('map_places').where({ park_id: parkA }).first('id')).id;
    const node = (await c.knex()('map_nodes').where({ park_id: parkA }).first('id')).id;
    const edge = (await c.knex()('map_edges').where({ park_id: parkA }).first('id')).id;
    const routes: [string, string, object?][] = [
      ['GET', `/api/v1/staff/parks/${parkA}/map`],
      [
        'POST',
        `/api/v1/staff/parks/${parkA}/map/places`,
        { code: 'x1', kind: 'toilet', name_ja: 'トイレ', x: 10, y: 10 },
      ],
      ['PUT', `/api/v1/staff/parks/${parkA}/map/places/${place}`, { x: 12, y: 12 }],
      ['DELETE', `/api/v1/staff/parks/${parkA}/map/places/${place}`],
      ['POST', `/api/v1/staff/parks/${parkA}/map/nodes`, { x: 10, y: 10 }],
      ['PUT', `/api/v1/staff/parks/${parkA}/map/nodes/${node}`, { x: 10, y: 10 }],
      ['POST', `/api/v1/staff/parks/${parkA}/map/edges`, { from: node, to: node }],
      ['DELETE', `/api/v1/staff/parks/${parkA}/map/edges/${edge}`],
      ['PUT', `/api/v1/staff/parks/${parkA}/map/control-points`, { control_points: [] }],
    ];
    const before = await c.knex()('map_places').where({ park_id: parkA }).count({ n: '*' }).first();
    for (const who of [
      await staff(parkB, 'editor'),
      await staff(parkA, 'scanner'),
      await staff(parkA, 'finance'),
      await c.user(),
    ]) {
      for (const [method, url, payload] of routes) {
        const res = await c.call(method, url, who, payload);
        expect(res.statusCode, `${method} ${url}`).toBe(403);
      }
    }
    const after = await c.knex()('map_places').where({ park_id: parkA }).count({ n: '*' }).first();
    expect(Number(after?.n)).toBe(Number(before?.n));
    // Park B's marker through park A's path: not found.
    const placeB = (await c.knex()('map_places').where({ park_id: parkB }).first('id')).id;
    const editorA = await staff(parkA, 'editor');
    expect(
      (await c.call('PUT', `/api/v1/staff/parks/${parkA}/map/places/${placeB}`, editorA, { x: 1, y: 1 })).statusCode,
    ).toBe(404);
  });

  it('places, moves and removes a marker, joins junctions by a walkway, sets control points; refuses bad input', async () => {
    const [parkA, parkB] = await mappedParks();
    const editor = await staff(parkA, 'editor');
    const map = body(await c.call('GET', `/api/v1/staff/parks/${parkA}/map`, editor)).data as OfficeMap;
    const [n1, n2] = map.nodes as [OfficeMap['nodes'][number], OfficeMap['nodes'][number]];

    // A new marker right by a junction: its route ends there.
    const placed = await c.call('POST', `/api/v1/staff/parks/${parkA}/map/places`, editor, {
      code: 'new-toilet',
      kind: 'accessible_toilet',
      name_ja: '多目的トイレ（新設）',
      name_en: 'Accessible toilet (new)',
      x: n1.x + 1,
      y: n1.y + 1,
    });
    expect(placed.statusCode, placed.payload).toBe(201);
    const place = body(placed).data;
    expect(Number(place.nodeId)).toBe(n1.id);

    // Moved next to another junction: the route end follows.
    const moved = await c.call('PUT', `/api/v1/staff/parks/${parkA}/map/places/${place.id}`, editor, {
      x: n2.x,
      y: n2.y,
    });
    expect(moved.statusCode, moved.payload).toBe(200);
    expect(Number(body(moved).data.nodeId)).toBe(n2.id);

    // The public map shows it, and its updatedAt moved.
    const pub = body(await c.call('GET', `/api/v1/parks/${parkA}/map`, {})).data;
    expect(pub.places.some((p: { name: string }) => p.name === '多目的トイレ（新設）')).toBe(true);
    expect(new Date(pub.updatedAt).getTime()).toBeGreaterThan(new Date(map.updatedAt).getTime());

    // Bad input names the field and changes nothing.
    const nodeB = (await c.knex()('map_nodes').where({ park_id: parkB }).first('id')).id;
    const cases: [string, string, object, number, string][] = [
      ['PUT', `/map/places/${place.id}`, { x: map.width + 10 }, 400, 'x'],
      ['PUT', `/map/places/${place.id}`, { node_id: nodeB }, 400, 'node_id'],
      ['POST', '/map/places', { code: 'new-toilet', kind: 'toilet', name_ja: 'トイレ', x: 5, y: 5 }, 409, ''],
      ['POST', '/map/places', { code: 'Bad Code', kind: 'toilet', name_ja: 'トイレ', x: 5, y: 5 }, 400, 'code'],
      ['POST', '/map/places', { code: 'k1', kind: 'volcano', name_ja: 'トイレ', x: 5, y: 5 }, 400, 'kind'],
      ['POST', '/map/edges', { from: n1.id, to: nodeB }, 400, 'from'],
      ['POST', '/map/edges', { from: n1.id, to: n1.id }, 400, 'to'],
      [
        'PUT',
        '/map/control-points',
        { control_points: [{ x: 1, y: 1, latitude: 35, longitude: 139 }] },
        400,
        'control_points',
      ],
      ['PUT', '/map/control-points', { control_points: [{ x: 1, y: 1, latitude: 0, longitude: 0 }] }, 400, 'latitude'],
    ];
    for (const [method, path, payload, status, field] of cases) {
      for (const lang of ['ja', 'en'] as const) {
        const res = await c.call(method, `/api/v1/staff/parks/${parkA}${path}`, { ...editor, lang }, payload);
        expect(res.statusCode, `${method} ${path} ${JSON.stringify(payload)} ${res.payload}`).toBe(status);
        if (field) expect(body(res).meta.message).toContain(field);
      }
    }
    const still = body(await c.call('GET', `/api/v1/staff/parks/${parkA}/map`, editor)).data as OfficeMap;
    expect(still.places.find((p) => p.id === Number(place.id))).toMatchObject({ x: n2.x, y: n2.y, nodeId: n2.id });
    expect(still.edges).toHaveLength(map.edges.length);

    // A walkway with its length from the map's scale; removing it.
    const edge = await c.call('POST', `/api/v1/staff/parks/${parkA}/map/edges`, editor, {
      from: n1.id,
      to: n2.id,
      steps: 2,
    });
    expect(edge.statusCode, edge.payload).toBe(201);
    expect(Number(body(edge).data.lengthM)).toBeCloseTo(Math.hypot(n1.x - n2.x, n1.y - n2.y) * map.metresPerPx, 0);
    expect(
      (await c.call('DELETE', `/api/v1/staff/parks/${parkA}/map/edges/${body(edge).data.id}`, editor)).statusCode,
    ).toBe(200);

    // Control points: three or more.
    const points = [
      { x: 0, y: 0, latitude: 35.7, longitude: 139.7 },
      { x: map.width, y: 0, latitude: 35.7, longitude: 139.71 },
      { x: 0, y: map.height, latitude: 35.69, longitude: 139.7 },
    ];
    const cp = await c.call('PUT', `/api/v1/staff/parks/${parkA}/map/control-points`, editor, {
      control_points: points,
    });
    expect(cp.statusCode, cp.payload).toBe(200);
    expect(
      (body(await c.call('GET', `/api/v1/staff/parks/${parkA}/map`, editor)).data as OfficeMap).controlPoints,
    ).toEqual(points);

    expect((await c.call('DELETE', `/api/v1/staff/parks/${parkA}/map/places/${place.id}`, editor)).statusCode).toBe(
      200,
    );
    const owner = await staff(parkA, 'owner');
    const audit = body(await c.call('GET', `/api/v1/staff/parks/${parkA}/audit?entity=map&limit=20`, owner))
      .data as StaffAuditEntry[];
    expect(audit.map((a) => a.action).slice(0, 6)).toEqual([
      'placeDeleted',
      'controlPoints',
      'edgeDeleted',
      'edgeCreated',
      'placeUpdated',
      'placeCreated',
    ]);
  });
});
