// How far the queue has been let in: `admitted` places at `admitted_at`, then `rate` more per second unless paused.
// Pure arithmetic on the room's row, so the status answer needs no write and every instance agrees (the DB is the
// truth; a pause or a new rate rebases `admitted` to the frontier of that moment).

export interface RoomRow {
  id: number;
  itemId: number;
  opensAt: Date;
  closesAt: Date | null;
  seed: string;
  seedHash: string;
  state: 'prequeue' | 'open';
  paused: boolean;
  rate: number;
  admitted: number;
  admittedAt: Date | null;
  nextPosition: number;
  earlyCount: number;
  tokenMinutes: number;
  /** The staff's maximum rate; null: `rate` is fixed. */
  maxRate: number | null;
  /** Opened by the high-demand trigger. */
  auto: boolean;
  /** When staff last resumed it after a pause (the adaptive rate measures from then). */
  resumedAt: Date | null;
}

export function frontier(room: RoomRow, now: Date): number {
  if (room.state !== 'open' || !room.admittedAt) return 0;
  const since = room.paused ? 0 : Math.max(0, now.getTime() - room.admittedAt.getTime()) / 1000;
  return Math.min(room.nextPosition, room.admitted + Math.floor(since * room.rate));
}

/** Seconds until `position` is let in at the current rate; null while paused (no honest estimate). */
export function estimateSeconds(room: RoomRow, position: number, now: Date): number | null {
  const ahead = position - frontier(room, now);
  if (ahead <= 0) return 0;
  if (room.paused || room.rate <= 0) return null;
  return Math.ceil(ahead / room.rate);
}

export const isActive = (room: RoomRow, now: Date) => !room.closesAt || now < room.closesAt;

/** The slowest a room with people waiting lets in (per second): never stuck at 0 while the stock path is idle. */
export const MIN_RATE = 0.2;

/**
 * The next admission rate from what the stock path took over the last interval (`holdsPerSecond`: successful
 * holds on the item): when the holds keep up with the admissions (at least 80 %), the rate grows by half; when
 * they fall behind, it drops to what was taken. Always within [min(MIN_RATE, max), max].
 */
export function adaptRate(current: number, maxRate: number, holdsPerSecond: number): number {
  const floor = Math.min(MIN_RATE, maxRate);
  const next = holdsPerSecond >= 0.8 * current ? current * 1.5 : holdsPerSecond;
  return Math.round(Math.min(maxRate, Math.max(floor, next)) * 1000) / 1000;
}

/** Over how many seconds after the opening the pre-queue's first polls are spread (pollAfterSeconds). */
export const OPENING_SPREAD_SECONDS = 10;

/**
 * How long a visitor's page should wait before polling again (the status answer's Retry-After): a quarter of the
 * estimate, between 2 and 30 seconds; 15 while paused; in the pre-queue 30, and in its last half-minute until the
 * opening plus up to OPENING_SPREAD_SECONDS. `spread` (0 <= spread < 1, drawn per answer; 0.5 for none) moves each
 * wait within a fifth either way and picks the second after the opening: told the same wait, a crowd kept polling in
 * the same second: the whole pre-queue at the opening (bench:waiting-room: 3,000 polls, p50 0.3 s while the opening
 * ranked them) and everyone moved by a stopped instance, every 30 s after. The pre-queue's order is drawn, so when
 * in those seconds a visitor asks changes when they see their place, not where it is.
 */
export function pollAfterSeconds(
  room: RoomRow,
  place: { estimateSeconds: number | null; admitted: boolean } | null,
  now: Date,
  spread = 0.5,
): number {
  const within = (seconds: number) => Math.max(2, Math.min(30, Math.round(seconds * (0.8 + 0.4 * spread))));
  if (room.state === 'prequeue') {
    const toOpening = Math.ceil((room.opensAt.getTime() - now.getTime()) / 1000);
    if (toOpening > 30) return within(30);
    return Math.max(2, toOpening + Math.floor(spread * OPENING_SPREAD_SECONDS));
  }
  if (room.paused) return within(15);
  if (!place || place.admitted || place.estimateSeconds === null) return 5;
  return within(Math.ceil(place.estimateSeconds / 4));
}
