// GET api/v1/staff/parks: the parks the caller is staff of (with a role), today's counts and occupancy for the gate,
// each park's timed-slot window (the gate's verdict uses it offline), and the parks whose annual passes it admits.
import type { Knex } from 'knex';
import type { StaffPark, StaffRole } from '../../../../common/dto/staff';
import type { Locale } from '../../../../common/enums';
import { tokyoDate } from '../../../../common/time';
import { toCount } from '../../../db/knex';
import { localize } from '../../../lib/localize';
import { parkOccupancy } from '../../wallet';

export async function listStaffParks(
  knex: Knex,
  userId: number,
  locale: Locale,
  now = new Date(),
): Promise<StaffPark[]> {
  const rows = (await knex('park_staff as s')
    .join('parks as p', 'p.id', 's.park_id')
    .where('s.user_id', userId)
    .orderBy('p.id')
    .select('p.id', 'p.name_ja', 'p.name_en', 's.role', 'p.gate_slot_before_minutes', 'p.gate_slot_after_minutes')) as {
    id: number;
    nameJa: string;
    nameEn: string | null;
    role: StaffRole;
    gateSlotBeforeMinutes: number;
    gateSlotAfterMinutes: number;
  }[];
  const parks = new Map<number, StaffPark>();
  const date = tokyoDate(now);
  for (const r of rows) {
    const park = parks.get(r.id) ?? {
      id: r.id,
      name: localize({ nameJa: r.nameJa, nameEn: r.nameEn }, 'name', locale),
      roles: [],
      today: {
        date,
        tickets: 0,
        admitted: 0,
        toReview: 0,
        occupancy: { date, inside: 0, entries: 0, exits: 0, hours: [] },
      },
      slotWindow: { beforeMinutes: r.gateSlotBeforeMinutes, afterMinutes: r.gateSlotAfterMinutes },
      items: [],
      passPartnerParkIds: [],
    };
    park.roles.push(r.role);
    parks.set(r.id, park);
  }
  const ids = [...parks.keys()];
  if (ids.length === 0) return [];
  const counts = (await knex('tickets')
    .whereIn('park_id', ids)
    .where('use_date', date)
    .whereNotIn('state', ['cancelled', 'cancel_waiting'])
    .groupBy('park_id')
    .select(
      'park_id',
      knex.raw('count(*) AS tickets'),
      knex.raw("count(*) FILTER (WHERE state = 'used') AS admitted"),
    )) as {
    parkId: number;
    tickets: unknown;
    admitted: unknown;
  }[];
  for (const c of counts) {
    const park = parks.get(c.parkId);
    if (park) Object.assign(park.today, { tickets: toCount(c.tickets), admitted: toCount(c.admitted) });
  }
  const review = (await knex('ticket_usages as u')
    .join('tickets as t', 't.id', 'u.ticket_id')
    .whereIn('t.park_id', ids)
    .whereNotNull('u.flag')
    .whereNull('u.reviewed_at')
    .groupBy('t.park_id')
    .select('t.park_id', knex.raw('count(*) AS n'))) as { parkId: number; n: unknown }[];
  for (const r of review) {
    const park = parks.get(r.parkId);
    if (park) park.today.toReview = toCount(r.n);
  }
  for (const park of parks.values()) park.today.occupancy = await parkOccupancy(knex, park.id, date);
  // The park's items, for a gate admitting only some of them (the device's setting, chosen from these).
  const items = (await knex('items')
    .whereIn('park_id', ids)
    .orderBy(['park_id', 'id'])
    .select('id', 'park_id', 'name_ja', 'name_en')) as {
    id: number;
    parkId: number;
    nameJa: string;
    nameEn: string | null;
  }[];
  for (const i of items) {
    parks
      .get(i.parkId)
      ?.items.push({ id: i.id, name: localize({ nameJa: i.nameJa, nameEn: i.nameEn }, 'name', locale) });
  }
  // Parks whose passes admit here (pass_product_parks): the gate verifies their member cards with their keys.
  const partners = (await knex('pass_product_parks as a')
    .join('pass_products as pp', 'pp.item_id', 'a.item_id')
    .whereIn('a.park_id', ids)
    .whereRaw('pp.park_id <> a.park_id')
    .distinct('a.park_id', 'pp.park_id as partner_id')
    .orderBy(['a.park_id', 'partner_id'])) as { parkId: number; partnerId: number }[];
  for (const p of partners) parks.get(p.parkId)?.passPartnerParkIds.push(p.partnerId);
  return [...parks.values()];
}
