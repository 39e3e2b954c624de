// Small helpers shared by the seed and the art generator: deterministic ids, hashing, Tokyo dates.
import { createHash } from 'node:crypto';
import { addDays, tokyoDate } from '../common/time';

export { addDays, tokyoDate };

/** A UUID-shaped id (version nibble 5, RFC 4122 variant) derived from `kind:code`, stable across re-seeds. */
export function deterministicUuid(kind: string, code: string): string {
  const h = createHash('sha1').update(`zoo-tickets:${kind}:${code}`).digest();
  h[6] = ((h[6] ?? 0) & 0x0f) | 0x50;
  h[8] = ((h[8] ?? 0) & 0x3f) | 0x80;
  const hex = h.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

/** A stable 32-bit hash of a string (FNV-1a), for deterministic variety in seed data and art. */
export function hash32(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** A deterministic pseudo-random generator (mulberry32) seeded from a string. */
export function rng(seedText: string): () => number {
  let a = hash32(seedText);
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** An instant `days` days after the Tokyo date `date` at HH:MM Tokyo time, as an ISO string with +09:00. */
export function tokyoInstant(date: string, days: number, time = '10:00'): string {
  return `${addDays(date, days)}T${time}:00+09:00`;
}

/** Split an array into chunks of at most `size` rows. */
export function chunk<T>(rows: readonly T[], size = 200): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}
