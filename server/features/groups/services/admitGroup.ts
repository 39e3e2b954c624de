// The gate admits a paid group with a count (issue 31): 36 of 44 arrived now, the rest later that day, never more
// than are left. Under the group request's lock: a replay of the same scan id answers what it did the first time;
// otherwise `count` of the group's tickets are marked used through the ticket ledger (wallet's admitGroupTickets),
// the admission stored and audited.
import type { Knex } from 'knex';
import { transaction } from '../../../db/timeouts';
import { audit } from '../../../lib/audit';
import { DomainError } from '../../../lib/errors';
import { admitGroupTickets } from '../../wallet';

export interface AdmitGroupInput {
  parkId: number;
  requestId: number;
  count: number;
  scanId: string;
  scannedAt: Date;
  staffUserId: number;
  deviceId?: string | null;
  gateName?: string | null;
  now: Date;
}

export interface GroupArrivals {
  partySize: number;
  admitted: number;
  arrived: number;
  left: number;
}

async function arrivals(trx: Knex.Transaction, orderId: number, partySize: number) {
  const used = await trx('tickets')
    .where({ order_id: orderId })
    .whereNull('parent_ticket_id')
    .whereNotNull('used_at')
    .count({ n: '*' })
    .first();
  const arrived = Number(used?.n ?? 0);
  return { arrived, left: partySize - arrived };
}

export async function admitGroup(knex: Knex, input: AdmitGroupInput): Promise<GroupArrivals> {
  return transaction(knex, 'checkout', async (trx) => {
    const r = (await trx('group_requests')
      .where({ id: input.requestId, park_id: input.parkId })
      .forUpdate()
      .first('id', 'state', 'order_id', 'party_size')) as
      | { id: number; state: string; orderId: number | null; partySize: number }
      | undefined;
    if (!r) throw new DomainError('notFound');
    if (r.state !== 'paid' || r.orderId === null) throw new DomainError('groupRequestState');
    const replay = (await trx('group_admissions')
      .where({ scan_id: input.scanId })
      .first('group_request_id', 'count')) as { groupRequestId: number | string; count: number } | undefined;
    if (replay) {
      if (Number(replay.groupRequestId) !== Number(r.id)) throw new DomainError('invalidParam', { field: 'scanId' });
      return { partySize: r.partySize, admitted: replay.count, ...(await arrivals(trx, r.orderId, r.partySize)) };
    }
    const done = await admitGroupTickets(trx, {
      orderId: r.orderId,
      parkId: input.parkId,
      count: input.count,
      scanId: input.scanId,
      scannedAt: input.scannedAt,
      now: input.now,
      staffUserId: input.staffUserId,
      deviceId: input.deviceId,
      gateName: input.gateName,
    });
    await trx('group_admissions').insert({
      scan_id: input.scanId,
      group_request_id: r.id,
      count: input.count,
      staff_user_id: input.staffUserId,
      scanned_at: input.scannedAt,
    });
    await audit(trx, {
      entity: 'group_request',
      entityId: r.id,
      action: 'admitted',
      actorUserId: input.staffUserId,
      data: { count: input.count, arrived: done.arrived, left: done.left, scanId: input.scanId },
    });
    return { partySize: r.partySize, admitted: input.count, ...done };
  });
}

/** How many of a paid group have entered so far (the office's and the gate's view). */
export async function groupArrivals(knex: Knex, parkId: number, requestId: number): Promise<GroupArrivals> {
  return knex.transaction(async (trx) => {
    const r = (await trx('group_requests')
      .where({ id: requestId, park_id: parkId })
      .first('state', 'order_id', 'party_size')) as
      | { state: string; orderId: number | null; partySize: number }
      | undefined;
    if (!r) throw new DomainError('notFound');
    if (r.orderId === null) return { partySize: r.partySize, admitted: 0, arrived: 0, left: r.partySize };
    return { partySize: r.partySize, admitted: 0, ...(await arrivals(trx, r.orderId, r.partySize)) };
  });
}
