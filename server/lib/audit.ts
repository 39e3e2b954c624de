import type { Knex } from 'knex';

/** Every state change of an account, order, payment, ticket, hold, lottery or share writes a row here. */
export async function audit(
  trx: Knex | Knex.Transaction,
  entry: { entity: string; entityId: string | number; action: string; actorUserId?: number | null; data?: unknown },
): Promise<void> {
  await trx('audit_logs').insert({
    entity: entry.entity,
    entity_id: String(entry.entityId),
    action: entry.action,
    actor_user_id: entry.actorUserId ?? null,
    data: entry.data === undefined ? null : JSON.stringify(entry.data),
  });
}
