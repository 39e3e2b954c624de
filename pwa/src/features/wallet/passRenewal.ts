// What renewing a pass now gives (issue 29, README 2.3): the new term continues from the old end whatever the day
// it is bought, for the length of a term; the price is the sum of the holders' renewal prices.
import type { MemberCard } from '../../../../common/dto/pass';
import { renewalTerm } from '../../../../common/rules/passValidity';
import { daysBetween } from '../../../../common/time';

export interface RenewalView {
  oldUntil: string;
  newUntil: string;
  price: number;
  open: boolean;
  opensOn: string;
  closesOn: string;
  holders: string[];
}

/** null: not renewable (no renewal offered, not started, or not the owner's). */
export function renewalView(cards: readonly MemberCard[]): RenewalView | null {
  const first = cards[0];
  if (!first?.ownerIsMe || !first.renewal || !first.validUntil) return null;
  const latest = [...first.terms].sort((a, b) => a.validUntil.localeCompare(b.validUntil)).at(-1);
  const days = latest?.validFrom ? daysBetween(latest.validFrom, latest.validUntil) + 1 : null;
  const newUntil = first.renewal.newUntil ?? (days ? renewalTerm(first.validUntil, days).until : null);
  if (!newUntil) return null;
  return {
    oldUntil: first.validUntil,
    newUntil,
    price: cards.reduce((n, c) => n + (c.renewal?.price ?? 0), 0),
    open: first.renewal.open,
    opensOn: first.renewal.opensOn,
    closesOn: first.renewal.closesOn,
    holders: cards.map((c) => c.holderName),
  };
}
