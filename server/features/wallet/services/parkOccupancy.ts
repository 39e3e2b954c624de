// Occupancy of a park on a day (Asia/Tokyo): entries minus exits by the acts that count (acts.ts walk: flagged acts,
// duplicates and revoked scans do not), now and at the end of each hour. A button or URL use counts as an entry.
import type { Knex } from 'knex';
import type { Occupancy } from '../../../../common/dto/staff';
import { toCount } from '../../../db/knex';

export async function parkOccupancy(db: Knex | Knex.Transaction, parkId: number, date: string): Promise<Occupancy> {
  const rows = (await db('ticket_usages as u')
    .join('tickets as t', 't.id', 'u.ticket_id')
    .where({ 't.park_id': parkId, 't.use_date': date, 'u.duplicate': false })
    // The Tokyo hour of the act (Japan keeps no daylight saving: UTC+9 all year).
    .select(db.raw('floor((extract(epoch FROM u.acted_at) + 32400) / 3600)::bigint % 24 AS hour'), 'u.direction')
    .count('* as n')
    .groupByRaw('1, 2')) as { hour: unknown; direction: 'in' | 'out'; n: unknown }[];
  const byHour = new Map<number, { entries: number; exits: number }>();
  for (const r of rows) {
    const h = toCount(r.hour);
    const slot = byHour.get(h) ?? { entries: 0, exits: 0 };
    if (r.direction === 'out') slot.exits += toCount(r.n);
    else slot.entries += toCount(r.n);
    byHour.set(h, slot);
  }
  const hours: Occupancy['hours'] = [];
  let inside = 0;
  let entries = 0;
  let exits = 0;
  for (const h of [...byHour.keys()].sort((a, b) => a - b)) {
    const slot = byHour.get(h) as { entries: number; exits: number };
    inside += slot.entries - slot.exits;
    entries += slot.entries;
    exits += slot.exits;
    hours.push({ hour: h, entries: slot.entries, exits: slot.exits, inside });
  }
  return { date, inside, entries, exits, hours };
}
