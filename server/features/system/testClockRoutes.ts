// The test clock (server/lib/clock.ts) over HTTP, registered only with NODE_ENV=test: the e2e harness and tests
// that drive a running server move it, then run the jobs (`run_jobs`) as they would run at that time.
import type { ServerRoute } from '@hapi/hapi';
import Joi from 'joi';
import { dateTime, envelope, shape } from '../../lib/responses';
import { fields, optional, route } from '../../lib/typedInput';

// The new time, and with run_jobs what each job answered (by job name: the jobs' own results, unchecked).
const CLOCK_ANSWER = {
  status: { 200: envelope(shape({ now: dateTime(), jobs: Joi.object().unknown(true).optional() }), Joi.object({})) },
};

export const testClockRoutes: ServerRoute[] = [
  route({
    method: 'POST',
    path: '/api/test/clock',
    options: {
      response: CLOCK_ANSWER,
      auth: false,
      tags: ['api', 'test'],
      description:
        'Test servers only (NODE_ENV=test): set the clock to `at`, or move it by `advance_ms`, or back to real time (`reset`); with `run_jobs`, run the sweeps and every due job at the new time',
      validate: {
        payload: fields({
          at: optional(Joi.date().iso()),
          advance_ms: optional(Joi.number().integer().min(-31_536_000_000).max(31_536_000_000)),
          reset: optional(Joi.boolean()),
          run_jobs: Joi.boolean().default(false),
        }).oxor('at', 'advance_ms', 'reset'),
      },
    },
    async handler(request) {
      const clock = request.server.app.testClock;
      if (!clock) throw new Error('no test clock');
      const p = request.payload;
      const now = p.at
        ? clock.set(p.at)
        : p.advance_ms
          ? clock.advance(p.advance_ms)
          : p.reset
            ? clock.reset()
            : clock.now();
      const jobs = p.run_jobs ? await request.server.plugins.jobs.runOnce(now) : undefined;
      return { data: { now: now.toISOString(), jobs }, meta: {} };
    },
  }),
];
