// Per-park invoice and credit note numbers without gaps: one counter row per park and kind, bumped by one
// statement whose row lock is held until the paying (or refunding) transaction ends. A rollback takes the number
// back with it; concurrent orders of a park wait for each other here, and only here (a PostgreSQL sequence would
// leave gaps).
import type { Knex } from 'knex';

export type NumberKind = 'invoice' | 'credit';

export async function nextNumber(trx: Knex.Transaction, parkId: number, kind: NumberKind): Promise<number> {
  const { rows } = (await trx.raw(
    `INSERT INTO invoice_counters (park_id, kind, last_number) VALUES (?, ?, 1)
     ON CONFLICT (park_id, kind) DO UPDATE SET last_number = invoice_counters.last_number + 1
     RETURNING last_number`,
    [parkId, kind],
  )) as { rows: { last_number: number; lastNumber?: number }[] };
  const row = rows[0] as { last_number?: number; lastNumber?: number };
  return Number(row.lastNumber ?? row.last_number);
}

/** How a number is printed: park, kind letter, seven digits (INV 0003-0000042, CN 0003-0000001). */
export const formatNumber = (kind: NumberKind, parkId: number, n: number) =>
  `${kind === 'invoice' ? 'INV' : 'CN'}-${String(parkId).padStart(4, '0')}-${String(n).padStart(7, '0')}`;
