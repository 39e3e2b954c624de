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
