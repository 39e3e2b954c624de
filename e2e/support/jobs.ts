// The browser-test harness runs the server's background jobs on demand (e2e/support/serve.ts), as if at a later
// time, so a test sees what happens after a deadline (hold expiry, share expiry, ...) without waiting for it.
import { type APIRequestContext, expect } from '@playwright/test';

const JOBS = `http://127.0.0.1:${process.env.E2E_MAIL_PORT ?? 4026}/jobs`;

/**
 * Runs every background job once as if it were `at`; with `only`, just those sweeps (then the queued jobs): a time
 * days ahead must name its sweep, or it draws the lotteries and expires the holds of the specs that follow.
 */
export async function runJobsAt(request: APIRequestContext, at: Date, only?: readonly string[]): Promise<void> {
  const query = `at=${encodeURIComponent(at.toISOString())}${only ? `&only=${only.join(',')}` : ''}`;
  const ran = await request.post(`${JOBS}?${query}`);
  expect(ran.status(), await ran.text()).toBe(200);
}
