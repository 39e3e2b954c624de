// The first load of every page runs main.tsx and its start stages (react-dom, i18n, store, router, start): what they
// import statically is in every page's first load. Dexie (the wallet and gate stores), the QR encoder and the gate's
// decoder belong to the pages that use them; a static import of one of them from a shared module (sessionService
// once imported the wallet store) added 40 KB of JavaScript gzip to the home page. This follows the import graph
// of the sources, so a new such import fails here and not only in bench:lighthouse.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = resolve(import.meta.dirname, '..');
const ROOT = resolve(SRC, '../..');
const START = ['main.tsx', 'lib/i18n.ts', 'app/store.ts', 'app/router.tsx', 'app/start.ts'];
const PAGE_ONLY_PACKAGES = ['dexie', 'dexie-react-hooks', 'qrcode', 'zxing-wasm', 'workbox-window'];

/** Static, value imports of a module (not `import type`, not `import()`). */
function importsOf(file: string): string[] {
  const code = readFileSync(file, 'utf8');
  const found: string[] = [];
  for (const m of code.matchAll(/^(?:import|export)\s+(?!type\s)(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]/gm)) {
    found.push(m[1] as string);
  }
  return found;
}

function resolveLocal(from: string, spec: string): string | null {
  const base = resolve(dirname(from), spec);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')]) {
    if (existsSync(candidate) && /\.tsx?$/.test(candidate)) return candidate;
  }
  return null;
}

/** Every package a start module reaches by static imports, with the chain that reached it. */
function packagesReached(): Map<string, string[]> {
  const packages = new Map<string, string[]>();
  const seen = new Set<string>();
  const walk = (file: string, chain: string[]) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const spec of importsOf(file)) {
      if (spec.startsWith('.')) {
        const next = resolveLocal(file, spec);
        if (next) walk(next, [...chain, relative(ROOT, next)]);
      } else {
        const name = spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : (spec.split('/')[0] as string);
        if (!packages.has(name)) packages.set(name, chain);
      }
    }
  };
  for (const start of START) walk(join(SRC, start), [`pwa/src/${start}`]);
  return packages;
}

describe('the first load of every page', () => {
  it('imports no page-only package (the wallet store, the QR encoder, the gate decoder) statically', () => {
    const reached = packagesReached();
    const offending = PAGE_ONLY_PACKAGES.filter((p) => reached.has(p)).map(
      (p) => `${p} via ${reached.get(p)?.join(' -> ')}`,
    );
    expect(offending).toEqual([]);
    // The walk itself works: it reaches what the start does need.
    expect([...reached.keys()]).toEqual(expect.arrayContaining(['react', 'react-router', '@reduxjs/toolkit']));
  });
});
