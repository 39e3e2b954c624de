import type { Plugin } from '@hapi/hapi';
import type { Knex } from 'knex';
import { Model } from 'objection';

/** Binds Objection to the knex instance and closes it when the server stops. */
export const dbPlugin: Plugin<{ knex: Knex; closeOnStop?: boolean }> = {
  name: 'db',
  register(server, options) {
    server.app.knex = options.knex;
    Model.knex(options.knex);
    if (options.closeOnStop !== false) {
      server.ext('onPostStop', async () => {
        await options.knex.destroy();
      });
    }
  },
};
