import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { featuresJa } from './features';
import ja from './ja';

// The home page and the app around every page (header, tab bar, footer, error and offline pages) render with the
// app's strings alone (locales/ja.ts, shipped with the app); the features' strings (locales/features.ts) are a
// chunk that every other page waits for. A feature key used here would show as a raw key on the home page.
const src = join(import.meta.dirname, '..');
const files = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) return files(full);
    return /\.tsx?$/.test(name) && !name.endsWith('.test.ts') ? [full] : [];
  });
const firstLoad = [
  ...files(join(src, 'app')),
  ...files(join(src, 'features', 'home')),
  ...['QueryState', 'OfflinePage', 'ErrorPage', 'LanguageSwitch', 'Icon'].map((n) =>
    join(src, 'lib', 'components', `${n}.tsx`),
  ),
];

describe('strings of the first load', () => {
  it('the home page and the app shell use no feature strings', () => {
    const features = Object.keys(featuresJa);
    const used = firstLoad.flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/\bt\(\s*['`]([a-zA-Z]+)\./g)].map((m) => ({
        file: relative(src, file),
        top: m[1] as string,
      })),
    );
    expect(used.length).toBeGreaterThan(20);
    expect(used.filter((u) => features.includes(u.top))).toEqual([]);
    expect(used.filter((u) => !(u.top in ja))).toEqual([]);
  });
});

// The catalogue pages wait for the catalogue's strings alone (app/router.tsx CATALOGUE_PAGES, lib/i18n.ts): their
// features' files and the shared components they use may name no other feature's strings.
describe('strings of the catalogue pages', () => {
  const catalogueFeatures = ['parks', 'livingThings', 'stories', 'library', 'pages'];
  const router = readFileSync(join(src, 'app', 'router.tsx'), 'utf8');

  it('every catalogue page is a page of a catalogue feature', async () => {
    const { CATALOGUE_PAGES } = await import('../app/router');
    const featureOf = new Map(
      [...router.matchAll(/'?([a-z-]+)'?: \(\) => import\('\.\.\/features\/(\w+)\//g)].map((m) => [m[1], m[2]]),
    );
    expect(CATALOGUE_PAGES.size).toBeGreaterThan(10);
    for (const name of CATALOGUE_PAGES)
      expect([name, featureOf.get(name)]).toEqual([name, expect.toBeOneOf(catalogueFeatures)]);
  });

  it('their files and the shared components they use name only the catalogue among the features', () => {
    const own = catalogueFeatures.flatMap((f) => files(join(src, 'features', f)));
    const components = new Set(
      own.flatMap((file) =>
        [...readFileSync(file, 'utf8').matchAll(/from '(?:\.\.\/)+lib\/components\/(\w+)'/g)].map((m) =>
          join(src, 'lib', 'components', `${m[1]}.tsx`),
        ),
      ),
    );
    const others = Object.keys(featuresJa).filter((f) => f !== 'catalogue');
    const used = [...own, ...components].flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/['`"](\w+)\.[a-zA-Z]/g)]
        .map((m) => m[1] as string)
        .filter((top) => others.includes(top))
        .map((top) => ({ file: relative(src, file), top })),
    );
    expect(components.size).toBeGreaterThan(3);
    expect(used).toEqual([]);
  });
});
