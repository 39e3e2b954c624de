// The staff audit trail (table staff_audit): every change staff make to a park's things (members, invitations,
// stories and their media, stock, orders cancelled for a visitor, items, the park profile and its two-factor rule,
// map data, members turning two-factor sign-in on or off), who, when, what, before and after. Written with the
// transaction of the change, so a change without its row (or a row without its change) cannot be committed.
import type { Knex } from 'knex';
import type { StaffAuditEntity } from '../../common/dto/staff';

export interface StaffChange {
  parkId: number;
  actorUserId: number | null;
  entity: StaffAuditEntity;
  entityId: string | number;
  action: string;
  before?: unknown;
  after?: unknown;
}

export async function recordStaffChange(trx: Knex.Transaction, change: StaffChange): Promise<void> {
  await trx('staff_audit').insert({
    park_id: change.parkId,
    actor_user_id: change.actorUserId,
    entity: change.entity,
    entity_id: String(change.entityId),
    action: change.action,
    before: change.before === undefined || change.before === null ? null : JSON.stringify(change.before),
    after: change.after === undefined || change.after === null ? null : JSON.stringify(change.after),
  });
}
