// npm run queue:verify -- <file.json | item id> [--url https://zoo.example]
// Recomputes a waiting room's pre-queue order from what the server published (GET
// /api/v1/items/{id}/waiting-room/ranking, or that answer saved to a file) and nothing else: the seed matches the
// commitment published before the opening, and ranking the entry ids by HMAC-SHA256(seed, entry id) gives the
// published order (the lottery's ranking, server/cli/verifyLottery.ts).
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { type PublishedRanking, verifyRanking } from '../features/waitingRoom';

async function load(argv: string[]): Promise<PublishedRanking> {
  const target = argv.find((a) => !a.startsWith('--') && argv[argv.indexOf(a) - 1] !== '--url');
  if (!target) throw new Error('usage: npm run queue:verify -- <file.json | item id> [--url <server>]');
  let json: unknown;
  if (/^\d+$/.test(target) || /^https?:/.test(target)) {
    const urlAt = argv.indexOf('--url');
    const base =
      urlAt >= 0 ? argv[urlAt + 1] : (process.env.PUBLIC_URL ?? `http://localhost:${process.env.PORT ?? 3000}`);
    const url = /^https?:/.test(target) ? target : `${base}/api/v1/items/${target}/waiting-room/ranking`;
    const res = await fetch(url, { headers: { accept: 'application/json' } });
    if (!res.ok) throw new Error(`${url}: HTTP ${res.status}`);
    json = await res.json();
  } else {
    json = JSON.parse(readFileSync(target, 'utf8'));
  }
  const o = json as { data?: PublishedRanking } & PublishedRanking;
  return o.data ?? o;
}

async function main(argv: string[]) {
  try {
    const verdict = verifyRanking(await load(argv));
    console.log(JSON.stringify(verdict, null, 2));
    process.exit(verdict.ok ? 0 : 1);
  } catch (err) {
    console.error((err as Error).message);
    process.exit(2);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) void main(process.argv.slice(2));
