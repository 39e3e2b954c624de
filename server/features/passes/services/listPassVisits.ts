// GET api/v1/me/passes/{passId}/visits (passes/README.md 2.14): the days the pass's holders entered a park, newest
// first: each is one visit ticket (unit_kind 'pass_visit') with its first entry (the act that counted, and its
// gate) and the entries of that day. The owner sees every holder's; a holder (a kids account) only its own.
import type { Knex } from 'knex';
import type { PassVisit } from '../../../../common/dto/pass';
import type { Locale } from '../../../../common/enums';
import { notFound } from '../../../lib/errors';
import { localize } from '../../../lib/localize';

/** The gate of a visit ticket `v`'s first entry (the act that counted), as first_gate. */
export const FIRST_GATE = `(SELECT u.gate_name FROM ticket_usages u WHERE u.ticket_id = v.id AND u.direction = 'in'
  AND NOT u.duplicate ORDER BY u.acted_at LIMIT 1) AS first_gate`;

export async function listPassVisits(
  knex: Knex,
  userId: number,
  passId: number,
  page: number,
  perPage: number,
  locale: Locale,
): Promise<{ visits: PassVisit[]; total: number }> {
  const pass = (await knex('passes').where({ id: passId }).first('owner_user_id')) as
    | { ownerUserId: number }
    | undefined;
  const me = (await knex('users').where({ id: userId }).first('child_flag')) as { childFlag: number } | undefined;
  const owner = pass?.ownerUserId === userId && me?.childFlag !== 1;
  const mine = pass
    ? await knex('pass_holders').where({ pass_id: passId, holder_user_id: userId }).first('id')
    : undefined;
  if (!pass || (!owner && !mine)) throw notFound();
  return passVisitsPage(knex, owner ? { passId } : { passId, holderUserId: userId }, page, perPage, locale);
}

/** A page of a pass's visits, of one holder (the office's holder page) or one holder's account when asked. */
export async function passVisitsPage(
  knex: Knex,
  of: { passId: number; holderUserId?: number; holderId?: number },
  page: number,
  perPage: number,
  locale: Locale,
): Promise<{ visits: PassVisit[]; total: number }> {
  const base = () =>
    knex('tickets as v')
      .join('pass_holders as h', 'h.id', 'v.pass_holder_id')
      .where('v.pass_id', of.passId)
      .where('v.unit_kind', 'pass_visit')
      .modify((q) => {
        if (of.holderUserId !== undefined) q.where('h.holder_user_id', of.holderUserId);
        if (of.holderId !== undefined) q.where('h.id', of.holderId);
      });
  const total = Number(((await base().count({ n: '*' }).first()) as { n: unknown } | undefined)?.n ?? 0);
  const rows = (await base()
    .join('parks as p', 'p.id', 'v.park_id')
    .orderBy([{ column: 'v.use_date', order: 'desc' }, { column: 'h.position' }])
    .limit(perPage)
    .offset((page - 1) * perPage)
    .select(
      'v.id',
      'v.use_date',
      'v.park_id',
      'p.name_ja',
      'p.name_en',
      'h.id as holder_id',
      'h.name as holder_name',
      'v.used_at',
      'v.entries',
      knex.raw(FIRST_GATE),
    )) as {
    id: string;
    useDate: string;
    parkId: number;
    nameJa: string;
    nameEn: string | null;
    holderId: number;
    holderName: string;
    usedAt: Date | null;
    entries: number;
    firstGate: string | null;
  }[];
  return {
    total,
    visits: rows.map((r) => ({
      visitTicketId: r.id,
      date: r.useDate,
      parkId: r.parkId,
      parkName: localize(r, 'name', locale),
      holderId: r.holderId,
      holderName: r.holderName,
      firstEntryAt: r.usedAt ? new Date(r.usedAt).toISOString() : null,
      gateName: r.firstGate,
      entries: r.entries,
    })),
  };
}
