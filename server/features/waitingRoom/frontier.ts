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

/**
 * How long a visitor's page should wait before polling again (the status answer's Retry-After): a quarter of the
 * estimate, between 2 and 30 seconds; 15 while paused; 2 in the pre-queue's last half-minute.
 */
export function pollAfterSeconds(
  room: RoomRow,
  place: { estimateSeconds: number | null; admitted: boolean } | null,
  now: Date,
): number {
  if (room.state === 'prequeue') {
    const toOpening = (room.opensAt.getTime() - now.getTime()) / 1000;
    return Math.max(2, Math.min(30, Math.ceil(toOpening)));
  }
  if (room.paused) return 15;
  if (!place || place.admitted || place.estimateSeconds === null) return 5;
  return Math.max(2, Math.min(30, Math.ceil(place.estimateSeconds / 4)));
}
