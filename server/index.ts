// Start script: validate configuration, migrate and seed the database, then listen.
import { pathToFileURL } from 'node:url';
import type { Server } from '@hapi/hapi';
import { ConfigError, demoConveniences, loadConfig } from './config';
import { createKnex } from './db/knex';
import { migrateLatest } from './db/migrate';
import { setRoleTimeoutDefaults } from './db/poolerDefaults';
import { createServer } from './server';

/** Starts the app; the browser-test harness (e2e/support/serve.ts) calls it to reach the running server. */
export async function main(): Promise<Server> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const knex = createKnex({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    poolMax: config.dbPoolMax,
    pooler: config.databasePooler,
  });
  if (config.databasePooler === 'pgbouncer') await setRoleTimeoutDefaults(knex);
  const applied = await migrateLatest(knex);
  if (applied.length) console.log(`migrated: ${applied.join(', ')}`);
  if (process.env.SEED !== 'false') {
    const { seed } = await import('../seeds/index');
    await seed(knex);
  }
  const server = await createServer(config, { knex });
  if (config.demo && config.social.startLocalProvider && config.social.localIssuer) {
    // The demo without real provider credentials: a local OpenID Connect provider plays Google, LINE and Mirairo ID.
    const { startLocalOidc } = await import('./features/auth/localOidc');
    const oidc = await startLocalOidc({
      issuer: config.social.localIssuer,
      port: config.social.localOidcPort,
      publicUrl: config.publicUrl,
      cookieSecret: config.appSecret,
    });
    server.ext('onPostStop', () => new Promise<void>((resolve) => oidc.close(() => resolve())));
  }
  await server.start();
  if (config.statusPort) {
    // The waiting room's status poll on its own thread and port (statusWorker.ts, deploy/haproxy.cfg).
    const { startStatusWorker } = await import('./statusWorker');
    const worker = startStatusWorker(config, (msg, err) =>
      err ? server.logger.error({ err }, msg) : server.logger.warn(msg),
    );
    await worker.started;
    server.ext('onPreStop', () => worker.stop());
  }
  // One line that says what the demo switched on (never printed without DEMO=true).
  const demo = demoConveniences(config);
  if (demo.length) console.log(`DEMO=true, not for production: ${demo.join('; ')}`);
  server.logger.info(
    { url: server.info.uri, database: config.databaseUrl ? 'postgresql' : `pglite:${config.dataDir}` },
    'server started',
  );
  const stop = async (signal: string) => {
    server.logger.info({ signal }, 'stopping');
    await server.stop({ timeout: 10_000 });
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
  return server;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
