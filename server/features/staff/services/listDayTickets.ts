// GET api/v1/staff/parks/{parkId}/tickets: a park's tickets for one day, a page at a time by id, for gate devices
// to keep offline: state, time of use and the act (source, device, gate) that marked each, the live token id, and
// where the holder is (inside, entries so far, entries allowed: exit and re-entry).
import type { Knex } from 'knex';
import type { DayTicket, DayTicketsPage } from '../../../../common/dto/staff';
import type { TicketState } from '../../../../common/dto/wallet';
import type { Locale } from '../../../../common/enums';
import { localize } from '../../../lib/localize';
import { needsCertificate } from '../../wallet';

export const DAY_PAGE_MAX = 5000;

interface Row {
  id: string;
  ticketNumber: string;
  state: TicketState;
  usedAt: Date | null;
  unitKind: string;
  certificateConfirmedAt: Date | null;
  itemNameJa: string;
  itemNameEn: string | null;
  ageGroupNameJa: string | null;
  ageGroupNameEn: string | null;
  startTime: string | null;
  jti: string | null;
  source: 'button' | 'url' | 'scan' | null;
  actedAt: Date | null;
  deviceId: string | null;
  gateName: string | null;
  itemId: number;
  inside: boolean;
  entries: number;
  reentry: boolean;
  maxEntries: number | null;
}

export async function listDayTickets(
  knex: Knex,
  parkId: number,
  date: string,
  after: string | null,
  limit: number,
  locale: Locale,
  now = new Date(),
): Promise<DayTicketsPage> {
  const q = knex('tickets as t')
    .join('items as i', 'i.id', 't.item_id')
    .leftJoin('age_groups as ag', 'ag.id', 't.age_group_id')
    .leftJoin('item_time_slots as s', 's.id', 't.time_slot_id')
    .leftJoin('ticket_tokens as k', (j) => j.on('k.ticket_id', 't.id').andOnNull('k.revoked_at'))
    // The act of the first entry (a ticket with re-entry has more counted acts).
    .leftJoin('ticket_usages as u', (j) =>
      j
        .on('u.ticket_id', 't.id')
        .andOnVal('u.duplicate', false)
        .andOnVal('u.direction', 'in')
        .andOn(
          knex.raw(
            "NOT EXISTS (SELECT 1 FROM ticket_usages e WHERE e.ticket_id = t.id AND e.duplicate = false AND e.direction = 'in' AND (e.acted_at, e.id) < (u.acted_at, u.id))",
          ),
        ),
    )
    .where({ 't.park_id': parkId, 't.use_date': date })
    .orderBy('t.id')
    .limit(limit + 1)
    .select(
      't.id',
      't.ticket_number',
      't.state',
      't.used_at',
      't.unit_kind',
      't.certificate_confirmed_at',
      't.item_id',
      't.inside',
      't.entries',
      'i.reentry',
      'i.max_entries',
      'i.name_ja as item_name_ja',
      'i.name_en as item_name_en',
      'ag.name_ja as age_group_name_ja',
      'ag.name_en as age_group_name_en',
      's.start_time',
      'k.jti',
      'u.source',
      'u.acted_at',
      'u.device_id',
      'u.gate_name',
    );
  if (after) q.where('t.id', '>', after);
  const rows = (await q) as Row[];
  const more = rows.length > limit;
  const page = rows.slice(0, limit);
  const tickets: DayTicket[] = page.map((r) => ({
    id: r.id,
    ticketNumber: r.ticketNumber,
    jti: r.jti,
    state: r.state,
    usedAt: r.usedAt ? new Date(r.usedAt).toISOString() : null,
    usedBy:
      r.state === 'used'
        ? {
            source: r.source ?? 'scan',
            at: new Date(r.actedAt ?? r.usedAt ?? now).toISOString(),
            deviceId: r.deviceId,
            gateName: r.gateName,
          }
        : null,
    itemName: localize({ nameJa: r.itemNameJa, nameEn: r.itemNameEn }, 'name', locale),
    unitKind: r.unitKind,
    ageGroupName: r.ageGroupNameJa
      ? localize({ nameJa: r.ageGroupNameJa, nameEn: r.ageGroupNameEn }, 'name', locale)
      : null,
    time: r.startTime,
    needsCertificate: needsCertificate(r),
    itemId: r.itemId,
    inside: r.inside,
    entries: r.entries,
    // null: as many entries as the day allows.
    maxEntries: r.reentry ? r.maxEntries : 1,
  }));
  return {
    parkId,
    date,
    tickets,
    next: tickets.at(-1)?.id ?? after,
    more,
    asOf: now.toISOString(),
  };
}
