// GET api/v1/staff/parks/{parkId}/audit: the park's staff changes, newest first, a page at a time (before=id),
// of one member (actor), one kind of thing (entity) or one Asia/Tokyo day (date) when asked.
import type { Knex } from 'knex';
import type { StaffAuditEntry } from '../../../../common/dto/staff';
import { BUSINESS_TIME_ZONE } from '../../../../common/time';

export async function listAudit(
  knex: Knex,
  parkId: number,
  page: { before?: number; limit: number; entity?: string; actor?: number; date?: string },
): Promise<{ entries: StaffAuditEntry[]; next: string | null }> {
  const q = knex('staff_audit as a')
    .leftJoin('users as u', 'u.id', 'a.actor_user_id')
    .where('a.park_id', parkId)
    .orderBy('a.id', 'desc')
    .limit(page.limit + 1)
    .select(
      'a.id',
      'a.created_at',
      'a.actor_user_id',
      'u.name',
      'a.entity',
      'a.entity_id',
      'a.action',
      'a.before',
      'a.after',
    );
  if (page.before) q.where('a.id', '<', page.before);
  if (page.entity) q.where('a.entity', page.entity);
  if (page.actor) q.where('a.actor_user_id', page.actor);
  if (page.date) q.whereRaw(`(a.created_at AT TIME ZONE '${BUSINESS_TIME_ZONE}')::date = ?::date`, [page.date]);
  const rows = (await q) as {
    id: number | string;
    createdAt: Date;
    actorUserId: number | null;
    name: string | null;
    entity: string;
    entityId: string;
    action: string;
    before: unknown;
    after: unknown;
  }[];
  const more = rows.length > page.limit;
  const entries = rows.slice(0, page.limit).map(
    (r): StaffAuditEntry => ({
      id: String(r.id),
      at: new Date(r.createdAt).toISOString(),
      actor: r.actorUserId ? { userId: r.actorUserId, name: r.name ?? '' } : null,
      entity: r.entity,
      entityId: r.entityId,
      action: r.action,
      before: parse(r.before),
      after: parse(r.after),
    }),
  );
  return { entries, next: more ? (entries.at(-1)?.id ?? null) : null };
}

/** jsonb comes back parsed through pg and as text on some drivers. */
const parse = (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : (v ?? null));
