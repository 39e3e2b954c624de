// A refused upload (no valid session) over a real socket: the server reads and discards the body before it
// answers, so every client sees the 401 and its envelope instead of a connection closed under its upload.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpTestServer, type TestContext } from './testServer';

let ctx: TestContext & { base: string };

beforeAll(async () => {
  ctx = await createHttpTestServer();
  await ctx.server.start();
}, 240_000);
afterAll(async () => {
  await ctx?.close();
});

const UPLOADS: { path: string; field: string; extra: Record<string, string> }[] = [
  { path: '/api/v1/me/photos', field: 'photo', extra: { purpose: 'face' } },
  { path: '/api/v1/me/icon', field: 'icon', extra: {} },
  { path: '/api/v1/staff/parks/1/stories/1/photos', field: 'photo', extra: { alt_ja: '写真' } },
  { path: '/api/v1/staff/parks/1/stories/1/movies', field: 'movie', extra: { alt_ja: '動画' } },
];

/**
 * A 3 KB multipart body as a phone on a slow network sends it: in pieces, the file still coming when the server
 * has read the headers (FormData on a fast local socket is usually all written before the answer).
 */
async function multipart(extra: Record<string, string>, field: string, fill: number) {
  const form = new FormData();
  for (const [k, v] of Object.entries(extra)) form.append(k, v);
  form.append(field, new Blob([new Uint8Array(3 * 1024).fill(fill)], { type: 'image/jpeg' }), 'x.jpg');
  const request = new Request('http://x/', { method: 'POST', body: form });
  const bytes = new Uint8Array(await request.arrayBuffer());
  const pieces = [bytes.subarray(0, 256), bytes.subarray(256, 1536), bytes.subarray(1536)];
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const piece = pieces.shift();
      if (!piece) return controller.close();
      await new Promise((r) => setTimeout(r, 15));
      controller.enqueue(piece);
    },
  });
  return { body, type: request.headers.get('content-type') as string, length: bytes.length };
}

describe('a refused upload', () => {
  it("30 uploads of 3 KB without a session in Node's fetch: each answered 401 with its envelope, no network error", async () => {
    const outcomes: string[] = [];
    for (let i = 0; i < 30; i++) {
      const { path, field, extra } = UPLOADS[i % UPLOADS.length] as (typeof UPLOADS)[number];
      const { body, type, length } = await multipart(extra, field, i);
      const lang = i % 2 ? 'en' : 'ja';
      try {
        const res = await fetch(`${ctx.base}${path}`, {
          method: 'POST',
          body,
          duplex: 'half',
          headers: {
            'content-type': type,
            // Half of them with a length (a file), half chunked (a stream).
            ...(i % 2 ? { 'content-length': String(length) } : {}),
            'accept-language': lang,
            ...(i % 3 ? {} : { authorization: 'Bearer not-a-token' }),
          },
        } as RequestInit);
        const answer = (await res.json()) as { meta: { status: number; code: string; message: string } };
        // The body was read, so the connection stays open (hapi closes it under a body it has not read).
        const localised = (lang === 'ja' ? /ログイン/ : /sign in/i).test(answer.meta.message);
        outcomes.push(`${res.status} ${answer.meta.code} ${res.headers.get('connection')} ${localised}`);
      } catch (e) {
        outcomes.push(`network error ${(e as Error).cause ?? e}`);
      }
    }
    expect(outcomes.filter((o) => o.startsWith('network'))).toEqual([]);
    expect(new Set(outcomes)).toEqual(new Set(['401 unauthorized keep-alive true']));
  });
});
