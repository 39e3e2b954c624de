import type { Server } from '@hapi/hapi';
import { loadConfig } from '../config';
import { createServer } from '../server';
import { createTestDb, type TestDb } from './testDb';

export interface TestContext {
  server: Server;
  db: TestDb;
  close(): Promise<void>;
}

/** A server on a fresh cloned database, for `server.inject` integration tests. */
export async function createTestServer(env: Record<string, string> = {}): Promise<TestContext> {
  const db = await createTestDb();
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    PORT: '0',
    CATALOGUE_CACHE_MS: '0',
    ...env,
  });
  const server = await createServer(config, { knex: db.knex, closeDbOnStop: false });
  await server.initialize();
  return {
    server,
    db,
    async close() {
      await server.stop();
      await db.drop();
    },
  };
}
