import { createServer as createNetServer } from 'node:net';
import type { Server } from '@hapi/hapi';
import { loadConfig } from '../config';
import { createServer } from '../server';
import { recordAnswers } from './contract';
import { createTestDb, type TestDb } from './testDb';

export interface TestContext {
  server: Server;
  db: TestDb;
  close(): Promise<void>;
}

/**
 * A server on a fresh cloned database, for `server.inject` integration tests. With DEMO=true (the tests use the
 * sandboxes, the mail viewer and local sign-in) unless `env` says `DEMO: 'false'` (then give an APP_SECRET).
 */
export async function createTestServer(env: Record<string, string> = {}): Promise<TestContext> {
  const db = await createTestDb();
  const config = loadConfig({
    NODE_ENV: 'test',
    DEMO: 'true',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    PORT: '0',
    CATALOGUE_CACHE_MS: '0',
    // The identity tests play many clients through X-Forwarded-For.
    TRUST_PROXY: 'true',
    ...env,
  });
  const server = await createServer(config, { knex: db.knex, closeDbOnStop: false });
  // The OpenAPI contract: every answer the suite sees must be in the document (server/test/contract.ts).
  const recorder = recordAnswers(server);
  await server.initialize();
  return {
    server,
    db,
    async close() {
      let problems: string[] = [];
      try {
        problems = await recorder.verify();
      } finally {
        await server.stop();
        await db.drop();
      }
      if (problems.length)
        throw new Error(`answers outside the OpenAPI document (${problems.length}):\n  ${problems.join('\n  ')}`);
    },
  };
}

/** A free local port, for tests that start the server listening (payment sandboxes call it back over HTTP). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createNetServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

/**
 * A test server on a free local port, with its base URL, for tests over real HTTP (the payment sandboxes call the
 * server back). Not started yet: set what the test needs, then `server.start()`.
 */
export async function createHttpTestServer(env: Record<string, string> = {}): Promise<TestContext & { base: string }> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const ctx = await createTestServer({
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: base,
    SANDBOX_NOTIFY_INTERVAL_MS: '0',
    // The tests run the jobs themselves (runOnce): no worker of this server takes them meanwhile.
    HOLD_SWEEP_INTERVAL_MS: '0',
    ...env,
  });
  return { ...ctx, base };
}
