// POST api/v1/me/passes/{passId}/renewal (passes/README.md 2.3): a renewal goes through the cart like a purchase: a
// pass line priced by the product's renewal plan, holders as on the pass. Only the owner (not a kids account), of a
// renewable product, a started pass not suspended or cancelled, from windowDays before its end through its end
// (passNotRenewable otherwise). Checkout checks the window again under the pass's lock; fulfilment (the ledger's
// renewPass) adds the term from the old end + 1, whatever the renewal day.
import type { Knex } from 'knex';
import type { PassHolderInput } from '../../../../common/dto/pass';
import { canRenew } from '../../../../common/rules/passValidity';
import { tokyoDate } from '../../../../common/time';
import { DomainError, notFound } from '../../../lib/errors';
import { addRenewalLine, loadCatalogueFor } from '../../carts';
import { loadItems } from '../../stock';
import { currentTerm, type PassRow, termsOf } from './passFacts';

export async function startRenewal(knex: Knex, userId: number, passId: number, now: Date) {
  const pass = (await knex('passes').where({ id: passId, owner_user_id: userId }).first()) as PassRow | undefined;
  if (!pass) throw notFound();
  const item = (await loadItems(knex, [pass.itemId])).get(pass.itemId);
  const renewal = item?.pass?.ja.renewal;
  if (!item || !renewal) throw new DomainError('passNotRenewable');
  const holders = (await knex('pass_holders').where({ pass_id: passId }).orderBy('position')) as {
    id: number;
    position: number;
    holderUserId: number | null;
    name: string;
    ageGroupId: number | null;
    unitKind: PassHolderInput['unitKind'];
  }[];
  const terms = await termsOf(
    knex,
    holders.map((h) => h.id),
  );
  const today = tokyoDate(now);
  const states = holders.map((h) => currentTerm(terms.get(h.id) ?? [], today)?.state);
  const stored = states.some((s) => s === 'suspended')
    ? 'suspended'
    : states.some((s) => s !== 'available')
      ? 'cancelled'
      : 'open';
  if (
    !canRenew(
      { stored, validFrom: pass.validFrom, validUntil: pass.validUntil, startBy: pass.startBy },
      renewal.windowDays,
      today,
    )
  ) {
    throw new DomainError('passNotRenewable');
  }
  const line = await addRenewalLine(
    knex,
    { key: `u:${userId}`, userId, guestUserId: null },
    item,
    {
      passId,
      planId: renewal.planId,
      holders: holders.map((h) => ({
        position: h.position,
        holderUserId: h.holderUserId,
        name: h.name,
        ageGroupId: h.ageGroupId,
        unitKind: h.unitKind,
        photoId: null,
      })),
    },
    now,
  );
  return { line, parkId: item.parkId, catalogue: await loadCatalogueFor(knex, [line]) };
}
