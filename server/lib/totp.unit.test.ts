import { describe, expect, it } from 'vitest';
import { base32Decode, base32Encode, hotp, matchTotp, otpauthUri, totp } from './totp';

// RFC 6238 appendix B: the seeds are the ASCII digits "1234567890" repeated to the hash's key length.
const SEED = {
  sha1: Buffer.from('12345678901234567890'),
  sha256: Buffer.from('12345678901234567890123456789012'),
  sha512: Buffer.from('1234567890123456789012345678901234567890123456789012345678901234'),
};
const VECTORS: [number, string, string, string][] = [
  [59, '94287082', '46119246', '90693936'],
  [1111111109, '07081804', '68084774', '25091201'],
  [1111111111, '14050471', '67062674', '99943326'],
  [1234567890, '89005924', '91819424', '93441116'],
  [2000000000, '69279037', '90698825', '38618901'],
  [20000000000, '65353130', '77737706', '47863826'],
];

describe('TOTP (RFC 6238)', () => {
  it.each(VECTORS)('at %i s gives the RFC test vectors for SHA-1, SHA-256 and SHA-512', (t, s1, s256, s512) => {
    expect(totp(SEED.sha1, t, 8, 'sha1')).toBe(s1);
    expect(totp(SEED.sha256, t, 8, 'sha256')).toBe(s256);
    expect(totp(SEED.sha512, t, 8, 'sha512')).toBe(s512);
  });

  it('gives the RFC 4226 HOTP values for counters 0 and 9', () => {
    expect(hotp(SEED.sha1, 0)).toBe('755224');
    expect(hotp(SEED.sha1, 9)).toBe('520489');
  });

  it('accepts the code of the step before and after, not two steps away, and says which step matched', () => {
    const t = 1_700_000_000;
    const step = Math.floor(t / 30);
    expect(matchTotp(SEED.sha1, totp(SEED.sha1, t), t)).toBe(step);
    expect(matchTotp(SEED.sha1, totp(SEED.sha1, t - 30), t)).toBe(step - 1);
    expect(matchTotp(SEED.sha1, totp(SEED.sha1, t + 30), t)).toBe(step + 1);
    expect(matchTotp(SEED.sha1, totp(SEED.sha1, t - 60), t)).toBeNull();
    expect(matchTotp(SEED.sha1, '12345', t)).toBeNull();
    expect(matchTotp(SEED.sha1, 'abcdef', t)).toBeNull();
  });

  it('round-trips base32 (RFC 4648 vectors) and writes an otpauth URI', () => {
    expect(base32Encode(Buffer.from('foobar'))).toBe('MZXW6YTBOI');
    expect(base32Decode('MZXW6YTBOI======').toString()).toBe('foobar');
    expect(base32Decode(base32Encode(SEED.sha1))).toEqual(SEED.sha1);
    const uri = new URL(otpauthUri(SEED.sha1, 'a@example.jp', 'ZooPass'));
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.searchParams.get('secret')).toBe('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ');
    expect(uri.searchParams.get('issuer')).toBe('ZooPass');
  });
});
