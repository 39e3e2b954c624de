// One writer per table that matters (DESIGN "Ledgers"): tickets (issue and state) only in the ticket ledger, coin
// entries only in the coin ledger, order states only through the order store (the state machine), payment states
// only through the payment store's moveState. Each check reads every server source file, statement by statement;
// stock has its own (server/features/stock/ledger.unit.test.ts).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
/** Test fixtures that write tables straight (passes, until the ledger issues them) are test code, not writers. */
const TEST_FIXTURES = join(ROOT, 'server/test/support');

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (name === 'node_modules' || name.startsWith('.') || path === TEST_FIXTURES) return [];
    if (statSync(path).isDirectory()) return files(path);
    return /\.(ts|sql)$/.test(name) && !name.endsWith('.test.ts') ? [path] : [];
  });
}

const SOURCES = [...files(join(ROOT, 'server')), ...files(join(ROOT, 'seeds'))].map((f) => ({
  path: relative(ROOT, f),
  // Comments say what a table is for; only code writes.
  text: readFileSync(f, 'utf8').replace(/^\s*\/\/.*$/gm, ''),
}));

/** A table's write: a knex statement on it that inserts/updates (with `state` when stateOnly), or raw SQL. */
function writes(text: string, table: string, kinds: { insert: boolean; stateOnly: boolean; column?: RegExp }): boolean {
  const column = kinds.column ?? /\bstate\b/;
  const knexOn = new RegExp(`\\(\\s*['"]${table}(?: as \\w+)?['"]\\s*\\)`);
  for (const statement of text.split(/;\s*\n/)) {
    if (!knexOn.test(statement)) continue;
    const tail = statement.slice(statement.search(knexOn));
    if (kinds.insert && /\.(insert|delete)\(/.test(tail)) return true;
    const update = /\.update\(([\s\S]*)/.exec(tail)?.[1];
    // An update of a variable (not an object literal) may hold anything: it counts as a state write.
    if (update !== undefined && (!kinds.stateOnly || column.test(update) || !/^\s*\{/.test(update))) {
      return true;
    }
  }
  const raw = kinds.stateOnly
    ? new RegExp(`UPDATE\\s+${table}\\b[^;]*\\bSET\\b[^;]*(?:${column.source})\\s*=`, 'i')
    : new RegExp(`(UPDATE\\s+${table}\\b|DELETE\\s+FROM\\s+${table}\\b)`, 'i');
  const rawInsert = new RegExp(`INSERT\\s+INTO\\s+${table}\\b`, 'i');
  return raw.test(text) || (kinds.insert && rawInsert.test(text));
}

const writers = (table: string, kinds: { insert: boolean; stateOnly: boolean; column?: RegExp }) =>
  SOURCES.filter((f) => writes(f.text, table, kinds)).map((f) => f.path);

describe('one writer per table', () => {
  it('tickets are issued and change state only in the ticket ledger', () => {
    expect(writers('tickets', { insert: true, stateOnly: true })).toEqual(['server/features/wallet/ticketLedger.ts']);
  });

  it('where a ticket’s holder is (inside, entries: exit and re-entry) is written only by the ticket ledger', () => {
    expect(writers('tickets', { insert: false, stateOnly: true, column: /\b(inside|entries)\b/ })).toEqual([
      'server/features/wallet/ticketLedger.ts',
    ]);
  });

  it('coin entries are written only by the coin ledger', () => {
    expect(writers('coin_entries', { insert: true, stateOnly: false })).toEqual(['server/features/orders/coins.ts']);
  });

  it('order states change only through the order store (the state machine)', () => {
    expect(writers('orders', { insert: false, stateOnly: true })).toEqual(['server/features/orders/orderStore.ts']);
  });

  it("payment states change only through the payment store's moveState", () => {
    expect(writers('payments', { insert: false, stateOnly: true })).toEqual(['server/features/payments/store.ts']);
  });

  it('guest vouchers of passes are held, spent and given back only in guestVouchers.ts', () => {
    expect(writers('pass_voucher_uses', { insert: true, stateOnly: false })).toEqual([
      'server/features/passes/services/guestVouchers.ts',
    ]);
  });

  it('pass products and the parks they admit at are written only by the pass office (savePassProduct)', () => {
    for (const table of ['pass_products', 'pass_product_parks']) {
      expect(writers(table, { insert: true, stateOnly: false }), table).toEqual([
        'server/features/passes/office/savePassProduct.ts',
      ]);
    }
  });

  it("face photos, their state, and which photo a holder's card and the gate show, are written only by the pass photos' upload and the park's review", () => {
    const photoWriters = [
      'server/features/passes/photos/passPhotos.ts',
      'server/features/passes/review/reviewPhoto.ts',
    ];
    expect(writers('pass_photos', { insert: true, stateOnly: false })).toEqual(photoWriters);
    expect(writers('pass_photos', { insert: true, stateOnly: true })).toEqual(photoWriters);
    expect(writers('pass_holders', { insert: false, stateOnly: true, column: /\bphoto_id\b/ })).toEqual(photoWriters);
  });

  it("stock capacities are set only by the stock ledger, and a slot's places for pass holders only by setPassCapacity", () => {
    expect(writers('stock_units', { insert: false, stateOnly: true, column: /\bcapacity\b/ })).toEqual([
      'server/features/stock/ledger.ts',
    ]);
    // Slots are made by the item editor and the seeds with none (the column's default, 0).
    expect(writers('item_time_slots', { insert: false, stateOnly: true, column: /\bpass_capacity\b/ })).toEqual([
      'server/features/stock/services/setPassCapacity.ts',
    ]);
  });

  it('a waiting room admission is spent only by zoo_spend_admission, in the statement that adds its line', () => {
    expect(writers('waiting_room_places', { insert: false, stateOnly: true, column: /\btoken_used_at\b/ })).toEqual([
      'server/features/waitingRoom/sql/spend_admission.sql',
    ]);
  });

  it('refunds owed by bank transfer (konbini give-back) are written only by payments/bankTransfers.ts', () => {
    expect(writers('bank_transfer_refunds', { insert: true, stateOnly: false })).toEqual([
      'server/features/payments/bankTransfers.ts',
    ]);
  });

  it('reminders to enter a refund account are written only by payments/bankTransfers.ts (once each, under the transfer lock)', () => {
    expect(writers('bank_transfer_reminders', { insert: true, stateOnly: false })).toEqual([
      'server/features/payments/bankTransfers.ts',
    ]);
  });

  it("a park's remitting account for Zengin transfer files is written only by setRemitterAccount", () => {
    expect(writers('park_remitter_accounts', { insert: true, stateOnly: false })).toEqual([
      'server/features/payments/services/setRemitterAccount.ts',
    ]);
  });

  it('the check itself finds writes', () => {
    const t = { insert: true, stateOnly: true };
    expect(writes("await trx('tickets').where({ id }).update({ state: 'used' });\n", 'tickets', t)).toBe(true);
    expect(writes("await trx('tickets').insert(rows);\n", 'tickets', t)).toBe(true);
    expect(writes("await trx('tickets').where({ id }).update({ share_id: null });\n", 'tickets', t)).toBe(false);
    expect(writes("UPDATE tickets SET state = 'cancelled' WHERE id = ?", 'tickets', t)).toBe(true);
    const capacity = { insert: false, stateOnly: true, column: /\bcapacity\b/ };
    expect(writes('UPDATE stock_units SET capacity = ? WHERE id = ?', 'stock_units', capacity)).toBe(true);
    expect(writes('UPDATE stock_units SET held = held + 1 WHERE id = ?', 'stock_units', capacity)).toBe(false);
    expect(
      writes("await trx('coin_entries').where({ id }).update({ expiry_processed: true });\n", 'coin_entries', {
        insert: true,
        stateOnly: false,
      }),
    ).toBe(true);
    expect(writes("const n = await db('coin_entries').sum({ n: 'amount' });\n", 'coin_entries', t)).toBe(false);
    expect(
      writes("await trx('orders').where({ id }).update({ state: next, updated_at: now });\n", 'orders', {
        insert: false,
        stateOnly: true,
      }),
    ).toBe(true);
  });
});
