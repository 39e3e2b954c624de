import { generateKeyPairSync, sign } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { nobleSignatureCheck } from '../../../common/rules/ticketToken';
import { nodeSignatureCheck } from './signatureCheck';

const pair = () => {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  const raw = new Uint8Array(Buffer.from(publicKey.export({ format: 'jwk' }).x as string, 'base64url'));
  return { privateKey, raw };
};

describe('the server signature check', () => {
  it('agrees with the one staff devices run: valid, tampered, wrong key, malformed', () => {
    const a = pair();
    const b = pair();
    const message = new TextEncoder().encode('{"v":1,"tid":"t"}');
    const signature = new Uint8Array(sign(null, message, a.privateKey));
    const tampered = Uint8Array.from(message, (x, i) => (i === 3 ? x ^ 1 : x));
    const cases: [Uint8Array, Uint8Array, Uint8Array, boolean][] = [
      [signature, message, a.raw, true],
      [signature, tampered, a.raw, false],
      [signature, message, b.raw, false],
      [signature.slice(0, 63), message, a.raw, false],
    ];
    for (const [sig, msg, key, expected] of cases) {
      expect(nodeSignatureCheck(sig, msg, key)).toBe(expected);
      let noble = false;
      try {
        noble = nobleSignatureCheck(sig, msg, key);
      } catch {
        noble = false;
      }
      expect(noble).toBe(expected);
    }
  });
});
