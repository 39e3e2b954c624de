// The browser-test harness runs the server's background jobs on demand (e2e/support/serve.ts), as if at a later
// time, so a test sees what happens after a deadline (hold expiry, share expiry, ...) without waiting for it.
import { type APIRequestContext, expect } from '@playwright/test';

const JOBS = `http://127.0.0.1:${process.env.E2E_MAIL_PORT ?? 4026}/jobs`;

/** Runs every background job once as if it were `at`. */
export async function runJobsAt(request: APIRequestContext, at: Date): Promise<void> {
  const ran = await request.post(`${JOBS}?at=${encodeURIComponent(at.toISOString())}`);
  expect(ran.status(), await ran.text()).toBe(200);
}
