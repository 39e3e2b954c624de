// RFC 6238 TOTP (HOTP of RFC 4226 over 30 s steps), written with node:crypto: a dependency for 30 lines is not worth
// its supply chain. Secrets are 20 random bytes, shown in base32 (RFC 4648) as authenticator apps expect.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export const TOTP_STEP_SECONDS = 30;
export const TOTP_DIGITS = 6;
const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

export function base32Encode(bytes: Uint8Array): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const b of bytes) {
    value = (value << 8) | b;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32[(value << (5 - bits)) & 31];
  return out;
}

export function base32Decode(text: string): Buffer {
  const clean = text.toUpperCase().replace(/[\s=]/g, '');
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const ch of clean) {
    const v = BASE32.indexOf(ch);
    if (v < 0) throw new Error('not base32');
    value = (value << 5) | v;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

export function newTotpSecret(): Buffer {
  return randomBytes(20);
}

/** RFC 4226 HOTP with dynamic truncation; RFC 6238 allows SHA-1, SHA-256 and SHA-512 (apps use SHA-1). */
export function hotp(secret: Uint8Array, counter: number, digits = TOTP_DIGITS, algorithm = 'sha1'): string {
  const msg = Buffer.alloc(8);
  msg.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac(algorithm, secret).update(msg).digest();
  const offset = (mac[mac.length - 1] as number) & 0x0f;
  const code = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(code % 10 ** digits).padStart(digits, '0');
}

export const totpStep = (unixSeconds: number) => Math.floor(unixSeconds / TOTP_STEP_SECONDS);

export function totp(secret: Uint8Array, unixSeconds: number, digits = TOTP_DIGITS, algorithm = 'sha1'): string {
  return hotp(secret, totpStep(unixSeconds), digits, algorithm);
}

/**
 * The step whose code matches, within ±`window` steps of now (clock drift of the phone), or null. The caller
 * refuses a step it has already accepted (no replay).
 */
export function matchTotp(secret: Uint8Array, code: string, unixSeconds: number, window = 1): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const now = totpStep(unixSeconds);
  let found: number | null = null;
  // Every candidate is compared (no early exit), so the time taken does not say which step matched.
  for (let step = now - window; step <= now + window; step++) {
    const same = timingSafeEqual(Buffer.from(hotp(secret, step)), Buffer.from(code));
    if (same && found === null) found = step;
  }
  return found;
}

/** The otpauth:// URI of Google Authenticator's key-URI format, which every authenticator app reads. */
export function otpauthUri(secret: Uint8Array, account: string, issuer: string): string {
  const label = `${encodeURIComponent(issuer)}:${encodeURIComponent(account)}`;
  const q = new URLSearchParams({
    secret: base32Encode(secret),
    issuer,
    algorithm: 'SHA1',
    digits: String(TOTP_DIGITS),
    period: String(TOTP_STEP_SECONDS),
  });
  return `otpauth://totp/${label}?${q.toString()}`;
}
