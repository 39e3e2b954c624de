import type { Plugin } from '@hapi/hapi';
import type { Knex } from 'knex';
import { Model } from 'objection';
import { createReadRouter } from '../db/readReplica';

/**
 * Binds Objection to the knex instance, routes stale-tolerant reads to the replica when one is configured and
 * fresh (server.app.reads), and closes both when the server stops.
 */
export const dbPlugin: Plugin<{
  knex: Knex;
  closeOnStop?: boolean;
  replicaUrl?: string | undefined;
  replicaMaxLagMs?: number;
}> = {
  name: 'db',
  register(server, options) {
    server.app.knex = options.knex;
    Model.knex(options.knex);
    const reads = createReadRouter({
      primary: options.knex,
      replicaUrl: options.replicaUrl,
      ...(options.replicaMaxLagMs !== undefined ? { maxLagMs: options.replicaMaxLagMs } : {}),
    });
    server.app.reads = reads;
    server.ext('onPostStop', async () => {
      await reads.stop();
      if (options.closeOnStop !== false) await options.knex.destroy();
    });
  },
};
