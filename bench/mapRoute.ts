// Map mode benchmark in headless system Chromium:
// - route: common/rules/mapRoute.ts (the code the route page runs) bundled into a page, quickest path plus the
//   turn-by-turn list between random places of the largest park's graph, for every profile; p50/p95 per route
//   (target p95 < 20 ms);
// - offline first paint: the built PWA with its service worker, the park's map data stored by a first online
//   visit, the network off; navigation start to the first map marker on screen at /maps/:parkId (target < 500 ms).
// The park data is the seed's (seeds/mapData.ts), served by a small static server with the built app.
//   npm run build && npm run bench:map        (BENCH_RUNS=30 navigations, BENCH_ROUTES=2000 routes)

import { resolve } from 'node:path';
import { chromium } from '@playwright/test';
import { build } from 'esbuild';
import type { ParkMap } from '../common/dto/map';
import { tokyoDate } from '../common/time';
import { CHROMIUM } from '../e2e/support/chromium';
import { PARKS } from '../seeds/content/parks';
import { parkMapSeed } from '../seeds/mapData';
import { requireBuild, serveDist } from './lib/distServer';

const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const ROUTES = Number(process.env.BENCH_ROUTES ?? 2000);
const ROUTE_TARGET_MS = 20;
const PAINT_TARGET_MS = 500;
requireBuild();

/** A park's map as the API answers it, with ids given in order (what GET api/v1/parks/{id}/map would hold). */
function parkMapOf(index: number): ParkMap {
  const park = PARKS[index] as (typeof PARKS)[number];
  const seed = parkMapSeed(park);
  const nodeId = new Map(seed.nodes.map((n, i) => [n.code, i + 1]));
  return {
    park: { id: index + 1, name: park.name.ja, kind: park.kind },
    image: {
      url: `/media/parks/${park.slug}-map.svg`,
      width: seed.width,
      height: seed.height,
      metresPerPx: seed.metresPerPx,
    },
    updatedAt: new Date().toISOString(),
    date: tokyoDate(),
    places: seed.places.map((p, i) => ({
      id: i + 1,
      code: p.code,
      kind: p.kind,
      name: p.name.ja,
      x: p.x,
      y: p.y,
      nodeId: nodeId.get(p.node) ?? 0,
      parkLivingThingId: null,
      itemId: null,
    })),
    nodes: seed.nodes.map((n) => ({ id: nodeId.get(n.code) ?? 0, x: n.x, y: n.y })),
    edges: seed.edges.map((e, i) => ({
      id: i + 1,
      from: nodeId.get(e.from) ?? 0,
      to: nodeId.get(e.to) ?? 0,
      lengthM: e.lengthM,
      steps: e.steps,
      riseM: e.riseM,
      roofed: e.roofed,
    })),
    controlPoints: seed.controlPoints,
    events: [],
  };
}

const maps = PARKS.map((_, i) => parkMapOf(i));
// The largest walkway graph (then the most places, which the turn-by-turn list searches for landmarks)
const size = (m: ParkMap) => (m.nodes.length + m.edges.length) * 1000 + m.places.length;
const largest = maps.reduce((a, b) => (size(b) > size(a) ? b : a));

// The map data of every park from the API; the rest of it answers nothing.
const server = await serveDist((path, res) => {
  const api = /^\/api\/v1\/parks\/(\d+)\/map$/.exec(path);
  if (!api) return false;
  const map = maps.find((m) => m.park.id === Number(api[1]));
  res.writeHead(map ? 200 : 404, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ data: map ?? null, meta: {} }));
  return true;
});
const base = server.base;

// The routing code as the browser runs it
const bundle = await build({
  entryPoints: [resolve(import.meta.dirname, '../common/rules/mapRoute.ts')],
  bundle: true,
  format: 'iife',
  globalName: 'MapRoute',
  write: false,
  target: 'es2022',
});
const routeCode = bundle.outputFiles[0]?.text ?? '';

const percentile = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return +(s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] ?? Number.NaN).toFixed(2);
};

const browser = await chromium.launch({ ...CHROMIUM });
try {
  const context = await browser.newContext({
    baseURL: base,
    viewport: { width: 390, height: 844 },
    locale: 'ja-JP',
    timezoneId: 'Asia/Tokyo',
    serviceWorkers: 'allow',
  });
  // Signed in as far as the app can tell offline (the readable expiry cookie): a signed-out start clears the wallet,
  // map data included. The park's data is then stored by the online visit below.
  await context.addCookies([
    { name: 'access_token_expires_at', value: String(Math.floor(Date.now() / 1000) + 86_400), url: base },
  ]);
  await context.addInitScript(() => {
    const w = window as unknown as { __markerAt?: number };
    new MutationObserver(() => {
      if (w.__markerAt === undefined && document.querySelector('button.map-marker')) {
        w.__markerAt = performance.now();
      }
    }).observe(document, { childList: true, subtree: true });
  });
  const page = await context.newPage();

  // Route computation in the page
  await page.goto('/offline-bench-blank');
  await page.addScriptTag({ content: routeCode });
  const routeTimes = await page.evaluate(
    ({ map, count }) => {
      const R = (window as unknown as { MapRoute: typeof import('../common/rules/mapRoute') }).MapRoute;
      const profiles = ['walk', 'stroller', 'wheelchair'] as const;
      const landmarks = map.places.map((p) => ({ x: p.x, y: p.y, name: p.name }));
      const times: number[] = [];
      let failed = 0;
      for (let i = 0; i < count; i++) {
        const a = map.places[Math.floor(Math.random() * map.places.length)];
        const b = map.places[Math.floor(Math.random() * map.places.length)];
        if (!a || !b) continue;
        const t0 = performance.now();
        // What the route page does on a change: the graph from the data, the path, the list.
        const graph = R.buildGraph(map.nodes, map.edges);
        const route = R.findRoute(graph, a.nodeId, b.nodeId, profiles[i % 3] as (typeof profiles)[number]);
        R.directions(graph, route, landmarks);
        times.push(performance.now() - t0);
        if (!route.ok) failed++;
      }
      return { times, failed };
    },
    { map: largest, count: ROUTES },
  );

  // Offline first paint of map mode
  const parkId = largest.park.id;
  await page.goto(`/maps/${parkId}`);
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.waitForFunction(() => !!navigator.serviceWorker.controller, undefined, { timeout: 15_000 });
  await page.reload();
  await page.waitForSelector('button.map-marker', { timeout: 15_000 });
  await context.setOffline(true);
  const paint = async () => {
    await page.goto(`/maps/${parkId}`);
    await page.waitForSelector('button.map-marker', { timeout: 10_000 });
    const offlineNote = await page.getByTestId('map-offline-note').count();
    if (!offlineNote) throw new Error('map mode did not say it is offline');
    return page.evaluate(() => (window as unknown as { __markerAt: number }).__markerAt);
  };
  await paint(); // warm-up: the first navigation compiles the code
  const paints: number[] = [];
  for (let i = 0; i < RUNS; i++) paints.push(await paint());

  const route = {
    p50: percentile(routeTimes.times, 50),
    p95: percentile(routeTimes.times, 95),
    max: percentile(routeTimes.times, 100),
    // performance.now() is coarsened to 0.1 ms in Chromium: the mean over all routes is finer.
    mean: +(routeTimes.times.reduce((a, b) => a + b, 0) / Math.max(1, routeTimes.times.length)).toFixed(3),
  };
  const firstPaint = { p50: percentile(paints, 50), p95: percentile(paints, 95), max: percentile(paints, 100) };
  console.log(
    JSON.stringify(
      {
        bench: 'mapRoute',
        park: largest.park.name,
        graph: { nodes: largest.nodes.length, edges: largest.edges.length, places: largest.places.length },
        routes: routeTimes.times.length,
        unreachable: routeTimes.failed,
        routeMs: route,
        routeTargetMs: ROUTE_TARGET_MS,
        offlineFirstPaintMs: firstPaint,
        paintTargetMs: PAINT_TARGET_MS,
        navigations: RUNS,
        meetsTargets: route.p95 < ROUTE_TARGET_MS && firstPaint.p95 < PAINT_TARGET_MS,
      },
      null,
      2,
    ),
  );
  await context.close();
} finally {
  await browser.close();
  server.close();
}
