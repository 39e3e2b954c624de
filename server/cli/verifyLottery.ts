// npm run lottery:verify -- <lottery id> [--url https://zoo.example]
// Recomputes a lottery's draw from what the server published (GET /api/v1/lotteries/{id}/draw) and nothing else:
// the seed matches its commitment, the entry list matches its commitment, and ranking the list by
// HMAC-SHA256(seed, entry id) then giving each entry its first choice that fits its party gives the same winners.
import { pathToFileURL } from 'node:url';
import { canonicalEntries, choiceKey, type DrawEntry, draw } from '../../common/rules/lotteryDraw';
import type { PublishedDraw } from '../features/lottery/services/publishedDraw';
import { NODE_DIGESTS } from '../lib/digests';

export interface Verdict {
  ok: boolean;
  lotteryId: number;
  seedMatchesCommitment: boolean;
  entriesMatchCommitment: boolean;
  winnersMatch: boolean;
  entries: number;
  winners: number;
  problems: string[];
}

export function verifyDraw(published: PublishedDraw): Verdict {
  const problems: string[] = [];
  if (published.state !== 'drawn' || !published.seed || !published.entries || !published.places) {
    return {
      ok: false,
      lotteryId: published.id,
      seedMatchesCommitment: false,
      entriesMatchCommitment: false,
      winnersMatch: false,
      entries: 0,
      winners: 0,
      problems: ['the draw has not been published yet'],
    };
  }
  const entries = published.entries as DrawEntry[];
  const seedOk = NODE_DIGESTS.sha256(published.seed) === published.seedHash;
  const listOk = NODE_DIGESTS.sha256(canonicalEntries(entries)) === published.entriesHash;
  if (!seedOk) problems.push('SHA-256 of the seed is not the commitment published before the draw');
  if (!listOk) problems.push('SHA-256 of the entry list is not the commitment published before the draw');
  const result = draw(NODE_DIGESTS, published.seed, entries, published.places);
  const mine = result.winners.map((w) => `${w.id}@${choiceKey(w.choice)}`).sort();
  const theirs = (published.winners ?? []).map((w) => `${w.id}@${choiceKey(w.choice)}`).sort();
  const winnersOk = mine.length === theirs.length && mine.every((w, i) => w === theirs[i]);
  if (!winnersOk)
    problems.push(`recomputed winners differ: ${JSON.stringify({ recomputed: mine, published: theirs })}`);
  return {
    ok: seedOk && listOk && winnersOk,
    lotteryId: published.id,
    seedMatchesCommitment: seedOk,
    entriesMatchCommitment: listOk,
    winnersMatch: winnersOk,
    entries: entries.length,
    winners: result.winners.length,
    problems,
  };
}

async function main(argv: string[]) {
  const id = Number(argv.find((a) => /^\d+$/.test(a)));
  const urlAt = argv.indexOf('--url');
  const base =
    urlAt >= 0 ? argv[urlAt + 1] : (process.env.PUBLIC_URL ?? `http://localhost:${process.env.PORT ?? 3000}`);
  if (!Number.isSafeInteger(id) || id < 1) {
    console.error('usage: npm run lottery:verify -- <lottery id> [--url <server>]');
    process.exit(2);
  }
  const res = await fetch(`${base}/api/v1/lotteries/${id}/draw`, { headers: { accept: 'application/json' } });
  if (!res.ok) {
    console.error(`${base}: HTTP ${res.status}`);
    process.exit(2);
  }
  const verdict = verifyDraw(((await res.json()) as { data: PublishedDraw }).data);
  console.log(JSON.stringify(verdict, null, 2));
  process.exit(verdict.ok ? 0 : 1);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) void main(process.argv.slice(2));
