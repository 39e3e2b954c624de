// Member cards in the offline wallet (issue 29): fetched with the wallet sync and stored per holder
// (`${passId}:${holderId}`), replaced by each answer, kept when the server cannot be reached; the QR shown is the
// current term's.
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { MemberCard } from '../../../../common/dto/pass';
import { openWalletDb, type WalletDb } from '../../db/wallet';
import { memberCards } from '../../test/passFixtures';
import { currentTerm, nextTerm, passGroups } from './memberCards';
import { refreshWallet } from './walletSync';

let db: WalletDb;
beforeEach(() => {
  db = openWalletDb(`member-cards-${Math.random()}`);
});
afterEach(async () => {
  db.close();
  await db.delete();
});

function server(cards: () => MemberCard[] | number) {
  const asked: string[] = [];
  const fetch = (async (url: string) => {
    asked.push(url);
    if (url === '/api/v1/me/tickets') {
      return new Response(JSON.stringify({ data: { tickets: [], asOf: '2026-11-28T02:00:00Z' } }));
    }
    if (url === '/api/v1/me/passes') {
      const c = cards();
      return typeof c === 'number'
        ? new Response('{}', { status: c })
        : new Response(JSON.stringify({ data: { cards: c, asOf: '2026-11-28T02:00:00Z' } }));
    }
    return new Response('{}', { status: 404 });
  }) as typeof globalThis.fetch;
  return { fetch, asked };
}

describe('member cards in the wallet', () => {
  it('are fetched with the wallet and stored per holder, replaced by the next answer', async () => {
    let answer: MemberCard[] | number = memberCards();
    const s = server(() => answer);
    expect(await refreshWallet(db, { owner: 5, fetch: s.fetch })).toBe('ok');
    expect(s.asked).toContain('/api/v1/me/passes');
    expect((await db.memberCards.orderBy('key').primaryKeys()).sort()).toEqual(['8:21', '8:22']);
    expect((await db.memberCards.where('passId').equals(8).first())?.terms[0]?.token).toBeTruthy();

    answer = memberCards().slice(0, 1);
    await refreshWallet(db, { owner: 5, fetch: s.fetch });
    expect(await db.memberCards.toCollection().primaryKeys()).toEqual(['8:21']);

    // The server failing (or not having the route yet) keeps what the device has: the card still opens.
    answer = 503;
    await refreshWallet(db, { owner: 5, fetch: s.fetch });
    expect(await db.memberCards.count()).toBe(1);
  });

  it("another owner's answer first wipes the cards stored for the one before", async () => {
    const s = server(() => memberCards());
    await refreshWallet(db, { owner: 5, fetch: s.fetch });
    const other = server(() => []);
    await refreshWallet(db, { owner: 9, fetch: other.fetch });
    expect(await db.memberCards.count()).toBe(0);
  });
});

describe('the term a card shows', () => {
  const term = (validFrom: string | null, validUntil: string) => ({
    ticketId: `${validFrom}`,
    ticketNumber: 'n',
    validFrom,
    validUntil,
    state: 'available' as MemberCard['terms'][number]['state'],
    token: 't',
  });
  const card = { terms: [term('2026-01-10', '2027-01-09'), term('2027-01-10', '2028-01-09')] };

  it('is the one whose period holds today, then the renewal once it starts', () => {
    expect(currentTerm(card, '2026-12-01')?.validFrom).toBe('2026-01-10');
    expect(currentTerm(card, '2027-01-09')?.validFrom).toBe('2026-01-10');
    expect(currentTerm(card, '2027-01-10')?.validFrom).toBe('2027-01-10');
    expect(nextTerm(card, '2026-12-01')?.validFrom).toBe('2027-01-10');
    expect(nextTerm(card, '2027-02-01')).toBeNull();
  });

  it('is the not-started one of a pass valid from its first entry', () => {
    expect(currentTerm({ terms: [term(null, '2027-11-27')] }, '2026-12-01')?.validFrom).toBeNull();
  });

  it('groups holders by pass in position order', () => {
    const [a, b] = memberCards() as [MemberCard, MemberCard];
    expect(passGroups([b, a]).map((g) => [g.passNumber, g.cards.map((c) => c.position)])).toEqual([
      ['P003-0000008', [1, 2]],
    ]);
  });
});
