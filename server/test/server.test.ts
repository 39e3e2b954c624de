import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isServerPath } from '../../common/serverPaths';
import { ConfigError, loadConfig } from '../config';
import { createServer } from '../server';
import { createTestDb } from './testDb';
import { createTestServer, type TestContext } from './testServer';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestServer();
});
afterAll(async () => {
  await ctx?.close();
});

describe('configuration', () => {
  it('validates the environment with clear errors', () => {
    expect(() => loadConfig({ PORT: 'abc', DATABASE_URL: 'mysql://x' })).toThrow(ConfigError);
    try {
      loadConfig({ PORT: 'abc', DATABASE_URL: 'mysql://x' });
    } catch (err) {
      expect((err as Error).message).toContain('PORT');
      expect((err as Error).message).toContain('DATABASE_URL');
    }
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/APP_SECRET/);
    const config = loadConfig({ DEMO: 'true', PORT: '4000' });
    expect(config).toMatchObject({ port: 4000, dataDir: './data', publicUrl: 'http://localhost:4000' });
  });
});

describe('system routes', () => {
  it('GET /api/health answers 200 with the database up', async () => {
    const res = await ctx.server.inject('/api/health');
    expect(res.statusCode).toBe(200);
    expect(res.result).toMatchObject({ data: { status: 'ok', database: 'up', replica: 'none' } });
  });

  it('GET /api/health answers 503 when the database is unreachable', async () => {
    const db = await createTestDb();
    const server = await createServer(loadConfig({ DEMO: 'true', LOG_LEVEL: 'silent' }), {
      knex: db.knex,
      closeDbOnStop: false,
    });
    await server.initialize();
    await db.drop();
    const res = await server.inject('/api/health');
    expect(res.statusCode).toBe(503);
    expect(res.result).toMatchObject({ data: { database: 'down' } });
    await server.stop();
  });

  it('serves an OpenAPI document of the API', async () => {
    const res = await ctx.server.inject('/api/openapi.json');
    expect(res.statusCode).toBe(200);
    const doc = res.result as {
      openapi: string;
      paths: Record<string, Record<string, { parameters: { name: string }[] }>>;
    };
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.paths['/api/v1/parks']?.get?.parameters.map((p) => p.name)).toEqual(
      expect.arrayContaining(['prefecture_id[]', 'region_id', 'keyword', 'page', 'per_page']),
    );
    expect(doc.paths['/api/v1/parks/{id}']?.get).toBeDefined();
  });

  it('answers unknown API paths with a localised 404 envelope', async () => {
    const res = await ctx.server.inject({ url: '/api/v1/nothing-here', headers: { 'accept-language': 'en' } });
    expect(res.statusCode).toBe(404);
    expect((res.result as { meta: { message: string } }).meta.message).toBe('Data does not exist');
  });
});

describe('pages and routing', () => {
  it('redirects a non-root path ending in a slash with 301, query kept', async () => {
    const res = await ctx.server.inject('/find/parks/?region_id=3&keyword=x');
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe('/find/parks?region_id=3&keyword=x');
    const many = await ctx.server.inject('/profile/park/3//');
    expect(many.headers.location).toBe('/profile/park/3');
  });

  it('serves the app shell for known routes with 200 and unknown paths with 404', async () => {
    const known = await ctx.server.inject('/profile/park/3');
    expect(known.statusCode).toBe(200);
    expect(known.headers['content-type']).toContain('text/html');
    expect(known.headers['cache-control']).toBe('no-cache');
    const root = await ctx.server.inject('/');
    expect(root.statusCode).toBe(200);
    const unknown = await ctx.server.inject('/this/does/not/exist');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers['content-type']).toContain('text/html');
  });

  it('lists every path it answers itself in common/serverPaths.ts, and never gives the app shell under them', async () => {
    const own = ctx.server
      .table()
      .map((r) => r.path)
      .filter((path) => path !== '/{path*}');
    expect(own).toEqual(expect.arrayContaining(['/sandbox/gmo/challenge/{accessId}', '/dev/mail']));
    expect(own.filter((path) => !isServerPath(path))).toEqual([]);
    const missing = await ctx.server.inject('/sandbox/nothing');
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-type']).not.toContain('text/html');
  });
});
