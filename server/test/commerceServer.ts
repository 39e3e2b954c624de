// One listening test server with a real SMTP sink for a commerce test file: started before its tests, closed after,
// with the sandboxes' HTTP flow, the test clock and the jobs hook at hand.
import { afterAll, beforeAll } from 'vitest';
import { commerce } from './commerceFixtures';
import { sandboxFlow } from './sandboxFlow';
import { startSmtp } from './smtp';
import { createHttpTestServer, type TestContext } from './testServer';

export function commerceServer() {
  let ctx: TestContext;
  let base = '';
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  beforeAll(async () => {
    smtp = await startSmtp();
    const listening = await createHttpTestServer({ SMTP_URL: smtp.url, HOLD_SWEEP_INTERVAL_MS: '0' });
    ctx = listening;
    base = listening.base;
    await ctx.server.start();
  });
  afterAll(async () => {
    await ctx?.close();
    await smtp?.close();
  });
  const c = commerce(() => ctx);
  return {
    c,
    ctx: () => ctx,
    smtp: () => smtp,
    flow: sandboxFlow(() => base, c),
    clock: () => ctx.server.app.testClock as NonNullable<typeof ctx.server.app.testClock>,
    runJobs: () => ctx.server.plugins.jobs.runOnce(),
  };
}
