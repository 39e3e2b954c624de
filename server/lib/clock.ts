// The time the server acts on. In production the system clock; with NODE_ENV=test a clock that tests and the e2e
// harness move forward on a running server (POST /api/test/clock), so a hold, a payment window or a coin expiry
// can be seen ending without waiting for it and without rewriting rows by SQL. Never movable in production.
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

export class TestClock implements Clock {
  private offsetMs = 0;

  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }

  /** Moves the clock to `at` (forward or back); it keeps running from there. */
  set(at: Date): Date {
    this.offsetMs = at.getTime() - Date.now();
    return this.now();
  }

  advance(ms: number): Date {
    this.offsetMs += ms;
    return this.now();
  }

  reset(): Date {
    this.offsetMs = 0;
    return this.now();
  }
}
