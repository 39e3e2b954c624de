// GET api/v1/staff/parks/{parkId}/tickets: a park's tickets for one day by change, for gate devices to keep offline:
// state, time of use and the act (source, device, gate) that marked each, the live token id, and where the holder is
// (inside, entries so far, entries allowed: exit and re-entry; an exit writes the ticket row, so it is a change).
//
// One call, one opaque cursor. Without a cursor (a device's first sync of the day) the whole day is listed by ticket
// id ("f" cursors); after that, only the tickets changed since ("d" cursors). A change is a write of the ticket row
// or of one of its tokens: the trigger of migration 20261128002100 stamps each with its transaction's id (gate_xid).
// Why this is safe under concurrent writes without any lock: a page hands out only changes of transactions below
// `bound`, the oldest transaction still running when the page's snapshot was taken (pg_snapshot_xmin); all of those
// have ended, and every transaction that writes later has an id at or above it. So a cursor never passes a change that
// is yet to commit, however late it commits. The full listing takes its bound before it reads the first page, and
// its last page hands over to the changes from that bound: what changed while the pages were read comes as a delta.
import type { Knex } from 'knex';
import type { DayTicket, DayTicketsPage } from '../../../../common/dto/staff';
import type { TicketState } from '../../../../common/dto/wallet';
import type { Locale } from '../../../../common/enums';
import { localize } from '../../../lib/localize';
import { needsCertificate } from '../../wallet';

// A gate stores a page as one record (pwa db/gateDayList.ts): 10,000 rows are about 3 MB of JSON, 260 KB gzipped.
export const DAY_PAGE_MAX = 10_000;

/** A day list cursor: "f.<bound>.<last id>" while listing the whole day, "d.<xid>.<id>" for changes after it. */
export const DAY_CURSOR = /^[fd]\.\d{1,19}\.[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const NIL = '00000000-0000-0000-0000-000000000000';

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
  parentTicketId: string | null;
  passHolderId: number | null;
}

async function snapshotBound(knex: Knex): Promise<string> {
  const { rows } = await knex.raw('SELECT pg_snapshot_xmin(pg_current_snapshot())::text AS bound');
  return String(rows[0].bound);
}

/** The day list's row of each ticket, as it is now. */
function dayRows(knex: Knex) {
  return (
    knex('tickets as t')
      .join('items as i', 'i.id', 't.item_id')
      .leftJoin('age_groups as ag', 'ag.id', 't.age_group_id')
      .leftJoin('item_time_slots as s', 's.id', 't.time_slot_id')
      .leftJoin('ticket_tokens as k', (j) => j.on('k.ticket_id', 't.id').andOnNull('k.revoked_at'))
      // A pass's term ticket is no ticket of a day (its use_date is the term's last day): its visits are.
      .whereNot('t.unit_kind', 'pass')
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
        't.parent_ticket_id',
        't.pass_holder_id',
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
      )
  );
}

/** The tickets changed by transactions in [from, bound) after (xid, id), in that order: ticket rows and tokens. */
async function changes(knex: Knex, parkId: number, date: string, xid: string, id: string, limit: number) {
  const { rows } = await knex.raw(
    `WITH b AS (SELECT pg_snapshot_xmin(pg_current_snapshot())::text::bigint AS bound),
     ch AS (
       SELECT t.id, t.gate_xid AS x FROM tickets t, b
        WHERE t.park_id = ? AND t.use_date = ? AND t.gate_xid >= ? AND t.gate_xid < b.bound AND t.unit_kind <> 'pass'
       UNION
       SELECT k.ticket_id, k.gate_xid FROM ticket_tokens k JOIN tickets t ON t.id = k.ticket_id, b
        WHERE k.park_id = ? AND t.use_date = ? AND k.gate_xid >= ? AND k.gate_xid < b.bound AND t.unit_kind <> 'pass')
     SELECT b.bound::text AS bound, p.id, p.x::text AS x
       FROM b LEFT JOIN (SELECT id, x FROM ch WHERE (x, id) > (?::bigint, ?::uuid) ORDER BY x, id LIMIT ?) p ON true
      ORDER BY p.x::bigint, p.id`,
    [parkId, date, xid, parkId, date, xid, xid, id, limit + 1],
  );
  const found = rows as { bound: string; id: string | null; x: string | null }[];
  return {
    bound: found[0]?.bound ?? xid,
    changed: found.flatMap((r) => (r.id && r.x ? [{ id: r.id, x: r.x }] : [])),
  };
}

const later = (a: string, b: string) => (BigInt(a) >= BigInt(b) ? a : b);

export async function listDayTickets(
  knex: Knex,
  parkId: number,
  date: string,
  cursor: string | null,
  limit: number,
  locale: Locale,
  now = new Date(),
): Promise<DayTicketsPage> {
  const [phase, mark = '0', after = NIL] = cursor?.split('.') ?? ['f'];
  let rows: Row[];
  let next: string;
  let more: boolean;
  if (phase === 'f') {
    // The bound comes from a snapshot taken before any page is read: every page then shows all it covers.
    const bound = cursor ? mark : await snapshotBound(knex);
    const q = dayRows(knex)
      .where({ 't.park_id': parkId, 't.use_date': date })
      .where('t.id', '>', after)
      .orderBy('t.id')
      .limit(limit + 1);
    rows = (await q) as Row[];
    more = rows.length > limit;
    rows = rows.slice(0, limit);
    next = more ? `f.${bound}.${rows.at(-1)?.id}` : `d.${bound}.${NIL}`;
  } else {
    const { bound, changed } = await changes(knex, parkId, date, mark, after, limit);
    more = changed.length > limit;
    const page = changed.slice(0, limit);
    const last = page.at(-1);
    next = more && last ? `d.${last.x}.${last.id}` : `d.${later(bound, mark)}.${NIL}`;
    const byId = new Map(
      (
        (await dayRows(knex).whereIn(
          't.id',
          page.map((c) => c.id),
        )) as Row[]
      ).map((r) => [r.id, r]),
    );
    // A ticket changed both as a row and by a token comes once, at its latest change.
    const order = new Map(page.map((c, i) => [c.id, i]));
    rows = [...byId.values()].sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0));
  }
  const tickets: DayTicket[] = rows.map((r) => ({
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
    // A pass holder's day visit: its term ticket (the member card's token names it) and holder.
    passTicketId: r.unitKind === 'pass_visit' ? r.parentTicketId : null,
    passHolderId: r.passHolderId,
  }));
  return {
    parkId,
    date,
    tickets,
    next,
    more,
    asOf: now.toISOString(),
  };
}
