// A group's admission at the gate with a count (issue 31): of the group order's admissions not used yet, `count`
// are marked used by one scan act each (the act rule in ../acts.ts, through the ticket ledger), in ticket-number
// order, under their row locks in the caller's transaction (the group request is locked there too, so two gates
// never pick the same tickets). Never more than are left: 409 groupAdmitTooMany naming how many are. Only on the
// day of use (Asia/Tokyo): ticketWrongDay. Each act's client id is derived from the gate's scan id and the ticket,
// so a replay of the same admission stores nothing new.
import { createHash } from 'node:crypto';
import type { Knex } from 'knex';
import { tokyoDate } from '../../../../common/time';
import { DomainError } from '../../../lib/errors';
import { recordAct } from '../acts';

const uuidOf = (text: string) => {
  const h = createHash('sha256').update(text).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
};

export interface GroupAdmission {
  orderId: number;
  parkId: number;
  count: number;
  scanId: string;
  scannedAt: Date;
  now: Date;
  staffUserId: number;
  deviceId?: string | null;
  gateName?: string | null;
}

/** Answers how many tickets of the order are used after the admission, and how many are left. */
export async function admitGroupTickets(
  trx: Knex.Transaction,
  input: GroupAdmission,
): Promise<{ arrived: number; left: number }> {
  const tickets = (await trx('tickets')
    .where({ order_id: input.orderId, park_id: input.parkId })
    .whereNull('parent_ticket_id')
    .orderBy('ticket_number')
    .forUpdate()
    .select('id', 'state', 'used_at', 'user_id', 'use_date', 'created_at')) as {
    id: string;
    state: string;
    usedAt: Date | null;
    userId: number;
    useDate: string;
    createdAt: Date;
  }[];
  const first = tickets[0];
  if (!first) throw new DomainError('notFound');
  if (first.useDate !== tokyoDate(input.scannedAt)) throw new DomainError('ticketWrongDay');
  const open = tickets.filter((t) => t.state === 'available' && t.usedAt === null);
  if (input.count > open.length) throw new DomainError('groupAdmitTooMany', { left: open.length });
  for (const t of open.slice(0, input.count)) {
    await recordAct(trx, t, {
      clientId: uuidOf(`${input.scanId}:${t.id}`),
      ticketId: t.id,
      source: 'scan',
      direction: 'in',
      actedAt: input.scannedAt,
      receivedAt: input.now,
      notBefore: new Date(t.createdAt),
      deviceId: input.deviceId ?? null,
      gateName: input.gateName ?? null,
      userId: t.userId,
      staffUserId: input.staffUserId,
      waitsForAnswer: true,
    });
  }
  const left = open.length - input.count;
  return { arrived: tickets.length - left, left };
}
