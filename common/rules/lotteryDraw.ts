// The lottery draw, checkable by anyone (DESIGN "Lottery and waitlist"):
//   - when entries close, the server publishes SHA-256(seed) and SHA-256 of the canonical entry list;
//   - each entry's rank is HMAC-SHA256(seed, entry id) (hex, ascending): quantity plays no part in it;
//   - going down the ranking, each entry gets its highest-ranked choice (date and slot) that still fits its whole
//     party; a party that fits nowhere is skipped, never split; places are never exceeded;
//   - afterwards the seed and the list are published and `npm run lottery:verify` recomputes the result from them.
// Re-offers (a cancellation, a capture that failed) go further down the same ranking: no new randomness.
// Pure: the digests come from a function the caller passes (node:crypto on the server and in the verifier).

export interface DrawChoice {
  date: string;
  /** null: an item without time slots. */
  slotId: number | null;
}

export interface DrawEntry {
  id: string;
  /** People in the party: all win or none. */
  party: number;
  /** Up to 3, most wanted first. */
  choices: DrawChoice[];
}

export interface DrawResult {
  /** Every entry id, best rank first. */
  ranking: string[];
  /** Winners with the choice they got, in ranking order. */
  winners: { id: string; choice: DrawChoice }[];
  /** Entries that fit nowhere, in ranking order. */
  losers: string[];
  /** Places left per choice key after the draw. */
  left: Record<string, number>;
}

export interface Digests {
  sha256(data: string): string;
  hmacSha256(key: string, data: string): string;
}

export const MAX_CHOICES = 3;

export const choiceKey = (c: DrawChoice) => `${c.date}|${c.slotId ?? 0}`;

/** The entry list as published: sorted by id, fixed key order, so anyone gets the same bytes and the same hash. */
export function canonicalEntries(entries: readonly DrawEntry[]): string {
  const sorted = [...entries].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return JSON.stringify(
    sorted.map((e) => ({
      id: e.id,
      party: e.party,
      choices: e.choices.map((c) => ({ date: c.date, slotId: c.slotId })),
    })),
  );
}

/** What is published before the draw: the seed's and the entry list's SHA-256. */
export function commitments(d: Digests, seed: string, entries: readonly DrawEntry[]) {
  return { seedHash: d.sha256(seed), entriesHash: d.sha256(canonicalEntries(entries)) };
}

export function rankEntries(d: Digests, seed: string, entries: readonly DrawEntry[]): string[] {
  return entries
    .map((e) => ({ id: e.id, rank: d.hmacSha256(seed, e.id) }))
    .sort((a, b) => (a.rank < b.rank ? -1 : a.rank > b.rank ? 1 : a.id < b.id ? -1 : 1))
    .map((e) => e.id);
}

/** Going down `ranking`, gives each entry its first choice that fits its whole party, from `places`. */
export function allocate(
  ranking: readonly string[],
  entries: ReadonlyMap<string, DrawEntry>,
  places: Readonly<Record<string, number>>,
): Omit<DrawResult, 'ranking'> {
  const left: Record<string, number> = { ...places };
  const winners: DrawResult['winners'] = [];
  const losers: string[] = [];
  for (const id of ranking) {
    const entry = entries.get(id);
    if (!entry) continue;
    const choice = entry.choices.slice(0, MAX_CHOICES).find((c) => (left[choiceKey(c)] ?? 0) >= entry.party);
    if (!choice) {
      losers.push(id);
      continue;
    }
    left[choiceKey(choice)] = (left[choiceKey(choice)] ?? 0) - entry.party;
    winners.push({ id, choice });
  }
  return { winners, losers, left };
}

export function draw(
  d: Digests,
  seed: string,
  entries: readonly DrawEntry[],
  places: Readonly<Record<string, number>>,
): DrawResult {
  const ranking = rankEntries(d, seed, entries);
  return { ranking, ...allocate(ranking, new Map(entries.map((e) => [e.id, e])), places) };
}
