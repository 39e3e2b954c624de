// GET api/v1/staff/parks/{parkId}/pass-holders/{holderId} (README 2.15): one holder of a pass the park sold, as the
// holder page shows it: the list's row (pass, product, state, photo state), the suspension's reason, the photos
// uploaded, the terms, the latest visits and the staff changes of the holder. Another park's holder is not found.
import type { Knex } from 'knex';
import type { OfficePassHolderDetail } from '../../../../common/dto/pass';
import type { StaffAuditEntry } from '../../../../common/dto/staff';
import type { Locale } from '../../../../common/enums';
import { tokyoDate } from '../../../../common/time';
import { notFound } from '../../../lib/errors';
import { passVisitsPage } from '../services/listPassVisits';
import { termsOf } from '../services/passFacts';
import { HOLDER_ROW_COLUMNS, type HolderRow, holderRowsQuery, presentHolderRow } from './passHolderRows';

const VISITS_SHOWN = 50;
const AUDIT_SHOWN = 50;

/** The URL the office reads a holder's photo from (passHolderPhoto.ts). */
export const holderPhotoUrl = (parkId: number, holderId: number, photoId: string) =>
  `/api/v1/staff/parks/${parkId}/pass-holders/${holderId}/photos/${photoId}`;

export async function passHolderDetail(
  knex: Knex,
  parkId: number,
  holderId: number,
  o: { now: Date; locale: Locale },
): Promise<OfficePassHolderDetail> {
  const today = tokyoDate(o.now);
  const row = (await holderRowsQuery(knex, parkId, today)
    .where('h.id', holderId)
    .first(HOLDER_ROW_COLUMNS(knex, today))) as HolderRow | undefined;
  if (!row) throw notFound();
  const terms = (await termsOf(knex, [holderId])).get(holderId) ?? [];
  const photos = (await knex('pass_photos')
    .where({ pass_holder_id: holderId })
    .orderBy('created_at', 'desc')
    .select('id', 'state', 'created_at', 'reject_reason')) as {
    id: string;
    state: OfficePassHolderDetail['photos'][number]['state'];
    createdAt: Date;
    rejectReason: string | null;
  }[];
  const holders = (await knex('pass_holders')
    .where({ pass_id: row.passId })
    .orderBy('position')
    .select('id', 'position', 'name')) as { id: number; position: number; name: string }[];
  const { visits } = await passVisitsPage(knex, { passId: row.passId, holderId }, 1, VISITS_SHOWN, o.locale);
  return {
    holder: presentHolderRow(row, o.locale),
    suspendedReason: terms.find((t) => t.state === 'suspended')?.suspensionReason ?? null,
    photos: photos.map((p) => ({
      id: p.id,
      state: p.state,
      url: holderPhotoUrl(parkId, holderId, p.id),
      createdAt: new Date(p.createdAt).toISOString(),
      rejectReason: p.rejectReason,
    })),
    terms: terms.map((t) => ({
      ticketId: t.id,
      ticketNumber: t.ticketNumber,
      validFrom: t.validFrom,
      validUntil: t.useDate,
      state: t.state,
      token: null,
    })),
    visits,
    audit: await holderAudit(knex, parkId, holderId),
    passHolders: holders.map((h) => ({ holderId: h.id, position: h.position, name: h.name })),
  };
}

async function holderAudit(knex: Knex, parkId: number, holderId: number): Promise<StaffAuditEntry[]> {
  const rows = (await knex('staff_audit as a')
    .leftJoin('users as u', 'u.id', 'a.actor_user_id')
    .where({ 'a.park_id': parkId, 'a.entity': 'pass_holder', 'a.entity_id': String(holderId) })
    .orderBy('a.id', 'desc')
    .limit(AUDIT_SHOWN)
    .select('a.id', 'a.created_at', 'a.actor_user_id', 'u.name', 'a.action', 'a.before', 'a.after')) as {
    id: number | string;
    createdAt: Date;
    actorUserId: number | null;
    name: string | null;
    action: string;
    before: unknown;
    after: unknown;
  }[];
  const parse = (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : (v ?? null));
  return rows.map((r) => ({
    id: String(r.id),
    at: new Date(r.createdAt).toISOString(),
    actor: r.actorUserId ? { userId: r.actorUserId, name: r.name ?? '' } : null,
    entity: 'pass_holder',
    entityId: String(holderId),
    action: r.action,
    before: parse(r.before),
    after: parse(r.after),
  }));
}
