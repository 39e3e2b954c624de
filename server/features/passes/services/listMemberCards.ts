// GET api/v1/me/passes: the member cards of the caller (passes/README.md 2.7), one per holder: of the passes the
// caller owns, and those where the caller is the holder (a kids account sees only its own card). Each card has its
// current term first, then a paid next term, each with a signed token (version 3, signed with the issuing park's
// key: wallet/tokens.ts ensureTokens) while it can be shown.
import type { Knex } from 'knex';
import type { MemberCard, MemberCardsAnswer, MemberCardTerm, PassPhotoState } from '../../../../common/dto/pass';
import type { Locale } from '../../../../common/enums';
import { renewalWindow } from '../../../../common/rules/passValidity';
import { tokyoDate } from '../../../../common/time';
import { localize } from '../../../lib/localize';
import { loadPassProducts } from '../../items';
import { ensureTokens, passCancelFacts } from '../../wallet';
import { currentTerm, holderState, type PassRow, type TermRow, termsOf } from './passFacts';

interface HolderRow {
  id: number;
  passId: number;
  position: number;
  name: string;
  holderUserId: number | null;
  ageGroupId: number | null;
  unitKind: 'basic' | 'disability' | 'companion';
  photoState: PassPhotoState | 'replaced' | null;
  photoId: string | null;
}

interface ParkRow {
  id: number;
  nameJa: string;
  nameEn: string | null;
  addressJa: string | null;
  addressEn: string | null;
  mapImageUrl: string | null;
}

export interface CardOptions {
  locale: Locale;
  appSecret: string;
  now: Date;
}

const SHOWABLE = new Set(['available']);

export async function listMemberCards(knex: Knex, userId: number, o: CardOptions): Promise<MemberCardsAnswer> {
  const today = tokyoDate(o.now);
  const me = (await knex('users').where({ id: userId }).first('child_flag')) as { childFlag: number } | undefined;
  const kid = me?.childFlag === 1;
  const holders = (await knex('pass_holders as h')
    .join('passes as p', 'p.id', 'h.pass_id')
    .leftJoin('pass_photos as ph', 'ph.id', 'h.photo_id')
    .modify((q) => {
      if (kid) q.where('h.holder_user_id', userId);
      else q.where((w) => w.where('p.owner_user_id', userId).orWhere('h.holder_user_id', userId));
    })
    .orderBy([{ column: 'p.id' }, { column: 'h.position' }])
    .select(
      'h.id',
      'h.pass_id',
      'h.position',
      'h.name',
      'h.holder_user_id',
      'h.age_group_id',
      'h.unit_kind',
      'h.photo_id',
      'ph.state as photo_state',
    )) as HolderRow[];
  if (holders.length === 0) return { cards: [], asOf: o.now.toISOString() };
  const passIds = [...new Set(holders.map((h) => h.passId))];
  const passes = new Map(
    ((await knex('passes').whereIn('id', passIds).select('*')) as PassRow[]).map((p) => [p.id, p]),
  );
  const products = await loadPassProducts(
    knex,
    [...passes.values()].map((p) => p.itemId),
    o.locale,
  );
  const parks = new Map(
    (
      (await knex('parks')
        .whereIn(
          'id',
          [...passes.values()].map((p) => p.parkId),
        )
        .select('id', 'name_ja', 'name_en', 'address_ja', 'address_en', 'map_image_url')) as ParkRow[]
    ).map((p) => [p.id, p]),
  );
  const terms = await termsOf(
    knex,
    holders.map((h) => h.id),
  );
  const cancelFacts = await passCancelFacts(knex, passIds, today);
  // A holder whose latest photo the park rejected: the card says why and offers another upload (README 2.5).
  const rejected = new Map(
    (
      (await knex('pass_photos as ph')
        .whereIn(
          'ph.pass_holder_id',
          holders.map((h) => h.id),
        )
        .whereNot('ph.state', 'replaced')
        .distinctOn('ph.pass_holder_id')
        .orderBy([{ column: 'ph.pass_holder_id' }, { column: 'ph.created_at', order: 'desc' }])
        .select('ph.pass_holder_id', 'ph.state', 'ph.reject_reason')) as {
        passHolderId: number;
        state: string;
        rejectReason: string | null;
      }[]
    )
      .filter((r) => r.state === 'rejected')
      .map((r) => [r.passHolderId, r.rejectReason ?? '']),
  );
  const vouchersUsed = new Map(
    (
      (await knex('pass_voucher_uses')
        .whereIn('pass_id', passIds)
        .whereIn('state', ['held', 'used'])
        .groupBy('term_ticket_id')
        .select('term_ticket_id', knex.raw('count(*) AS n'))) as { termTicketId: string; n: unknown }[]
    ).map((r) => [r.termTicketId, Number(r.n)]),
  );

  // The terms a card shows: the one that counts today and any later one; tokens for those that can be shown.
  const shown = new Map<number, TermRow[]>();
  for (const h of holders) {
    const all = terms.get(h.id) ?? [];
    const current = currentTerm(all, today);
    shown.set(h.id, current ? all.filter((t) => t === current || t.useDate > current.useDate) : []);
  }
  const tokenFacts = [...shown.values()].flat().flatMap((t) => {
    const pass = passes.get(t.passId);
    if (!pass || !SHOWABLE.has(t.state) || t.useDate < today) return [];
    return [
      {
        id: t.id,
        parkId: pass.parkId,
        itemId: pass.itemId,
        useDate: t.useDate,
        time: null,
        pass: { validFrom: t.validFrom },
      },
    ];
  });
  const tokens = await ensureTokens(knex, o.appSecret, tokenFacts);

  const cards: MemberCard[] = [];
  for (const h of holders) {
    const pass = passes.get(h.passId);
    const product = pass ? products.get(pass.itemId) : undefined;
    const park = pass ? parks.get(pass.parkId) : undefined;
    if (!pass || !product || !park) continue;
    const own = shown.get(h.id) ?? [];
    // A cancelled pass leaves My Tickets (its tokens are revoked: README 2.4).
    if ((terms.get(h.id) ?? []).every((t) => t.state === 'cancelled' || t.state === 'cancel_waiting')) continue;
    const current = own[0];
    const state = holderState(pass, current, today);
    const laterTerm = own.length > 1;
    const renewalPrice = product.renewal?.prices.find(
      (p) => p.unitKind === h.unitKind && (h.unitKind !== 'basic' || p.ageGroupId === h.ageGroupId),
    )?.price;
    const window =
      product.renewal && pass.validUntil ? renewalWindow(pass.validUntil, product.renewal.windowDays) : null;
    const termOf = (t: TermRow): MemberCardTerm => ({
      ticketId: t.id,
      ticketNumber: t.ticketNumber,
      validFrom: t.validFrom,
      validUntil: t.useDate,
      state: t.state,
      token: tokens.get(t.id) ?? null,
    });
    cards.push({
      passId: pass.id,
      passNumber: pass.passNumber,
      holderId: h.id,
      position: h.position,
      holderName: h.name,
      holderUserId: h.holderUserId,
      isMe: h.holderUserId === userId,
      ownerIsMe: pass.ownerUserId === userId,
      park: {
        id: park.id,
        name: localize(park, 'name', o.locale),
        address: localize({ addressJa: park.addressJa ?? '', addressEn: park.addressEn }, 'address', o.locale) || null,
        mapImageUrls: park.mapImageUrl ? [park.mapImageUrl] : [],
        timeZone: 'Asia/Tokyo',
      },
      product: {
        itemId: product.itemId,
        name: product.name,
        kind: product.kind,
        parkIds: product.parkIds,
        parkNames: product.parkNames,
      },
      state,
      suspendedReason: current?.state === 'suspended' ? current.suspensionReason : null,
      validFrom: pass.validFrom,
      validUntil: pass.validUntil,
      startBy: pass.validFrom === null ? pass.startBy : null,
      benefits: product.benefits,
      photo: {
        state: rejected.has(h.id) ? 'rejected' : h.photoState === 'replaced' || !h.photoState ? 'none' : h.photoState,
        // Served by the photos package (passes/photos, README 2.5); after a rejection, the last approved photo.
        url: h.photoId ? `/api/v1/me/pass-photos/${h.photoId}` : null,
        rejectReason: rejected.get(h.id) ?? null,
      },
      terms: own.map(termOf),
      renewal:
        window && renewalPrice !== undefined
          ? {
              opensOn: window.opensOn,
              closesOn: window.closesOn,
              open: !laterTerm && state === 'active' && window.opensOn <= today && today <= window.closesOn,
              price: renewalPrice,
            }
          : null,
      // Before any entry of any holder, on the first order's term, until start_by (README 2.4, 7.4).
      cancellable:
        !kid &&
        pass.ownerUserId === userId &&
        cancelFacts.get(pass.id)?.refusal === null &&
        current?.state === 'available' &&
        current.orderId === pass.firstOrderId &&
        today <= pass.startBy,
      guestVouchersLeft: Math.max(
        0,
        product.benefits.guestVouchersPerTerm - (current ? (vouchersUsed.get(current.id) ?? 0) : 0),
      ),
    });
  }
  return { cards, asOf: o.now.toISOString() };
}
