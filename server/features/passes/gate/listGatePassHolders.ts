// GET api/v1/staff/parks/{parkId}/pass-holders: the holders a park's gates admit (passes whose product admits at
// the park, not expired nor cancelled), by change, for gate devices to judge member cards offline (README 2.9).
//
// The cursor works exactly as the day list's (staff/services/listDayTickets.ts, where the reasoning is): without one
// the whole list by holder id ("f.<bound>.<last holder id>", the bound = pg_snapshot_xmin taken before the first page),
// then only the holders changed by transactions in [cursor, bound) ("d.<xid>.<holder id>"). A holder changes when a
// transaction writes its pass_holders row, its linked photo, one of its term tickets (unit_kind 'pass': suspension,
// start of validity, renewal, cancellation) or one of their tokens (a reissue revokes a jti): all stamped gate_xid by
// the same trigger (migrations 20261128002100, 20261129000100). A holder that left (cancelled, expired, suspended
// passes stay) comes once more with `removed: true`. Expiry is not a write: devices prune by validUntil themselves.
// The thumbnail (a few KB) is sent in the listing, and after it only when the holder row (where photo_id lives) or
// its photo was written since the cursor: a reissue or a suspension does not send it again.
import type { Knex } from 'knex';
import type { GatePassHolder, GatePassHoldersPage, PassHolderKind, PassPhotoState } from '../../../../common/dto/pass';
import type { TicketState } from '../../../../common/dto/wallet';
import type { Locale } from '../../../../common/enums';
import { type PassFacts, passState } from '../../../../common/rules/passValidity';
import { tokyoDate } from '../../../../common/time';
import { localizeOrNull } from '../../../lib/localize';

export const HOLDERS_PAGE_MAX = 1000;
export const HOLDERS_PAGE_DEFAULT = 400;
/** "f.<bound>.<last holder id>" while listing, "d.<xid>.<holder id>" for changes after it. */
export const HOLDERS_CURSOR = /^[fd]\.\d{1,19}\.\d{1,10}$/;

interface HolderRow {
  id: number;
  passId: number;
  passNumber: string;
  position: number;
  name: string;
  unitKind: PassHolderKind;
  ageGroupNameJa: string | null;
  ageGroupNameEn: string | null;
  validFrom: string | null;
  validUntil: string | null;
  startBy: string;
  reentry: boolean;
  maxEntries: number | null;
  photoId: string | null;
  photoState: string | null;
  thumb: Buffer | null;
  /** The holder row or its photo was written at or after this transaction id (text: bigint). */
  touched: string;
  parkIds: number[];
  terms: { id: string; state: TicketState; reason: string | null; jti: string | null }[] | null;
}

/** The passes admitted at the park: their product lists it (pass_product_parks). */
const admittedAt = (knex: Knex, parkId: number) =>
  knex.raw('EXISTS (SELECT 1 FROM pass_product_parks a WHERE a.item_id = p.item_id AND a.park_id = ?)', [parkId]);

function holderRows(knex: Knex, parkId: number) {
  return knex('pass_holders as h')
    .join('passes as p', 'p.id', 'h.pass_id')
    .join('items as i', 'i.id', 'p.item_id')
    .leftJoin('age_groups as ag', 'ag.id', 'h.age_group_id')
    .leftJoin('pass_photos as ph', 'ph.id', 'h.photo_id')
    .whereRaw(admittedAt(knex, parkId))
    .select(
      'h.id',
      'h.pass_id',
      'p.pass_number',
      'h.position',
      'h.name',
      'h.unit_kind',
      'ag.name_ja as age_group_name_ja',
      'ag.name_en as age_group_name_en',
      'p.valid_from',
      'p.valid_until',
      'p.start_by',
      'i.reentry',
      'i.max_entries',
      'h.photo_id',
      'ph.state as photo_state',
      'ph.thumb',
      knex.raw('GREATEST(h.gate_xid, COALESCE(ph.gate_xid, 0))::text AS touched'),
      knex.raw('ARRAY(SELECT a.park_id FROM pass_product_parks a WHERE a.item_id = p.item_id ORDER BY 1) AS park_ids'),
      knex.raw(
        `(SELECT json_agg(json_build_object('id', t.id, 'state', t.state, 'reason', t.suspension_reason, 'jti', k.jti)
            ORDER BY t.use_date, t.id)
           FROM tickets t LEFT JOIN ticket_tokens k ON k.ticket_id = t.id AND k.revoked_at IS NULL
          WHERE t.pass_holder_id = h.id AND t.unit_kind = 'pass') AS terms`,
      ),
    );
}

const CANCELLED: readonly string[] = ['cancelled', 'cancel_waiting'];

/** The pass's stored standing from its holder's term tickets: suspended, open, or cancelled (refunding). */
function stored(terms: NonNullable<HolderRow['terms']>): PassFacts['stored'] {
  if (terms.some((t) => t.state === 'suspended')) return 'suspended';
  if (terms.some((t) => !CANCELLED.includes(t.state))) return 'open';
  return terms.some((t) => t.state === 'cancel_waiting') ? 'cancel_waiting' : 'cancelled';
}

const PHOTO_STATES: readonly string[] = ['pending', 'approved', 'rejected'];

function present(r: HolderRow, today: string, withThumb: boolean, locale: Locale): GatePassHolder {
  const terms = r.terms ?? [];
  const state = passState(
    { stored: stored(terms), validFrom: r.validFrom, validUntil: r.validUntil, startBy: r.startBy },
    today,
  );
  const open = terms.filter((t) => !CANCELLED.includes(t.state));
  return {
    holderId: r.id,
    passId: r.passId,
    passNumber: r.passNumber,
    position: r.position,
    name: r.name,
    ageGroupName: r.ageGroupNameJa
      ? localizeOrNull({ nameJa: r.ageGroupNameJa, nameEn: r.ageGroupNameEn }, 'name', locale)
      : null,
    unitKind: r.unitKind,
    parkIds: r.parkIds.map(Number),
    termTicketIds: open.map((t) => t.id),
    liveJtis: open.flatMap((t) => (t.jti ? [t.jti] : [])),
    state,
    suspendedReason: state === 'suspended' ? (terms.find((t) => t.state === 'suspended')?.reason ?? null) : null,
    validFrom: r.validFrom,
    validUntil: r.validUntil,
    startBy: r.startBy,
    maxEntries: r.reentry ? r.maxEntries : 1,
    photoId: r.photoId,
    photoState: r.photoId
      ? ((PHOTO_STATES.includes(r.photoState ?? '') ? r.photoState : 'pending') as PassPhotoState)
      : 'none',
    thumb: withThumb && r.thumb ? Buffer.from(r.thumb).toString('base64') : null,
    // Expired, cancelled or refunding: the gate forgets it (a suspended pass stays, to be refused with its reason).
    removed: state === 'expired' || state === 'cancelled' || state === 'cancel_waiting',
  };
}

async function snapshotBound(knex: Knex): Promise<string> {
  const { rows } = await knex.raw('SELECT pg_snapshot_xmin(pg_current_snapshot())::text AS bound');
  return String(rows[0].bound);
}

/**
 * The holders (admitted at the park) changed by transactions in [xid, bound) after (xid, id), in that order: holder
 * rows, their linked photos, term tickets and the term tickets' tokens (issued by the pass's park, maybe a partner).
 */
async function changes(knex: Knex, parkId: number, xid: string, id: string, limit: number) {
  const { rows } = await knex.raw(
    `WITH b AS (SELECT pg_snapshot_xmin(pg_current_snapshot())::text::bigint AS bound),
     ch AS (
       SELECT h.id, h.gate_xid AS x FROM pass_holders h, b WHERE h.gate_xid >= ? AND h.gate_xid < b.bound
       UNION
       SELECT ph.pass_holder_id, ph.gate_xid FROM pass_photos ph, b
        WHERE ph.pass_holder_id IS NOT NULL AND ph.gate_xid >= ? AND ph.gate_xid < b.bound
       UNION
       SELECT t.pass_holder_id, t.gate_xid FROM tickets t, b
        WHERE t.unit_kind = 'pass' AND t.gate_xid >= ? AND t.gate_xid < b.bound
       UNION
       SELECT t.pass_holder_id, k.gate_xid FROM ticket_tokens k JOIN tickets t ON t.id = k.ticket_id, b
        WHERE t.unit_kind = 'pass' AND k.gate_xid >= ? AND k.gate_xid < b.bound
          AND k.park_id IN (SELECT pp.park_id FROM pass_products pp
                              JOIN pass_product_parks a ON a.item_id = pp.item_id WHERE a.park_id = ?)),
     here AS (
       SELECT ch.id, max(ch.x) AS x FROM ch JOIN pass_holders h ON h.id = ch.id JOIN passes p ON p.id = h.pass_id
        WHERE EXISTS (SELECT 1 FROM pass_product_parks a WHERE a.item_id = p.item_id AND a.park_id = ?)
        GROUP BY ch.id)
     SELECT b.bound::text AS bound, q.id, q.x::text AS x
       FROM b LEFT JOIN (SELECT id, x FROM here WHERE (x, id) > (?::bigint, ?::int) ORDER BY x, id LIMIT ?) q ON true
      ORDER BY q.x, q.id`,
    [xid, xid, xid, xid, parkId, parkId, xid, id, limit + 1],
  );
  const found = rows as { bound: string; id: number | null; x: string | null }[];
  return {
    bound: found[0]?.bound ?? xid,
    changed: found.flatMap((r) => (r.id !== null && r.x ? [{ id: Number(r.id), x: r.x }] : [])),
  };
}

const later = (a: string, b: string) => (BigInt(a) >= BigInt(b) ? a : b);

export async function listGatePassHolders(
  knex: Knex,
  parkId: number,
  cursor: string | null,
  limit: number,
  locale: Locale,
  now = new Date(),
): Promise<GatePassHoldersPage> {
  const today = tokyoDate(now);
  const [phase, mark = '0', after = '0'] = cursor?.split('.') ?? ['f'];
  let holders: GatePassHolder[];
  let next: string;
  let more: boolean;
  let totalThumbBytes: number | null = null;
  if (phase === 'f') {
    const bound = cursor ? mark : await snapshotBound(knex);
    // Not over on its last day, nor past its start-by day unstarted; cancelled ones are left out below.
    const live = (q: Knex.QueryBuilder) =>
      q.whereRaw('COALESCE(p.valid_until, p.start_by) >= ?', [today]).where('h.id', '>', Number(after));
    const rows = (await live(holderRows(knex, parkId))
      .orderBy('h.id')
      .limit(limit + 1)) as HolderRow[];
    more = rows.length > limit;
    const page = rows.slice(0, limit);
    next = more ? `f.${bound}.${page.at(-1)?.id}` : `d.${bound}.0`;
    holders = page.map((r) => present(r, today, true, locale)).filter((h) => !h.removed);
    // The bytes of thumbs to come, once, on the listing's first page (a sum over every holder: not on each page).
    if (!cursor) {
      const [sum] = (await live(
        knex('pass_holders as h')
          .join('passes as p', 'p.id', 'h.pass_id')
          .join('pass_photos as ph', 'ph.id', 'h.photo_id')
          .whereRaw(admittedAt(knex, parkId)),
      ).sum({ bytes: 'ph.thumb_bytes' })) as { bytes: unknown }[];
      totalThumbBytes = Number(sum?.bytes ?? 0);
    }
  } else {
    const found = await changes(knex, parkId, mark, after, limit);
    more = found.changed.length > limit;
    const page = found.changed.slice(0, limit);
    const last = page.at(-1);
    next = more && last ? `d.${last.x}.${last.id}` : `d.${later(found.bound, mark)}.0`;
    const rows = (await holderRows(knex, parkId).whereIn(
      'h.id',
      page.map((c) => c.id),
    )) as HolderRow[];
    const byId = new Map(rows.map((r) => [r.id, r]));
    holders = page.flatMap((c) => {
      const r = byId.get(c.id);
      return r ? [present(r, today, BigInt(r.touched) >= BigInt(mark), locale)] : [];
    });
  }
  return { parkId, holders, next, more, totalThumbBytes, asOf: now.toISOString() };
}
