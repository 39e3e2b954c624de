import type { Knex } from 'knex';

export type HoldAction =
  | 'created'
  | 'increased'
  | 'decreased'
  | 'seatsChanged'
  | 'released'
  | 'expired'
  | 'sold'
  | 'paymentWindow'
  | 'moved';

export interface HoldAuditEntry {
  holdId: number;
  action: HoldAction;
  actorUserId?: number | null;
  data?: Record<string, unknown>;
}

/**
 * Every state change of a hold writes an audit row (the same rows as server/lib/audit.ts writes, entity
 * 'stock_hold'), several in one statement.
 */
export async function auditHolds(trx: Knex | Knex.Transaction, entries: readonly HoldAuditEntry[]): Promise<void> {
  if (entries.length === 0) return;
  await trx('audit_logs').insert(
    entries.map((e) => ({
      entity: 'stock_hold',
      entity_id: String(e.holdId),
      action: `hold.${e.action}`,
      actor_user_id: e.actorUserId ?? null,
      data: e.data === undefined ? null : JSON.stringify(e.data),
    })),
  );
}
