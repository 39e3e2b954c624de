// Handlers get their input's types from the route's schemas (server/lib/typedInput.ts), or from a typed reader
// where no schema fits (server/lib/formBody.ts for multipart and sandbox forms, pathParam for the sandboxes'
// paths): never by casting `request.payload`, `.query` or `.params`, which lets the type drift from what the
// schema accepts. This reads every server source file (tests aside) and lists each cast as file:line.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (name === 'node_modules' || name.startsWith('.')) return [];
    if (statSync(path).isDirectory()) return path === join(ROOT, 'server/test') ? [] : files(path);
    return name.endsWith('.ts') && !name.endsWith('.test.ts') ? [path] : [];
  });
}

// `request.payload as X`, and the same in parentheses: `(request.payload ?? {}) as X`, `(request.params).id as X`
// is not a cast of the input but of a field read from it: `request.params.id as X` counts too.
const CAST = /\brequest\.(?:payload|query|params)\b(?:\s*(?:\?\?|\|\|)\s*[^()]*?)?\)?(?:\??\.\w+)*\s+as\s/g;

/** The casts of request input in a source text, as line numbers (comments are not code). */
function castLines(source: string): number[] {
  const code = source.replace(/\/\*[\s\S]*?\*\//g, (c) => c.replace(/[^\n]/g, ' ')).replace(/\/\/.*$/gm, '');
  return [...code.matchAll(CAST)].map((m) => code.slice(0, m.index).split('\n').length);
}

describe('route input is typed, not cast', () => {
  it('finds the casts it is meant to find, and no look-alikes', () => {
    const sample = [
      'const a = request.payload as { name: string };',
      'const b = (request.payload ?? {}) as Record<string, unknown>;',
      'const c = (request.params as { id: number }).id;',
      'const d = request.query.page as number;',
      'const h = request.payload?.note as string;',
      'const e = request.payload;',
      '// request.payload as X in a comment',
      'const f = request.headers.range as string;',
      'const g = (request.params\n  as { id: string }).id;',
    ].join('\n');
    expect(castLines(sample)).toEqual([1, 2, 3, 4, 5, 9]);
  });

  it('no server source casts request.payload, .query or .params', () => {
    const found = files(join(ROOT, 'server')).flatMap((path) =>
      castLines(readFileSync(path, 'utf8')).map((line) => `${relative(ROOT, path)}:${line}`),
    );
    expect(
      found,
      `casts of request input (type the route with route() and fields(), typedInput.ts):\n${found.join('\n')}`,
    ).toEqual([]);
  });
});
