// Ticket token verification: how many tokens per second the common verifier (common/rules/ticketToken.ts, the
// code staff devices run offline) checks on one core, with a revocation set of 10,000 ids. Also signing with
// node:crypto (what the server does when it issues tokens). Prints JSON.
//   npm run bench:tokens            BENCH_TOKENS=20000 npm run bench:tokens
import { generateKeyPairSync, randomUUID, sign } from 'node:crypto';
import {
  encodePayload,
  endOfTokyoDay,
  joinToken,
  type TicketTokenPayload,
  TOKEN_VERSION,
  verifyTicketToken,
} from '../common/rules/ticketToken';
import { nodeSignatureCheck } from '../server/features/wallet/signatureCheck';

const N = Number(process.env.BENCH_TOKENS ?? 5000);
const date = '2026-12-24';
const { privateKey, publicKey } = generateKeyPairSync('ed25519');
const key = { kid: '1-bench', parkId: 1, publicKey: publicKey.export({ format: 'jwk' }).x as string };

function timed<T>(fn: () => T): { result: T; ms: number } {
  const start = process.hrtime.bigint();
  const result = fn();
  return { result, ms: Number(process.hrtime.bigint() - start) / 1e6 };
}

const signing = timed(() =>
  Array.from({ length: N }, (_, i) => {
    const payload: TicketTokenPayload = {
      v: TOKEN_VERSION,
      kid: key.kid,
      jti: randomUUID(),
      tid: randomUUID(),
      park: 1,
      item: 100 + (i % 50),
      date,
      slot: i % 2 ? '10:00' : null,
      exp: endOfTokyoDay(date),
    };
    const bytes = encodePayload(payload);
    return joinToken(bytes, new Uint8Array(sign(null, bytes, privateKey)));
  }),
);
const tokens = signing.result;
const revoked = new Set<string>(Array.from({ length: 10_000 }, () => randomUUID()));
const context = {
  parkId: 1,
  keys: [key],
  isRevoked: (jti: string) => revoked.has(jti),
  now: new Date(`${date}T10:00:00+09:00`),
  today: date,
};
// Warm up (JIT, key decoding cache).
for (const t of tokens.slice(0, 200)) verifyTicketToken(t, context);
const verifying = timed(() => tokens.filter((t) => verifyTicketToken(t, context).ok).length);
if (verifying.result !== N) throw new Error(`only ${verifying.result} of ${N} tokens verified`);
// The same verifier with the server's signature check (node:crypto), as POST api/v1/staff/scans runs it.
const serverContext = { ...context, verifySignature: nodeSignatureCheck };
for (const t of tokens.slice(0, 200)) verifyTicketToken(t, serverContext);
const onServer = timed(() => tokens.filter((t) => verifyTicketToken(t, serverContext).ok).length);
if (onServer.result !== N) throw new Error(`only ${onServer.result} of ${N} tokens verified on the server path`);

console.log(
  JSON.stringify(
    {
      tokens: N,
      tokenLength: tokens[0]?.length,
      verifier: 'common/rules/ticketToken.ts (@noble/curves ed25519)',
      verifyPerSecond: Math.round((N / verifying.ms) * 1000),
      verifyMicrosEach: Math.round((verifying.ms * 1000) / N),
      serverVerifier: 'the same, with node:crypto for the Ed25519 check',
      serverVerifyPerSecond: Math.round((N / onServer.ms) * 1000),
      signPerSecond: Math.round((N / signing.ms) * 1000),
      signer: 'node:crypto ed25519',
    },
    null,
    2,
  ),
);
