// The office's view of a park's pass holders (README 2.15): one row per holder of a pass the park sold, with its
// owner, product, state on a day, photo state and last visit. The holder list's search and the holder page both
// read it, so they cannot disagree. The state is the member card's (common/rules/passValidity.ts passState, over
// passFacts.ts currentTerm) written in SQL so the list can filter and page on it; passHolders.test.ts checks the
// two agree.
import type { Knex } from 'knex';
import type { OfficePassHolderRow, PassPhotoState, PassState } from '../../../../common/dto/pass';
import type { Locale } from '../../../../common/enums';
import { localize } from '../../../lib/localize';

type Db = Knex | Knex.Transaction;

/** The current term's stored state: the first live term not ended, else the last live one, else the last. */
const CURRENT_TERM = `LEFT JOIN LATERAL (
  SELECT t.state FROM tickets t
  WHERE t.pass_holder_id = h.id AND t.unit_kind = 'pass'
  ORDER BY CASE WHEN t.state IN ('cancelled', 'cancel_waiting') THEN 2 WHEN t.use_date >= CAST(:today AS date) THEN 0 ELSE 1 END,
    CASE WHEN t.state NOT IN ('cancelled', 'cancel_waiting') AND t.use_date >= CAST(:today AS date) THEN t.use_date END,
    CASE WHEN t.state NOT IN ('cancelled', 'cancel_waiting') AND t.use_date >= CAST(:today AS date) THEN t.id END,
    t.use_date DESC, t.id DESC
  LIMIT 1) cur ON true`;

const STATE = `CASE
  WHEN cur.state IS NULL THEN 'cancelled'
  WHEN cur.state IN ('cancelled', 'cancel_waiting', 'suspended') THEN cur.state
  WHEN p.valid_from IS NULL OR p.valid_until IS NULL THEN
    CASE WHEN CAST(:today AS date) <= p.start_by THEN 'not_started' ELSE 'expired' END
  WHEN CAST(:today AS date) < p.valid_from THEN 'not_started'
  WHEN CAST(:today AS date) <= p.valid_until THEN 'active'
  ELSE 'expired' END`;

interface Row {
  holderId: number;
  passId: number;
  passNumber: string;
  position: number;
  name: string;
  ownerName: string;
  ownerEmail: string | null;
  ownerPhone: string | null;
  nameJa: string;
  nameEn: string | null;
  state: PassState;
  validFrom: string | null;
  validUntil: string | null;
  photoState: PassPhotoState | null;
  lastVisit: string | null;
}

/**
 * The rows as one query: `h` the holder, `p` the pass, `u` its owner, `state` the derived state; the caller adds
 * its conditions, order and paging. Only passes the park sold.
 */
export function holderRowsQuery(db: Db, parkId: number, today: string) {
  return db
    .from(db.raw(`pass_holders h ${CURRENT_TERM}`, { today }))
    .join('passes as p', 'p.id', 'h.pass_id')
    .join('users as u', 'u.id', 'p.owner_user_id')
    .join('items as i', 'i.id', 'p.item_id')
    .leftJoin('pass_photos as ph', 'ph.id', 'h.photo_id')
    .where('p.park_id', parkId);
}

/** A condition on the derived state. */
export const stateIs = (db: Db, today: string, state: PassState) => db.raw(`(${STATE}) = :state`, { today, state });

export const HOLDER_ROW_COLUMNS = (db: Db, today: string) => [
  'h.id as holder_id',
  'h.pass_id',
  'p.pass_number',
  'h.position',
  'h.name',
  'u.name as owner_name',
  'u.email as owner_email',
  'u.telephone as owner_phone',
  'i.name_ja',
  'i.name_en',
  db.raw(`${STATE} AS state`, { today }),
  'p.valid_from',
  'p.valid_until',
  'ph.state as photo_state',
  db.raw(
    "(SELECT max(v.use_date) FROM tickets v WHERE v.pass_holder_id = h.id AND v.unit_kind = 'pass_visit') AS last_visit",
  ),
];

export function presentHolderRow(r: Row, locale: Locale): OfficePassHolderRow {
  return {
    holderId: r.holderId,
    passId: r.passId,
    passNumber: r.passNumber,
    position: r.position,
    name: r.name,
    ownerName: r.ownerName,
    ownerEmail: r.ownerEmail ?? '',
    ownerPhone: r.ownerPhone,
    productName: localize(r, 'name', locale),
    state: r.state,
    validFrom: r.validFrom,
    validUntil: r.validUntil,
    photoState: r.photoState ?? 'none',
    lastVisit: r.lastVisit,
  };
}

export type HolderRow = Row;
