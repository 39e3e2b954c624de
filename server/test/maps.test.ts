import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ParkMap, PLACE_KINDS } from '../../common/dto/map';
import { buildGraph, findRoute } from '../../common/rules/mapRoute';
import { tokyoDate } from '../../common/time';
import { createTestServer, type TestContext } from './testServer';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestServer();
});
afterAll(async () => {
  await ctx?.close();
});

const get = (url: string, lang = 'ja') =>
  ctx.server.inject({ method: 'GET', url, headers: { 'accept-language': lang } });
const parkIdOf = async (slug: string) => Number((await ctx.db.knex('parks').where({ slug }).first('id')).id);

describe('GET /api/v1/parks/{id}/map', () => {
  it('answers every park map with places on the picture, a graph that reaches them and control points', async () => {
    const parks = (await ctx.db.knex('parks').select('id')) as { id: number }[];
    expect(parks).toHaveLength(18);
    for (const { id } of parks) {
      const res = await get(`/api/v1/parks/${id}/map`);
      expect(res.statusCode).toBe(200);
      const map = (JSON.parse(res.payload) as { data: ParkMap }).data;
      expect(map.image).toMatchObject({ width: 800, height: 600 });
      expect(map.image.url).toMatch(/^\/media\/parks\/.+-map\.svg$/);
      expect(map.controlPoints.length).toBeGreaterThanOrEqual(3);
      const nodeIds = new Set(map.nodes.map((n) => n.id));
      expect(map.places.every((p) => nodeIds.has(p.nodeId))).toBe(true);
      const graph = buildGraph(map.nodes, map.edges);
      const entrance = map.places.find((p) => p.kind === 'entrance');
      expect(entrance).toBeDefined();
      const animals = map.places.filter((p) => p.kind === 'animal');
      expect(animals.length).toBeGreaterThan(0);
      expect(animals.every((a) => a.parkLivingThingId !== null)).toBe(true);
      for (const a of animals)
        expect(findRoute(graph, entrance?.nodeId ?? 0, a.nodeId, 'wheelchair').ok, `${id} ${a.code}`).toBe(true);
    }
  });

  it("names places in the request's language and lists today's events with their times", async () => {
    const ueno = await parkIdOf('ueno-zoo');
    const ja = (JSON.parse((await get(`/api/v1/parks/${ueno}/map`)).payload) as { data: ParkMap }).data;
    const en = (JSON.parse((await get(`/api/v1/parks/${ueno}/map`, 'en')).payload) as { data: ParkMap }).data;
    expect(ja.park.name).toBe('恩賜上野動物園');
    expect(en.park.name).toBe('Ueno Zoo');
    expect(ja.places.find((p) => p.code === 'entrance')?.name).toBe('入口');
    expect(en.places.find((p) => p.code === 'entrance')?.name).toBe('Entrance');
    expect(ja.date).toBe(tokyoDate());
    // Every event listed is one of the park's public events or quests available today
    const rows = (await ctx.db
      .knex('items')
      .where({ park_id: ueno, is_private: false })
      .whereIn('category', [1, 2])
      .where('available_from', '<=', ja.date)
      .where('available_until', '>=', ja.date)
      .whereNotIn('sale_label', [1, 2, 6])
      .select('id')) as { id: number }[];
    expect(ja.events.map((e) => e.itemId).sort()).toEqual(rows.map((r) => r.id).sort());
    const timed = (
      await ctx.db
        .knex('item_time_slots')
        .whereIn(
          'item_id',
          rows.map((r) => r.id),
        )
        .select('item_id')
    ).length;
    expect(ja.events.reduce((n, e) => n + e.times.length, 0)).toBe(timed);
  });

  it('shows an event the day it happens and hides it on its excluded day', async () => {
    const ueno = await parkIdOf('ueno-zoo');
    const before = (JSON.parse((await get(`/api/v1/parks/${ueno}/map`)).payload) as { data: ParkMap }).data;
    const event = before.events[0];
    expect(event).toBeDefined();
    if (!event) return;
    await ctx.db.knex('item_excluded_days').insert({ item_id: event.itemId, date: before.date });
    const after = (JSON.parse((await get(`/api/v1/parks/${ueno}/map`)).payload) as { data: ParkMap }).data;
    expect(after.events.map((e) => e.itemId)).not.toContain(event.itemId);
  });

  it('keeps every kind of place and refuses a kind it does not know', async () => {
    const kinds = (await ctx.db.knex('map_places').distinct('kind')) as { kind: string }[];
    expect(kinds.map((k) => k.kind).sort()).toEqual([...PLACE_KINDS].sort());
    const any = await ctx.db.knex('map_places').first();
    await expect(
      ctx.db.knex('map_places').insert({ ...any, id: undefined, code: 'bad-kind', kind: 'teleporter' }),
    ).rejects.toThrow(/map_places_kind/);
  });

  it('answers 404 for a park that does not exist or is private, and a localised 400 for a bad id', async () => {
    expect((await get('/api/v1/parks/999999/map')).statusCode).toBe(404);
    const ueno = await parkIdOf('ueno-zoo');
    await ctx.db.knex('parks').where({ id: ueno }).update({ is_private: true });
    expect((await get(`/api/v1/parks/${ueno}/map`)).statusCode).toBe(404);
    await ctx.db.knex('parks').where({ id: ueno }).update({ is_private: false });
    for (const lang of ['ja', 'en']) {
      const bad = await get('/api/v1/parks/abc/map', lang);
      expect(bad.statusCode).toBe(400);
      expect((JSON.parse(bad.payload) as { meta: { message: string } }).meta.message).toMatch(/id/);
    }
  });
});
