import type { Knex } from 'knex';
import { checkPackTotal, normalizeSeatCodes, peopleOf, REASON_MESSAGES } from '../../../../common/rules/cart';
import { transaction } from '../../../db/timeouts';
import { DomainError } from '../../../lib/errors';
import {
  assertItemSellable,
  assertPackSellable,
  auditHolds,
  type CatalogueItem,
  freeSeats,
  type HoldAuditEntry,
  holdSeats,
  type LockedHold,
  loadItems,
  loadPacks,
  reasonOnLoadedDate,
  resizeHolds,
  seatIdsOf,
  unitKey,
} from '../../stock';
import { assertLinesOpen, holdsOfLine, lockOwnerLines } from '../cartPath';
import {
  assertLineQuantities,
  assertPassPool,
  assertPlansSold,
  type LineRow,
  normalizeQuantities,
  peopleInCart,
  type QuantityInput,
} from '../lines';
import type { CartOwner } from '../owner';

export interface LineChange extends QuantityInput {
  id: number;
  /** Seat items: the full new list of seats. */
  seatCodes?: string[];
  /** Packs: the new number of packs. */
  quantity?: number;
  /** Advance information; null clears it. */
  advanceInfo?: Record<string, unknown> | null;
}

/** Lines whose hold ended answer 409: a seat line with the seat message, others with the hold message. */
function assertNotExpired(line: LineRow, seated: boolean, now: Date) {
  if (new Date(line.expiresAt).getTime() <= now.getTime()) {
    throw new DomainError(seated ? 'seatDeadlinePassed' : 'holdExpired');
  }
}

/**
 * `PUT /api/v1/carts`: changes lines of the owner's carts, all or none. Quantities given replace the line's
 * (fields left out keep their value); the line's holds grow or shrink by the difference, seats are swapped, and
 * the stock rows change last, in id order (growing is conditional: not enough left is a 409 sold out and nothing
 * changes). Advance information is stored as given. The deadline stays: changing a line does not extend its hold.
 */
export async function updateCartLines(knex: Knex, owner: CartOwner, changes: readonly LineChange[], now = new Date()) {
  await transaction(knex, 'cart', async (trx) => {
    const locked = await lockOwnerLines(
      trx,
      owner,
      changes.map((c) => c.id),
    );
    const { lines } = locked;
    assertLinesOpen(lines);
    const byId = new Map(lines.map((l) => [l.id, l]));
    const holdsOf = (lineId: number) => holdsOfLine(locked, lineId);

    // Catalogue rows, per date for the calendar facts.
    const items = new Map<string, CatalogueItem>();
    for (const date of new Set(lines.map((l) => l.date))) {
      const ids = lines.filter((l) => l.date === date && l.itemId !== null).map((l) => l.itemId as number);
      const packIds = lines
        .filter((l) => l.date === date && l.ticketPackId !== null)
        .map((l) => l.ticketPackId as number);
      const packs = await loadPacks(trx, packIds);
      const contentIds = [...packs.values()].flatMap((p) => p.contents.map((c) => c.itemId));
      for (const [id, item] of await loadItems(trx, [...ids, ...contentIds], date)) items.set(`${id}|${date}`, item);
    }
    const packs = await loadPacks(
      trx,
      lines.flatMap((l) => (l.ticketPackId === null ? [] : [l.ticketPackId])),
    );

    const resizes: { hold: LockedHold; to: number; cartLineId: number }[] = [];
    const audits: HoldAuditEntry[] = [];
    // Cart and unit of the item lines that grew, to check max_per_order once they are all changed.
    const grown = new Map<string, { cartId: number; unit: Parameters<typeof peopleInCart>[2]; item: CatalogueItem }>();

    for (const change of changes) {
      const line = byId.get(change.id) as LineRow;
      const update: Record<string, unknown> = { updated_at: trx.fn.now() };
      if (change.advanceInfo !== undefined) {
        update.advance_info = change.advanceInfo === null ? null : JSON.stringify(change.advanceInfo);
      }
      let resize: { people: number; perHold: (h: LockedHold) => number } | null = null;

      // A pass line's people are its holders: another number of people is another line (addPassLine.ts).
      if (line.kind === 'pass') throw new DomainError('invalidParam', { field: 'id' });
      if (line.kind === 'item') {
        const item = items.get(`${line.itemId}|${line.date}`);
        if (!item) throw new DomainError('cartLineUnavailable');
        const seated = item.seatSelection && !item.lottery;
        assertNotExpired(line, seated, now);
        if (change.quantity !== undefined) throw new DomainError('invalidParam', { field: 'quantity' });
        if (!seated && (change.seatCodes ?? []).length > 0) throw new DomainError('seatsNotSelectable');
        const touched =
          change.quantities !== undefined ||
          change.additionalPlans !== undefined ||
          change.disabilityQuantity !== undefined ||
          change.companionQuantity !== undefined ||
          change.seatCodes !== undefined;
        if (touched) {
          const q = normalizeQuantities({
            quantities: change.quantities ?? line.quantities,
            additionalPlans: change.additionalPlans ?? line.additionalPlans,
            disabilityQuantity: change.disabilityQuantity ?? line.disabilityQuantity,
            companionQuantity: change.companionQuantity ?? line.companionQuantity,
          });
          const basicPlanId = assertPlansSold(item, q);
          const people = peopleOf(q);
          const hold = holdsOf(line.id)[0];
          let seatCount: number | null = null;
          if (seated) {
            if (!hold) throw new DomainError('seatDeadlinePassed');
            const current = (await trx('seat_holds as sh')
              .join('item_seats as s', 's.id', 'sh.seat_id')
              .where('sh.stock_hold_id', hold.id)
              .select('s.id', 's.seat_code')) as { id: number; seatCode: string }[];
            const wanted = change.seatCodes ? normalizeSeatCodes(change.seatCodes) : current.map((c) => c.seatCode);
            seatCount = wanted.length;
            const currentCodes = new Set(current.map((c) => c.seatCode));
            const wantedCodes = new Set(wanted);
            await freeSeats(
              trx,
              hold.id,
              current.filter((c) => !wantedCodes.has(c.seatCode)).map((c) => c.id),
            );
            const added = wanted.filter((c) => !currentCodes.has(c));
            const freed = current.filter((c) => !wantedCodes.has(c.seatCode)).map((c) => c.seatCode);
            await holdSeats(trx, Number(hold.stockUnitId), hold.id, await seatIdsOf(trx, item.id, added));
            if (added.length || freed.length) {
              audits.push({
                holdId: Number(hold.id),
                action: 'seatsChanged',
                actorUserId: owner.userId,
                data: { added, freed, cartLineId: line.id },
              });
            }
          }
          assertLineQuantities(item, q, 0, seatCount);
          if (people > line.people) {
            assertItemSellable(item, line.date, now);
            if (line.passPool) await assertPassPool(trx, owner, item, line, people, line.id);
            const unit = { itemId: item.id, date: line.date, timeSlotId: line.timeSlotId };
            grown.set(`${line.cartId}|${unitKey(unit)}`, { cartId: line.cartId, unit, item });
          }
          Object.assign(update, {
            basic_plan_id: basicPlanId,
            quantities: JSON.stringify(q.basic),
            additional_plans: JSON.stringify(q.additional),
            disability_quantity: q.disability,
            companion_quantity: q.companion,
            people,
          });
          resize = { people, perHold: () => people };
        }
      } else {
        assertNotExpired(line, false, now);
        const pack = packs.get(line.ticketPackId as number);
        if (!pack) throw new DomainError('cartLineUnavailable');
        for (const [field, v] of Object.entries({
          quantities: change.quantities,
          additional_plans: change.additionalPlans,
          disability_quantity: change.disabilityQuantity,
          companion_quantity: change.companionQuantity,
          seat_codes: change.seatCodes,
        })) {
          if (v !== undefined) throw new DomainError('invalidParam', { field });
        }
        if (change.quantity !== undefined) {
          const total = change.quantity;
          const error = checkPackTotal(pack, total);
          if (error) throw new DomainError(error.key, error.params);
          if (total > line.people) {
            assertPackSellable(pack, line.date, now);
            for (const c of pack.contents) {
              const item = items.get(`${c.itemId}|${line.date}`);
              if (!item) throw new DomainError('cartLineUnavailable');
              const reason = reasonOnLoadedDate(item, line.date, now);
              if (reason) throw new DomainError(REASON_MESSAGES[reason]);
            }
          }
          // Each hold is one item of the pack: `packs x quantity of that item`.
          const perItem = new Map(pack.contents.map((c) => [c.itemId, c.quantity]));
          const unitItem = new Map(
            (
              (await trx('stock_units')
                .whereIn(
                  'id',
                  holdsOf(line.id).map((h) => h.stockUnitId),
                )
                .select('id', 'item_id')) as { id: number; itemId: number }[]
            ).map((u) => [Number(u.id), u.itemId]),
          );
          Object.assign(update, { pack_quantity: total, people: total });
          resize = {
            people: total,
            perHold: (h) => total * (perItem.get(unitItem.get(Number(h.stockUnitId)) ?? 0) ?? 0),
          };
        }
      }

      if (resize) {
        for (const h of holdsOf(line.id)) {
          const next = resize.perHold(h);
          if (next <= 0) throw new DomainError('cartLineUnavailable');
          resizes.push({ hold: h, to: next, cartLineId: line.id });
        }
      }
      await trx('cart_lines').where('id', line.id).update(update);
    }

    // max_per_order over all the cart's lines of the same item, date and slot, as they are now (this transaction
    // sees its own changes; the carts are locked, so nobody else adds meanwhile).
    for (const { cartId, unit, item } of grown.values()) {
      if ((await peopleInCart(trx, cartId, unit)) > item.maxPerOrder) {
        throw new DomainError('maxPerOrder', { max: item.maxPerOrder });
      }
    }

    await auditHolds(trx, audits);
    await resizeHolds(trx, resizes, owner.userId);
  });
}
