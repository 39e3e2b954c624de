// The import graph between server features, read from the sources with a regex over import and export statements
// (typescript@7 has no compiler API to ask). Type-only imports are edges too: they are kept apart so a check can
// tell them from runtime ones, but a feature's types belong to it as much as its functions do.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

export interface ImportEdge {
  /** File that imports, relative to the features folder. */
  file: string;
  /** The specifier as written. */
  specifier: string;
  from: string;
  to: string;
  typeOnly: boolean;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

// `import … from 'x'`, `export … from 'x'`, `import 'x'` and `import('x')`, over several lines.
const STATEMENT = /(?:^|\n)\s*(import|export)\s+(type\s+)?([^'";]*?)\s*(?:from\s+)?['"]([^'"]+)['"]/g;
const DYNAMIC = /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;

/** Whether a named import list has only `type` names: `{ type A, type B }`. */
function allTypes(clause: string): boolean {
  const names = /^\{([\s\S]*)\}$/.exec(clause.trim())?.[1];
  if (!names) return false;
  const list = names
    .split(',')
    .map((n) => n.trim())
    .filter(Boolean);
  return list.length > 0 && list.every((n) => n.startsWith('type '));
}

/** The feature a path under `featuresDir` belongs to (its first folder, or the folder itself), or null outside. */
function featureOf(featuresDir: string, path: string): string | null {
  const rel = relative(featuresDir, path);
  if (rel === '' || rel.startsWith('..')) return null;
  return rel.split(sep)[0] ?? null;
}

/** Every import from one feature into another under `featuresDir`. */
export function featureImports(featuresDir: string): ImportEdge[] {
  const root = resolve(featuresDir);
  const edges: ImportEdge[] = [];
  for (const path of sourceFiles(root)) {
    const from = relative(root, path).includes(sep) ? featureOf(root, path) : null;
    if (!from) continue;
    const text = readFileSync(path, 'utf8').replace(/\/\*[\s\S]*?\*\/|^\s*\/\/.*$/gm, '');
    const found: { specifier: string; typeOnly: boolean }[] = [];
    for (const m of text.matchAll(STATEMENT)) {
      const [, , typeWord, clause = '', specifier = ''] = m;
      found.push({ specifier, typeOnly: Boolean(typeWord) || allTypes(clause) });
    }
    for (const m of text.matchAll(DYNAMIC)) found.push({ specifier: m[1] ?? '', typeOnly: false });
    for (const { specifier, typeOnly } of found) {
      if (!specifier.startsWith('.')) continue;
      const to = featureOf(root, resolve(dirname(path), specifier));
      if (to && to !== from) edges.push({ file: relative(root, path), specifier, from, to, typeOnly });
    }
  }
  return edges;
}

/**
 * The groups of features that import each other, directly or around a loop (strongly connected components of more
 * than one feature), each sorted; none in a layered codebase.
 */
export function featureCycles(edges: readonly ImportEdge[]): string[][] {
  const next = new Map<string, Set<string>>();
  for (const e of edges) {
    if (!next.has(e.from)) next.set(e.from, new Set());
    next.get(e.from)?.add(e.to);
  }
  // Tarjan's algorithm.
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const groups: string[][] = [];
  const visit = (node: string) => {
    index.set(node, index.size);
    low.set(node, index.get(node) ?? 0);
    stack.push(node);
    for (const n of next.get(node) ?? []) {
      if (!index.has(n)) {
        visit(n);
        low.set(node, Math.min(low.get(node) ?? 0, low.get(n) ?? 0));
      } else if (stack.includes(n)) low.set(node, Math.min(low.get(node) ?? 0, index.get(n) ?? 0));
    }
    if (low.get(node) !== index.get(node)) return;
    const group: string[] = [];
    for (;;) {
      const n = stack.pop() as string;
      group.push(n);
      if (n === node) break;
    }
    if (group.length > 1) groups.push(group.sort());
  };
  for (const node of [...next.keys()].sort()) if (!index.has(node)) visit(node);
  return groups.sort((a, b) => (a[0] ?? '').localeCompare(b[0] ?? ''));
}
