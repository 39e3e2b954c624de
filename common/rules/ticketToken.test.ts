import { ed25519 } from '@noble/curves/ed25519.js';
import { describe, expect, it } from 'vitest';
import {
  base64urlDecode,
  base64urlEncode,
  decodeTicketToken,
  encodePayload,
  endOfTokyoDay,
  signTicketToken,
  type TicketTokenPayload,
  type VerifyKey,
  verifyTicketToken,
} from './ticketToken';

const secret = ed25519.utils.randomSecretKey();
const otherSecret = ed25519.utils.randomSecretKey();
const key: VerifyKey = { kid: '7-a', parkId: 7, publicKey: base64urlEncode(ed25519.getPublicKey(secret)) };
const date = '2026-12-24';
const payload: TicketTokenPayload = {
  v: 2,
  kid: '7-a',
  jti: '5b0c7c3e-3d7e-4f7e-9d55-6a1d8a3f0b11',
  tid: 'b3f1c1de-7c1a-4b2e-8f00-3b9f6d1f2a77',
  park: 7,
  item: 42,
  date,
  slot: '10:00',
  exp: endOfTokyoDay(date),
};
const onTheDay = new Date(`${date}T10:30:00+09:00`);
const ctx = { parkId: 7, keys: [key], now: onTheDay, today: date };

describe('ticket tokens', () => {
  it('round-trips base64url for every length', () => {
    for (let n = 0; n < 70; n++) {
      const bytes = Uint8Array.from({ length: n }, (_, i) => (i * 37 + n) & 255);
      const text = base64urlEncode(bytes);
      expect(text).toBe(Buffer.from(bytes).toString('base64url'));
      expect(Array.from(base64urlDecode(text) ?? [])).toEqual(Array.from(bytes));
    }
    expect(base64urlDecode('ab*d')).toBeNull();
  });

  it('verifies a token signed by the park key on its day', () => {
    const token = signTicketToken(payload, secret);
    expect(token).toMatch(/^[\w-]+\.[\w-]{86}$/);
    // Binary payload: 2 + kid (3) + 48 bytes, so the whole token stays under 180 characters.
    expect(token.length).toBe(Math.ceil((53 * 4) / 3) + 1 + 86);
    expect(decodeTicketToken(token)).toEqual(payload);
    expect(verifyTicketToken(token, ctx)).toEqual({ ok: true, payload });
    // The end of the day of use is midnight in Tokyo (15:00 UTC the same date).
    expect(new Date(payload.exp * 1000).toISOString()).toBe('2026-12-24T15:00:00.000Z');
  });

  it('refuses a tampered payload or signature', () => {
    const token = signTicketToken(payload, secret);
    const [p, s] = token.split('.') as [string, string];
    const forged = base64urlEncode(encodePayload({ ...payload, item: 43 }));
    expect(verifyTicketToken(`${forged}.${s}`, ctx)).toEqual({ ok: false, reason: 'badSignature' });
    const flipped = s.startsWith('A') ? `B${s.slice(1)}` : `A${s.slice(1)}`;
    expect(verifyTicketToken(`${p}.${flipped}`, ctx)).toEqual({ ok: false, reason: 'badSignature' });
    expect(verifyTicketToken(`${p}`, ctx)).toEqual({ ok: false, reason: 'malformed' });
    expect(verifyTicketToken('x.y.z', ctx)).toEqual({ ok: false, reason: 'malformed' });
  });

  it('refuses a token signed with another key, an unknown kid, another park or a retired key', () => {
    expect(verifyTicketToken(signTicketToken(payload, otherSecret), ctx)).toEqual({
      ok: false,
      reason: 'badSignature',
    });
    expect(verifyTicketToken(signTicketToken({ ...payload, kid: '7-b' }, secret), ctx)).toEqual({
      ok: false,
      reason: 'unknownKey',
    });
    expect(verifyTicketToken(signTicketToken({ ...payload, park: 8 }, secret), ctx)).toEqual({
      ok: false,
      reason: 'wrongPark',
    });
    const retired = { ...key, retiredAt: '2026-12-01T00:00:00Z' };
    expect(verifyTicketToken(signTicketToken(payload, secret), { ...ctx, keys: [retired] })).toEqual({
      ok: false,
      reason: 'unknownKey',
    });
  });

  it('refuses a revoked token', () => {
    const token = signTicketToken(payload, secret);
    expect(verifyTicketToken(token, { ...ctx, isRevoked: (jti) => jti === payload.jti })).toEqual({
      ok: false,
      reason: 'revoked',
    });
    expect(verifyTicketToken(token, { ...ctx, isRevoked: () => false }).ok).toBe(true);
  });

  it('refuses a ticket for another day and an expired one', () => {
    const token = signTicketToken(payload, secret);
    const dayBefore = new Date(`2026-12-23T23:59:00+09:00`);
    expect(verifyTicketToken(token, { ...ctx, now: dayBefore, today: '2026-12-23' })).toEqual({
      ok: false,
      reason: 'wrongDay',
    });
    const after = new Date(`2026-12-25T00:00:00+09:00`);
    expect(verifyTicketToken(token, { ...ctx, now: after, today: '2026-12-25' })).toEqual({
      ok: false,
      reason: 'expired',
    });
    const shortLived = signTicketToken({ ...payload, exp: Math.floor(onTheDay.getTime() / 1000) - 1 }, secret);
    expect(verifyTicketToken(shortLived, ctx)).toEqual({ ok: false, reason: 'expired' });
  });

  it('verifies tokens signed by node:crypto (the server signs that way)', async () => {
    const { generateKeyPairSync, sign } = await import('node:crypto');
    const { privateKey, publicKey } = generateKeyPairSync('ed25519');
    const bytes = encodePayload(payload);
    const token = `${base64urlEncode(bytes)}.${base64urlEncode(new Uint8Array(sign(null, bytes, privateKey)))}`;
    const nodeKey = { kid: '7-a', parkId: 7, publicKey: publicKey.export({ format: 'jwk' }).x as string };
    expect(verifyTicketToken(token, { ...ctx, keys: [nodeKey] }).ok).toBe(true);
  });

  it('carries every field through the binary payload, untimed slots and long kids included', () => {
    const untimed = { ...payload, kid: '1234567-0123456789ab', slot: null, park: 4_000_000_000, item: 1 };
    expect(decodeTicketToken(signTicketToken(untimed, secret))).toEqual(untimed);
    const lateSlot = { ...payload, slot: '23:59', date: '2099-02-28', exp: endOfTokyoDay('2099-02-28') };
    expect(decodeTicketToken(signTicketToken(lateSlot, secret))).toEqual(lateSlot);
    // UUIDs come back lower case whatever case they were issued in.
    const upper = { ...payload, jti: payload.jti.toUpperCase() };
    expect(decodeTicketToken(signTicketToken(upper, secret))?.jti).toBe(payload.jti);
  });

  it('refuses to encode what the format cannot carry, and reads wrong lengths or versions as malformed', () => {
    expect(() => encodePayload({ ...payload, jti: 'not-a-uuid' })).toThrow(/UUID/);
    expect(() => encodePayload({ ...payload, slot: '24:00' })).toThrow(/slot/);
    expect(() => encodePayload({ ...payload, park: -1 })).toThrow(/park/);
    const bytes = encodePayload(payload);
    const sig = base64urlEncode(new Uint8Array(64));
    expect(decodeTicketToken(`${base64urlEncode(bytes.subarray(0, bytes.length - 1))}.${sig}`)).toBeNull();
    const v1 = Uint8Array.from(bytes);
    v1[0] = 1;
    expect(decodeTicketToken(`${base64urlEncode(v1)}.${sig}`)).toBeNull();
    // The JSON tokens of the first version are no longer read.
    const json = base64urlEncode(new TextEncoder().encode(JSON.stringify({ ...payload, v: 1 })));
    expect(verifyTicketToken(`${json}.${sig}`, ctx)).toEqual({ ok: false, reason: 'malformed' });
  });

  describe('member cards (version 3)', () => {
    const until = '2027-11-30';
    const pass: TicketTokenPayload = {
      ...payload,
      v: 3,
      date: until,
      slot: null,
      from: '2026-12-01',
      exp: endOfTokyoDay(until),
    };
    const at = (day: string) => ({ ...ctx, now: new Date(`${day}T10:00:00+09:00`), today: day });

    it('round-trips, stays the size of a ticket token, and is valid every day of its term', () => {
      const token = signTicketToken(pass, secret);
      expect(token.length).toBe(signTicketToken(payload, secret).length);
      expect(decodeTicketToken(token)).toEqual(pass);
      for (const day of ['2026-12-01', '2027-02-28', until])
        expect(verifyTicketToken(token, at(day))).toEqual({ ok: true, payload: pass });
      const notStarted = { ...pass, from: null };
      expect(decodeTicketToken(signTicketToken(notStarted, secret))).toEqual(notStarted);
      expect(verifyTicketToken(signTicketToken(notStarted, secret), at('2026-11-28')).ok).toBe(true);
    });

    it('refuses a card before its term and after it', () => {
      const token = signTicketToken(pass, secret);
      expect(verifyTicketToken(token, at('2026-11-30'))).toEqual({ ok: false, reason: 'notYetValid' });
      const after = { ...at('2027-12-01'), now: new Date('2027-11-30T23:59:00+09:00') };
      expect(verifyTicketToken(token, after)).toEqual({ ok: false, reason: 'expired' });
      expect(verifyTicketToken(token, at('2027-12-01'))).toEqual({ ok: false, reason: 'expired' });
    });

    it("is admitted at a partner park's gate with the issuing park's key, and nowhere else", () => {
      const token = signTicketToken(pass, secret);
      const partnerGate = { ...at('2027-01-05'), parkId: 9 };
      expect(verifyTicketToken(token, partnerGate)).toEqual({ ok: false, reason: 'wrongPark' });
      expect(verifyTicketToken(token, { ...partnerGate, passParkIds: [9, 7] })).toEqual({ ok: true, payload: pass });
      // A day ticket of park 7 stays refused at park 9, partner or not.
      expect(verifyTicketToken(signTicketToken(payload, secret), { ...ctx, parkId: 9, passParkIds: [9, 7] })).toEqual({
        ok: false,
        reason: 'wrongPark',
      });
    });

    it('refuses tampering and what a pass cannot carry', () => {
      const [, sig] = signTicketToken(pass, secret).split('.') as [string, string];
      const later = base64urlEncode(encodePayload({ ...pass, date: '2028-11-30' }));
      expect(verifyTicketToken(`${later}.${sig}`, at('2027-01-05'))).toEqual({ ok: false, reason: 'badSignature' });
      expect(() => encodePayload({ ...pass, slot: '10:00' })).toThrow(/slot/);
      expect(() => encodePayload({ ...pass, from: '2026-13-01' })).toThrow(/date/);
      // A start after the end is not a card the issuer makes: read as malformed.
      const backwards = encodePayload({ ...pass, from: '2028-01-01' });
      expect(decodeTicketToken(`${base64urlEncode(backwards)}.${sig}`)).toBeNull();
    });
  });
});
