import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

// Pictographs and dingbats (emoji, ♥ ★ ✓ ✉ …) are drawn from whatever font the device has, and where none has
// them a box shows instead: the UI draws its icons as SVG (lib/components/Icon.tsx).
const PICTOGRAPH = /[\u2600-\u27BF\u2B00-\u2BFF\u{1F000}-\u{1FAFF}]/u;
const src = join(import.meta.dirname, '..', '..');

const files = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) return name === 'locales' ? [] : files(full);
    return full.endsWith('.tsx') ? [full] : [];
  });

describe('icons', () => {
  it('no emoji or dingbat characters in the UI code', () => {
    const found = files(src).flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .map((line, i) => [line, i] as const)
        .filter(([line]) => PICTOGRAPH.test(line))
        .map(([line, i]) => `${relative(src, file)}:${i + 1}: ${line.trim()}`),
    );
    expect(found).toEqual([]);
  });
});
