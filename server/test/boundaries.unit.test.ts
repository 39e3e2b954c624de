// Server features talk through their index.ts (DESIGN "Server"): the linter refuses deep imports across features
// (biome.json, checked here on fixtures), and these checks refuse any import cycle between features and any import
// of a feature by `jobs`, the registry they add their jobs to. Type-only imports count: a feature's types are part
// of what it offers, and a cycle of types is a cycle of knowledge all the same.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { featureCycles, featureImports } from './featureGraph';

const ROOT = resolve(import.meta.dirname, '../..');
const FEATURES = join(ROOT, 'server/features');
const scratch = mkdtempSync(join(tmpdir(), 'boundaries-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** Writes `files` (path -> text) under a fresh folder and returns it. */
function tree(name: string, files: Record<string, string>): string {
  const dir = join(scratch, name);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

describe('server feature boundaries', () => {
  it('no import cycle between features', () => {
    expect(featureCycles(featureImports(FEATURES))).toEqual([]);
  });

  it('jobs imports no feature (features hand it their jobs)', () => {
    expect(featureImports(FEATURES).filter((e) => e.from === 'jobs')).toEqual([]);
  });

  it('features import each other only through index.ts', () => {
    const deep = featureImports(FEATURES).filter((e) => !/^(\.\.\/)+[^./][^/]*$/.test(e.specifier));
    expect(deep.map((e) => `${e.file}: ${e.specifier}`)).toEqual([]);
  });

  it('the cycle check finds a deliberate cycle, type-only imports and multi-line imports included', () => {
    const dir = tree('cycle', {
      'a/index.ts': "export { f } from './services/f';\n",
      'a/services/f.ts': "import {\n  g,\n  type G,\n} from '../../b';\n\nexport const f = (x: G) => g(x);\n",
      'b/index.ts': "export { g, type G } from './g';\n",
      'b/g.ts': "import type { F } from '../c';\n\nexport type G = F;\nexport const g = (x: G) => x;\n",
      'c/index.ts': "import { f } from '../a';\n\nexport type F = number;\nexport const h = f;\n",
      'd/index.ts': "import { g } from '../b';\n\nexport const k = g;\n",
    });
    const edges = featureImports(dir);
    expect(edges.find((e) => e.from === 'b')?.typeOnly).toBe(true);
    expect(edges.find((e) => e.from === 'a')?.typeOnly).toBe(false);
    expect(featureCycles(edges)).toEqual([['a', 'b', 'c']]);
    expect(featureCycles(edges.filter((e) => e.from !== 'c'))).toEqual([]);
  });

  it('the linter refuses a deliberate deep import across features, and allows an index import', () => {
    // The project's own biome.json, in a folder of fixtures laid out like server/features.
    const config = JSON.parse(readFileSync(join(ROOT, 'biome.json'), 'utf8'));
    delete config.$schema;
    config.vcs = { enabled: false };
    const dir = tree('lint', {
      'biome.json': JSON.stringify(config),
      'server/features/lottery/services/deep.ts':
        "import { holdFree } from '../../stock/ledger';\n\nexport const a = holdFree;\n",
      'server/features/lottery/deep.ts': "import { holdFree } from '../stock/ledger';\n\nexport const a = holdFree;\n",
      'server/features/stories/media/services/deep.ts':
        "import { x } from '../../../staff/access';\n\nexport const a = x;\n",
      'server/features/lottery/services/fine.ts':
        "import { DomainError } from '../../../lib/errors';\nimport { holdFree } from '../../stock';\nimport { lockLottery } from '../store';\n\nexport const a = [DomainError, holdFree, lockLottery];\n",
      'server/lib/bad.ts': "import { holdFree } from '../features/stock';\n\nexport const a = holdFree;\n",
    });
    let out = '';
    try {
      execFileSync(join(ROOT, 'node_modules/.bin/biome'), ['lint', '--max-diagnostics=50', 'server'], {
        cwd: dir,
        encoding: 'utf8',
        stdio: 'pipe',
      });
    } catch (err) {
      const e = err as { stdout: string; stderr: string };
      out = e.stdout + e.stderr;
    }
    const refused = [...out.matchAll(/^(server\/\S+?):\d+:\d+ lint\/style\/noRestrictedImports/gm)].map((m) => m[1]);
    expect(refused.sort()).toEqual([
      'server/features/lottery/deep.ts',
      'server/features/lottery/services/deep.ts',
      'server/features/stories/media/services/deep.ts',
      'server/lib/bad.ts',
    ]);
  });
});
