// Reading tickets for the wallet: one joined query (ticket, order, item, park, age group, slot) and the presenter
// that turns rows into WalletTicket (common/dto/wallet.ts), with their live token issued on demand.
import type { Knex } from 'knex';
import type { TicketState, WalletTicket } from '../../../common/dto/wallet';
import { type Locale, UsageTrigger } from '../../../common/enums';
import { type CancellationPolicyRow, chargeRateFor, pricingDaysBefore } from '../../../common/rules/cancellationFee';
import { effectiveTicketState, OPEN_STATES } from '../../../common/rules/ticketState';
import { tokyoDate } from '../../../common/time';
import { notFound } from '../../lib/errors';
import { localize } from '../../lib/localize';
import { ensureTokens } from './tokens';

type Db = Knex | Knex.Transaction;

export interface TicketRow {
  id: string;
  orderId: number;
  orderLineId: number;
  userId: number;
  parkId: number;
  itemId: number;
  ticketNumber: string;
  packNumber: string | null;
  useDate: string;
  timeSlotId: number | null;
  seatCode: string | null;
  unitKind: string;
  ageGroupId: number | null;
  price: number;
  state: TicketState;
  usedAt: Date | null;
  shareId: string | null;
  receivedFromShare: boolean;
  wonViaWaitlist: boolean;
  facePhotoId: string | null;
  certificateConfirmedAt: Date | null;
  cancelledAt: Date | null;
  createdAt: Date;
  applicationNumber: string;
  orderState: string;
  /** When the order was paid (the reservation): a waitlist win is priced as of this day. */
  orderPaidAt: Date | null;
  itemNameJa: string;
  itemNameEn: string | null;
  usageTrigger: number;
  shareableUntil: string | null;
  parkNameJa: string;
  parkNameEn: string | null;
  parkAddressJa: string | null;
  parkAddressEn: string | null;
  parkMapImageUrl: string | null;
  ageGroupNameJa: string | null;
  ageGroupNameEn: string | null;
  startTime: string | null;
  planNameJa: string | null;
  planNameEn: string | null;
  /** An annual pass's term (ticketQuery with `passes`): its pass. */
  passId?: number | null;
}

/** unit_kind of an annual pass's term tickets and day visits (passes/README.md 0). */
export const PASS_UNIT_KINDS = ['pass', 'pass_visit'] as const;

/**
 * The joined ticket query; callers add where clauses (always the owner's user id). An annual pass's tickets are
 * left out unless asked for (`passes`): they are member cards (passes/), not tickets to show, share, mark used or
 * give a photo, and a term ticket's use_date is its last day, not a day of use (README 2.12).
 */
export function ticketQuery(db: Db, options: { passes?: boolean } = {}) {
  return db('tickets as t')
    .modify((q) => {
      if (!options.passes) q.whereNotIn('t.unit_kind', PASS_UNIT_KINDS);
    })
    .join('orders as o', 'o.id', 't.order_id')
    .join('items as i', 'i.id', 't.item_id')
    .join('parks as p', 'p.id', 't.park_id')
    .leftJoin('age_groups as ag', 'ag.id', 't.age_group_id')
    .leftJoin('item_time_slots as s', 's.id', 't.time_slot_id')
    .leftJoin('item_plans as ip', 'ip.id', 't.item_plan_id')
    .select(
      't.*',
      'o.application_number',
      'o.state as order_state',
      'o.paid_at as order_paid_at',
      'i.name_ja as item_name_ja',
      'i.name_en as item_name_en',
      'i.usage_trigger',
      'i.shareable_until',
      'p.name_ja as park_name_ja',
      'p.name_en as park_name_en',
      'p.address_ja as park_address_ja',
      'p.address_en as park_address_en',
      'p.map_image_url as park_map_image_url',
      'ag.name_ja as age_group_name_ja',
      'ag.name_en as age_group_name_en',
      's.start_time',
      'ip.name_ja as plan_name_ja',
      'ip.name_en as plan_name_en',
    );
}

/** One ticket of the owner, locked when `lock` (inside a transaction); 404 for anyone else's. */
export async function ownTicket(db: Db, userId: number, ticketId: string, lock = false): Promise<TicketRow> {
  if (lock) {
    const locked = await db('tickets').where({ id: ticketId, user_id: userId }).forUpdate().first('id');
    if (!locked) throw notFound();
  }
  const row = (await ticketQuery(db).where({ 't.id': ticketId, 't.user_id': userId }).first()) as TicketRow | undefined;
  if (!row) throw notFound();
  return row;
}

export async function policiesFor(db: Db, itemIds: readonly number[]): Promise<Map<number, CancellationPolicyRow[]>> {
  const out = new Map<number, CancellationPolicyRow[]>();
  if (itemIds.length === 0) return out;
  const rows = (await db('item_cancellation_policies')
    .whereIn('item_id', [...new Set(itemIds)])
    .select('item_id', 'days_before', 'charge_rate')) as (CancellationPolicyRow & { itemId: number })[];
  for (const r of rows) {
    const list = out.get(r.itemId) ?? [];
    list.push({ daysBefore: r.daysBefore, chargeRate: r.chargeRate });
    out.set(r.itemId, list);
  }
  return out;
}

export const needsCertificate = (t: Pick<TicketRow, 'unitKind' | 'certificateConfirmedAt'>) =>
  t.unitKind === 'disability' && !t.certificateConfirmedAt;

/** Whether the holder can still show and use the ticket (a token is issued only for those). */
export function showable(t: TicketRow, today: string): boolean {
  return t.shareId === null && t.useDate >= today && (OPEN_STATES.includes(t.state) || t.state === 'during_use_period');
}

export function isShareable(t: TicketRow, today: string): boolean {
  return (
    t.shareableUntil !== null &&
    today <= t.shareableUntil &&
    t.useDate >= today &&
    t.shareId === null &&
    t.state === 'available'
  );
}

/** The days before use a cancellation of the ticket is priced at today (common/rules/cancellationFee.ts). */
export const ticketDaysBefore = (t: TicketRow, today: string): number | null =>
  pricingDaysBefore(
    {
      useDate: t.useDate,
      wonViaWaitlist: t.wonViaWaitlist,
      reservedOn: t.orderPaidAt ? tokyoDate(new Date(t.orderPaidAt)) : t.useDate,
    },
    today,
  );

/**
 * Whether the ticket can be cancelled today: by its holder (`byPark` false), or by the park's finance staff on the
 * holder's behalf (`byPark`: tickets won via the waitlist too, which their holder cannot cancel, SPEC 4).
 */
export function isCancellable(
  t: TicketRow,
  today: string,
  policies: readonly CancellationPolicyRow[],
  byPark = false,
): boolean {
  const days = ticketDaysBefore(t, today);
  return (
    OPEN_STATES.includes(t.state) &&
    (byPark || !t.wonViaWaitlist) &&
    !t.receivedFromShare &&
    t.unitKind !== 'pack' &&
    t.shareId === null &&
    (t.orderState === 'paid' || t.orderState === 'partially_cancelled') &&
    days !== null &&
    chargeRateFor(policies, days) !== null
  );
}

export interface PresentOptions {
  locale: Locale;
  appSecret: string;
  now?: Date;
  /** Issue tokens for showable tickets (false: token null, e.g. tickets shown to their former holder). */
  tokens?: boolean;
}

export async function presentTickets(db: Db, rows: readonly TicketRow[], o: PresentOptions): Promise<WalletTicket[]> {
  const today = tokyoDate(o.now ?? new Date());
  const policies = await policiesFor(
    db,
    rows.map((r) => r.itemId),
  );
  const tokens =
    o.tokens === false
      ? new Map<string, string>()
      : await ensureTokens(
          db,
          o.appSecret,
          rows
            .filter((r) => showable(r, today))
            .map((r) => ({ id: r.id, parkId: r.parkId, itemId: r.itemId, useDate: r.useDate, time: r.startTime })),
        );
  return rows.map((r) => presentTicket(r, today, o.locale, tokens.get(r.id) ?? null, policies.get(r.itemId) ?? []));
}

export function presentTicket(
  r: TicketRow,
  today: string,
  locale: Locale,
  token: string | null,
  policies: readonly CancellationPolicyRow[],
): WalletTicket {
  const cert = needsCertificate(r);
  const state = effectiveTicketState({ state: r.state, useDate: r.useDate, needsCertificate: cert }, today);
  const usable = state === 'during_use_period';
  return {
    id: r.id,
    ticketNumber: r.ticketNumber,
    packNumber: r.packNumber,
    orderId: r.orderId,
    applicationNumber: r.applicationNumber,
    park: {
      id: r.parkId,
      name: localize({ nameJa: r.parkNameJa, nameEn: r.parkNameEn }, 'name', locale),
      address: localize({ addressJa: r.parkAddressJa, addressEn: r.parkAddressEn }, 'address', locale) || null,
      mapImageUrls: r.parkMapImageUrl ? [r.parkMapImageUrl] : [],
      timeZone: 'Asia/Tokyo',
    },
    itemId: r.itemId,
    itemName: localize({ nameJa: r.itemNameJa, nameEn: r.itemNameEn }, 'name', locale),
    unitKind: r.unitKind,
    planName: r.planNameJa ? localize({ nameJa: r.planNameJa, nameEn: r.planNameEn }, 'name', locale) : null,
    ageGroupName: r.ageGroupNameJa
      ? localize({ nameJa: r.ageGroupNameJa, nameEn: r.ageGroupNameEn }, 'name', locale)
      : null,
    price: r.price,
    useDate: r.useDate,
    time: r.startTime,
    seatCode: r.seatCode,
    state,
    usageTrigger: r.usageTrigger as UsageTrigger,
    usedAt: r.usedAt ? new Date(r.usedAt).toISOString() : null,
    token,
    faceImageUrl: r.facePhotoId ? `/api/v1/uploads/${r.facePhotoId}` : null,
    needsCertificate: cert,
    triggerUrl:
      r.usageTrigger === UsageTrigger.UrlAccess && usable && r.shareId === null ? `/product/trigger/${r.id}` : null,
    cancellable: isCancellable(r, today, policies),
    shareable: isShareable(r, today),
    shareId: r.shareId,
    receivedFromShare: r.receivedFromShare,
  };
}
