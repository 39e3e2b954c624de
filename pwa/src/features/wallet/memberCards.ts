// Annual pass member cards in the offline wallet (issue 29, server/features/passes/README.md 2.7): the cards of
// GET api/v1/me/passes stored per holder with the wallet sync, so a card and its QR open with no network; and which
// of a card's terms to show today.
import type { Envelope } from '../../../../common/dto/api';
import type { MemberCard, MemberCardsAnswer, MemberCardTerm } from '../../../../common/dto/pass';
import { type MemberCardRow, memberCardKey, type WalletDb } from '../../db/wallet';

export type CardsOutcome = 'ok' | 'offline' | 'failed';

/** Fetch the member cards and store them; cards no longer answered leave the device. */
export async function storeMemberCards(
  db: WalletDb,
  doFetch: typeof fetch,
  headers: Record<string, string>,
): Promise<CardsOutcome> {
  let res: Response;
  try {
    res = await doFetch('/api/v1/me/passes', { credentials: 'same-origin', headers });
  } catch {
    return 'offline';
  }
  if (!res.ok) return 'failed';
  const answer = ((await res.json()) as Envelope<MemberCardsAnswer>).data;
  const rows: MemberCardRow[] = answer.cards.map((c) => ({ ...c, key: memberCardKey(c) }));
  await db.transaction('rw', db.memberCards, async () => {
    const keep = new Set(rows.map((r) => r.key));
    const gone = (await db.memberCards.toCollection().primaryKeys()).filter((k) => !keep.has(k));
    await db.memberCards.bulkDelete(gone);
    await db.memberCards.bulkPut(rows);
  });
  return 'ok';
}

/** The term whose period holds `today` (Tokyo), else the one not started yet, else the latest. */
export function currentTerm(card: Pick<MemberCard, 'terms'>, today: string): MemberCardTerm | null {
  const { terms } = card;
  return (
    terms.find((t) => t.validFrom !== null && t.validFrom <= today && today <= t.validUntil) ??
    terms.find((t) => t.validFrom === null || today < t.validFrom) ??
    terms[terms.length - 1] ??
    null
  );
}

/** A paid term after the current one (a renewal bought ahead), to show its period. */
export function nextTerm(card: Pick<MemberCard, 'terms'>, today: string): MemberCardTerm | null {
  const now = currentTerm(card, today);
  return card.terms.find((t) => t !== now && t.validFrom !== null && t.validFrom > today) ?? null;
}

export interface PassGroup {
  passId: number;
  passNumber: string;
  productName: string;
  park: MemberCard['park'];
  cards: MemberCard[];
}

/** My Tickets' list: one entry per pass, its holders in position order, passes by number. */
export function passGroups(cards: readonly MemberCard[]): PassGroup[] {
  const byPass = new Map<number, PassGroup>();
  for (const c of cards) {
    const g = byPass.get(c.passId) ?? {
      passId: c.passId,
      passNumber: c.passNumber,
      productName: c.product.name,
      park: c.park,
      cards: [],
    };
    g.cards.push(c);
    byPass.set(c.passId, g);
  }
  const groups = [...byPass.values()];
  for (const g of groups) g.cards.sort((a, b) => a.position - b.position);
  return groups.sort((a, b) => a.passNumber.localeCompare(b.passNumber));
}
