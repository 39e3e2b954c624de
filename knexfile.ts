// Knex CLI configuration. Run it through tsx, e.g.
//   node --import tsx node_modules/knex/bin/cli.js migrate:latest --knexfile knexfile.ts
// `npm start` migrates from code (server/db/migrate.ts); this file is for manual use.
import type { Knex } from 'knex';
import ClientPgLite from 'knex-pglite';
import { createPglite } from './server/db/knex';
import { migrationConfig } from './server/db/migrate';

const databaseUrl = process.env.DATABASE_URL;

const config: Knex.Config = databaseUrl
  ? { client: 'pg', connection: databaseUrl, migrations: migrationConfig() }
  : {
      client: ClientPgLite,
      dialect: 'postgres',
      connection: { pglite: createPglite(process.env.DATA_DIR ?? './data') } as unknown as Knex.StaticConnectionConfig,
      migrations: migrationConfig(),
    };

export default config;
