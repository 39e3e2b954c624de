// One writer of stock: only the ledger (ledger.ts and its SQL half) may write stock_units.held or .sold.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../../..');
const LEDGER = [
  'server/features/stock/ledger.ts',
  'server/features/stock/sql/add_cart_line.sql',
  'server/features/stock/sql/take_stock.sql',
];
// `held = held + ...`, `sold = sold - ...`, `SET held`, `.update({ held` / `sold:` in knex.
const WRITES = /\b(?:held|sold)\s*=\s*(?:held|sold)\b|\bSET\s+(?:held|sold)\b|update\(\s*\{[^}]*\b(?:held|sold)\s*:/i;

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (name === 'node_modules' || name.startsWith('.')) return [];
    if (statSync(path).isDirectory()) return files(path);
    return /\.(ts|sql)$/.test(name) && !name.endsWith('.test.ts') ? [path] : [];
  });
}

describe('the stock ledger', () => {
  it('is the only code that writes held or sold', () => {
    const writers = [...files(join(ROOT, 'server')), ...files(join(ROOT, 'seeds'))]
      .map((f) => relative(ROOT, f))
      .filter((f) => !LEDGER.includes(f))
      .filter((f) => WRITES.test(readFileSync(join(ROOT, f), 'utf8')));
    expect(writers).toEqual([]);
  });

  it('the check itself finds a write', () => {
    expect(WRITES.test('UPDATE stock_units SET held = held + 1')).toBe(true);
    expect(WRITES.test("trx('stock_units').update({ sold: 3 })")).toBe(true);
    expect(WRITES.test('capacity - sold - held AS remaining')).toBe(false);
  });
});
