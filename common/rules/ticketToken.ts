// Ticket tokens: what a ticket's QR code encodes, signed with the park's Ed25519 key, verified offline by staff
// devices and by the server with the SAME code (pure TypeScript + @noble/curves: no Node, no DOM).
//
// Format: <base64url(payload bytes)>.<base64url(64-byte Ed25519 signature of exactly those bytes)>, about 175
// characters. The payload is binary, not JSON, so the QR code stays coarse enough for a phone screen held to a gate
// scanner (JSON made about 330 characters). Payload bytes, big-endian:
//   version (1) = 2 · kid length (1) · kid (UTF-8) · jti (16, UUID) · ticket id (16, UUID) · park (4) · item (4)
//   · day of use, Asia/Tokyo, in days since 1970-01-01 (2) · slot start in minutes after midnight, 0xFFFF when
//   untimed (2) · exp, unix seconds (4)
// Version 3 is a member card (an annual pass's term ticket, server/features/passes): the same bytes, but the day is
// the LAST day the term can be used and the slot's two bytes carry the FIRST day (days since 1970-01-01; 0xFFFF
// when the term starts at the holder's first entry). A gate built before version 3 refuses it as malformed.
import { ed25519 } from '@noble/curves/ed25519.js';

export const TOKEN_VERSION = 2;
export const PASS_TOKEN_VERSION = 3;

export interface TicketTokenPayload {
  v: number;
  /** Key id: which of the park's keys signed it. */
  kid: string;
  /** Token id: revocations name it. */
  jti: string;
  /** Ticket id. */
  tid: string;
  park: number;
  item: number;
  /** Day of use, Asia/Tokyo (a pass: the last day of the term). */
  date: string;
  /** Slot start time when timed (always null on a pass). */
  slot: string | null;
  /** A pass (v 3): the first day of the term; null when it starts at the first entry. Absent on tickets. */
  from?: string | null;
  /** Unix seconds after which the token is no longer valid. */
  exp: number;
}

/** A park's public key as served by GET api/v1/parks/{id}/ticket-keys. */
export interface VerifyKey {
  kid: string;
  parkId: number;
  /** Raw 32-byte public key, base64url. */
  publicKey: string;
  retiredAt?: string | null;
}

export type TokenRefusal =
  | 'malformed'
  | 'badSignature'
  | 'unknownKey'
  | 'wrongPark'
  | 'revoked'
  | 'expired'
  | 'wrongDay'
  /** A pass whose term starts later. */
  | 'notYetValid';

export type VerifyResult = { ok: true; payload: TicketTokenPayload } | { ok: false; reason: TokenRefusal };

export interface VerifyContext {
  /** The park the gate belongs to. */
  parkId: number;
  /** Parks whose passes this gate admits (its own and partner parks'); passes only, default [parkId]. */
  passParkIds?: readonly number[];
  /** Keys known for the park (retired keys are refused when their retirement is at or before `now`). */
  keys: readonly VerifyKey[];
  /** Revoked token ids. */
  isRevoked?: (jti: string) => boolean;
  /** The moment of the check (the scan's own time for offline scans). */
  now: Date;
  /** The Asia/Tokyo date of `now` (the caller computes it: common/time.ts tokyoDate). */
  today: string;
  /** The Ed25519 check itself; @noble/curves by default (browsers), node:crypto on the server (several times faster). */
  verifySignature?: SignatureCheck;
}

/** Whether `signature` is the Ed25519 signature of `message` under the raw 32-byte `publicKey`. */
export type SignatureCheck = (signature: Uint8Array, message: Uint8Array, publicKey: Uint8Array) => boolean;

export const nobleSignatureCheck: SignatureCheck = (signature, message, publicKey) =>
  ed25519.verify(signature, message, publicKey);

// base64url without padding, no Buffer/atob so it runs the same everywhere.
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const LOOKUP = new Int16Array(128).fill(-1);
for (let i = 0; i < ALPHABET.length; i++) LOOKUP[ALPHABET.charCodeAt(i)] = i;

export function base64urlEncode(bytes: Uint8Array): string {
  const at = (i: number) => bytes[i] as number;
  const ch = (n: number) => ALPHABET.charAt(n);
  let out = '';
  let i = 0;
  for (; i + 2 < bytes.length; i += 3) {
    const n = (at(i) << 16) | (at(i + 1) << 8) | at(i + 2);
    out += ch(n >> 18) + ch((n >> 12) & 63) + ch((n >> 6) & 63) + ch(n & 63);
  }
  const rest = bytes.length - i;
  if (rest === 1) {
    const n = at(i) << 16;
    out += ch(n >> 18) + ch((n >> 12) & 63);
  } else if (rest === 2) {
    const n = (at(i) << 16) | (at(i + 1) << 8);
    out += ch(n >> 18) + ch((n >> 12) & 63) + ch((n >> 6) & 63);
  }
  return out;
}

/** Decodes base64url (no padding); null when it is not valid base64url. */
export function base64urlDecode(text: string): Uint8Array | null {
  if (text.length % 4 === 1) return null;
  const out = new Uint8Array(Math.floor((text.length * 3) / 4));
  let bits = 0;
  let value = 0;
  let o = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    const d = c < 128 ? (LOOKUP[c] as number) : -1;
    if (d < 0) return null;
    value = (value << 6) | d;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out[o++] = (value >> bits) & 255;
    }
  }
  return out.subarray(0, o);
}

const encoder = new TextEncoder();
const decoder = new TextDecoder('utf-8', { fatal: true });
const UNTIMED = 0xffff;
const DAY_MS = 86_400_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const HHMM = /^([01]\d|2[0-3]):([0-5]\d)$/;

function uuidBytes(uuid: string): Uint8Array {
  if (!UUID.test(uuid)) throw new Error(`ticket token: not a UUID: ${uuid}`);
  const hex = uuid.replaceAll('-', '');
  return Uint8Array.from({ length: 16 }, (_, i) => Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16));
}

function uuidText(bytes: Uint8Array): string {
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / DAY_MS;
const dayText = (n: number) => new Date(n * DAY_MS).toISOString().slice(0, 10);

function uint(value: number, max: number, what: string): number {
  if (!Number.isInteger(value) || value < 0 || value > max) throw new Error(`ticket token: ${what} out of range`);
  return value;
}

/** The payload's bytes as signed. Throws on a payload the format cannot carry (a bug of the issuer). */
export function encodePayload(payload: TicketTokenPayload): Uint8Array {
  const kid = encoder.encode(payload.kid);
  uint(kid.length, 255, 'kid length');
  const slot = payload.slot === null ? null : HHMM.exec(payload.slot);
  if (payload.slot !== null && !slot) throw new Error(`ticket token: bad slot ${payload.slot}`);
  const isPass = payload.v === PASS_TOKEN_VERSION;
  if (isPass && payload.slot !== null) throw new Error('ticket token: a pass has no slot');
  for (const date of [payload.date, ...(isPass && payload.from ? [payload.from] : [])]) {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || Number.isNaN(dayNumber(date))) {
      throw new Error(`ticket token: bad date ${date}`);
    }
  }
  const bytes = new Uint8Array(2 + kid.length + 16 + 16 + 4 + 4 + 2 + 2 + 4);
  const view = new DataView(bytes.buffer);
  let o = 0;
  bytes[o++] = uint(payload.v, 255, 'version');
  bytes[o++] = kid.length;
  bytes.set(kid, o);
  o += kid.length;
  bytes.set(uuidBytes(payload.jti), o);
  o += 16;
  bytes.set(uuidBytes(payload.tid), o);
  o += 16;
  view.setUint32(o, uint(payload.park, 0xffffffff, 'park'));
  view.setUint32(o + 4, uint(payload.item, 0xffffffff, 'item'));
  view.setUint16(o + 8, uint(dayNumber(payload.date), 0xffff, 'date'));
  const second = isPass
    ? payload.from
      ? uint(dayNumber(payload.from), 0xfffe, 'from')
      : UNTIMED
    : slot
      ? Number(slot[1]) * 60 + Number(slot[2])
      : UNTIMED;
  view.setUint16(o + 10, second);
  view.setUint32(o + 12, uint(payload.exp, 0xffffffff, 'exp'));
  return bytes;
}

/** Reads payload bytes; null when they are not a payload of this version. */
function decodePayload(bytes: Uint8Array): TicketTokenPayload | null {
  const version = bytes[0];
  if (bytes.length < 2 || (version !== TOKEN_VERSION && version !== PASS_TOKEN_VERSION)) return null;
  const kidLength = bytes[1] as number;
  if (bytes.length !== 2 + kidLength + 48) return null;
  let kid: string;
  try {
    kid = decoder.decode(bytes.subarray(2, 2 + kidLength));
  } catch {
    return null;
  }
  const o = 2 + kidLength;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const second = view.getUint16(o + 42);
  const common = {
    kid,
    jti: uuidText(bytes.subarray(o, o + 16)),
    tid: uuidText(bytes.subarray(o + 16, o + 32)),
    park: view.getUint32(o + 32),
    item: view.getUint32(o + 36),
    date: dayText(view.getUint16(o + 40)),
    exp: view.getUint32(o + 44),
  };
  if (version === PASS_TOKEN_VERSION) {
    const from = second === UNTIMED ? null : dayText(second);
    if (from !== null && from > common.date) return null;
    return { v: PASS_TOKEN_VERSION, ...common, slot: null, from };
  }
  if (second !== UNTIMED && second >= 24 * 60) return null;
  const pad = (n: number) => String(n).padStart(2, '0');
  return {
    v: TOKEN_VERSION,
    ...common,
    slot: second === UNTIMED ? null : `${pad(Math.floor(second / 60))}:${pad(second % 60)}`,
  };
}

/** Joins signed payload bytes and their signature into the compact token. */
export function joinToken(payloadBytes: Uint8Array, signature: Uint8Array): string {
  return `${base64urlEncode(payloadBytes)}.${base64urlEncode(signature)}`;
}

/** Signs a payload with a raw 32-byte Ed25519 secret key (the server may sign with node:crypto instead: same bytes). */
export function signTicketToken(payload: TicketTokenPayload, secretKey: Uint8Array): string {
  const bytes = encodePayload(payload);
  return joinToken(bytes, ed25519.sign(bytes, secretKey));
}

/** End of a Tokyo day (YYYY-MM-DD) as unix seconds: the next day's 00:00 at +09:00. */
export function endOfTokyoDay(date: string): number {
  return Math.floor(Date.parse(`${date}T00:00:00+09:00`) / 1000) + 86_400;
}

/** Reads a token's payload WITHOUT checking it (display, routing a scan to its park). Null when malformed. */
export function decodeTicketToken(token: string): TicketTokenPayload | null {
  const dot = token.indexOf('.');
  if (dot <= 0 || token.indexOf('.', dot + 1) !== -1) return null;
  const bytes = base64urlDecode(token.slice(0, dot));
  return bytes ? decodePayload(bytes) : null;
}

const keyCache = new Map<string, Uint8Array | null>();
function publicKeyBytes(b64: string): Uint8Array | null {
  let key = keyCache.get(b64);
  if (key === undefined) {
    const raw = base64urlDecode(b64);
    key = raw && raw.length === 32 ? raw : null;
    if (keyCache.size > 1000) keyCache.clear();
    keyCache.set(b64, key);
  }
  return key;
}

/** Whether a decoded token is a member card (an annual pass) rather than a day ticket. */
export const isPassToken = (payload: TicketTokenPayload): boolean => payload.v === PASS_TOKEN_VERSION;

/**
 * Checks a token: well-formed, signed by a key of its park that is known (and not retired at `now`), not
 * revoked, not expired, and for today (Asia/Tokyo): a ticket for another day is refused. A ticket's park must be
 * the gate's; a pass's park one of `passParkIds`, and today within its term (not before `from`, not after its last
 * day). Whether the pass has started at all, or is suspended, is for the caller (the holder list knows).
 */
export function verifyTicketToken(token: string, context: VerifyContext): VerifyResult {
  const dot = token.indexOf('.');
  if (dot <= 0) return { ok: false, reason: 'malformed' };
  const payload = decodeTicketToken(token);
  const signature = base64urlDecode(token.slice(dot + 1));
  if (!payload || !signature || signature.length !== 64) return { ok: false, reason: 'malformed' };
  const pass = isPassToken(payload);
  const parks = pass ? (context.passParkIds ?? [context.parkId]) : [context.parkId];
  if (!parks.includes(payload.park)) return { ok: false, reason: 'wrongPark' };
  const key = context.keys.find((k) => k.kid === payload.kid && k.parkId === payload.park);
  if (!key || (key.retiredAt && Date.parse(key.retiredAt) <= context.now.getTime())) {
    return { ok: false, reason: 'unknownKey' };
  }
  const publicKey = publicKeyBytes(key.publicKey);
  const payloadBytes = base64urlDecode(token.slice(0, dot));
  let valid = false;
  try {
    const check = context.verifySignature ?? nobleSignatureCheck;
    valid = publicKey !== null && payloadBytes !== null && check(signature, payloadBytes, publicKey);
  } catch {
    valid = false;
  }
  if (!valid) return { ok: false, reason: 'badSignature' };
  if (context.isRevoked?.(payload.jti)) return { ok: false, reason: 'revoked' };
  if (context.now.getTime() >= payload.exp * 1000) return { ok: false, reason: 'expired' };
  if (pass) {
    if (payload.from && context.today < payload.from) return { ok: false, reason: 'notYetValid' };
    if (context.today > payload.date) return { ok: false, reason: 'expired' };
    return { ok: true, payload };
  }
  if (payload.date !== context.today) return { ok: false, reason: 'wrongDay' };
  return { ok: true, payload };
}
