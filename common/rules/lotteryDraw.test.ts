import { createHash, createHmac, randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalEntries, choiceKey, commitments, type DrawEntry, draw } from './lotteryDraw';

const digests = {
  sha256: (s: string) => createHash('sha256').update(s).digest('hex'),
  hmacSha256: (k: string, s: string) => createHmac('sha256', k).update(s).digest('hex'),
};

const seedArb = fc.uint8Array({ minLength: 8, maxLength: 32 }).map((b) => Buffer.from(b).toString('hex'));

const entryArb = fc.record({
  id: fc.uuid(),
  party: fc.integer({ min: 1, max: 6 }),
  choices: fc.array(
    fc.record({ date: fc.constantFrom('2026-12-01', '2026-12-02', '2026-12-03'), slotId: fc.constantFrom(null, 1, 2) }),
    { minLength: 1, maxLength: 3 },
  ),
});

describe('the lottery draw', () => {
  it('is deterministic for a seed and independent of the order entries are listed in', () => {
    fc.assert(
      fc.property(fc.uniqueArray(entryArb, { selector: (e) => e.id, maxLength: 40 }), seedArb, (entries, seed) => {
        const places = { '2026-12-01|0': 10, '2026-12-02|1': 7, '2026-12-03|2': 5 };
        const a = draw(digests, seed, entries, places);
        const b = draw(digests, seed, [...entries].reverse(), places);
        expect(b).toEqual(a);
        expect(canonicalEntries([...entries].reverse())).toBe(canonicalEntries(entries));
      }),
    );
  });

  it('never splits a party, never exceeds places, and every entry either wins one of its choices or loses', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(entryArb, { selector: (e) => e.id, maxLength: 60 }),
        seedArb,
        fc.dictionary(fc.constantFrom('2026-12-01|0', '2026-12-01|1', '2026-12-02|1', '2026-12-03|2'), fc.nat(20)),
        (entries, seed, places) => {
          const r = draw(digests, seed, entries, places);
          const used: Record<string, number> = {};
          for (const w of r.winners) {
            const e = entries.find((x) => x.id === w.id) as DrawEntry;
            expect(e.choices).toContainEqual(w.choice);
            used[choiceKey(w.choice)] = (used[choiceKey(w.choice)] ?? 0) + e.party;
          }
          for (const [k, n] of Object.entries(used)) expect(n).toBeLessThanOrEqual(places[k] ?? 0);
          expect(r.winners.length + r.losers.length).toBe(entries.length);
          // A loser fits nowhere: every one of its choices had fewer places left than its party when its turn came,
          // so it has fewer than that at the end too.
          for (const id of r.losers) {
            const e = entries.find((x) => x.id === id) as DrawEntry;
            for (const c of e.choices) expect(r.left[choiceKey(c)] ?? 0).toBeLessThan(e.party);
          }
        },
      ),
    );
  });

  it('quantity does not change the odds: over 1,000 seeds a party of 4 and a party of 1 win as often (±0.08)', () => {
    // Four places, three entries: whoever is ranked first wins and nobody after can fit beside a party of 4 or
    // after a party of 1 leaves 3 places for a 4. Each entry's chance is 1/3 whatever its size.
    const at = [{ date: '2026-12-01', slotId: null }];
    const entries: DrawEntry[] = [
      { id: 'a-party-of-4', party: 4, choices: at },
      { id: 'b-party-of-1', party: 1, choices: at },
      { id: 'c-party-of-4', party: 4, choices: at },
    ];
    const wins = new Map<string, number>();
    const RUNS = 1000;
    for (let i = 0; i < RUNS; i++) {
      const r = draw(digests, randomBytes(32).toString('hex'), entries, { '2026-12-01|0': 4 });
      for (const w of r.winners) wins.set(w.id, (wins.get(w.id) ?? 0) + 1);
    }
    const four = (wins.get('a-party-of-4') ?? 0) / RUNS;
    const one = (wins.get('b-party-of-1') ?? 0) / RUNS;
    // Each is about 1/3 (standard deviation about 0.015 over 1,000 draws): 0.08 is over 3.5 of it on the difference.
    expect(Math.abs(four - one)).toBeLessThan(0.08);
    expect(Math.abs(four - 1 / 3)).toBeLessThan(0.06);
  });

  it('publishes commitments that the seed and list recompute', () => {
    const entries: DrawEntry[] = [{ id: 'x', party: 2, choices: [{ date: '2026-12-01', slotId: 1 }] }];
    const c = commitments(digests, 'seed', entries);
    expect(c.seedHash).toBe(digests.sha256('seed'));
    expect(c.entriesHash).toBe(digests.sha256('[{"id":"x","party":2,"choices":[{"date":"2026-12-01","slotId":1}]}]'));
  });
});
