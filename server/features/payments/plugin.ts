// The payments plugin: API routes, the sandboxes (DEMO=true, for providers without credentials)
// and the sandboxes' notification pump while the server runs. The order side installs its outcome handler
// on `server.app.paymentOutcome` (server.ts) before this plugin registers.
import type { Plugin } from '@hapi/hapi';
import { paymentRoutes } from './routes';
import { sandboxRoutes } from './sandbox';
import { startNotificationPump } from './sandbox/notifications';

export const paymentsPlugin: Plugin<void> = {
  name: 'payments',
  dependencies: ['db', 'auth', 'errors'],
  register(server) {
    const config = server.app.config;
    server.route(paymentRoutes);
    const sandboxes = sandboxRoutes(config);
    if (sandboxes.length === 0) return;
    server.route(sandboxes);
    const interval = config.payments.sandboxNotifyIntervalMs;
    if (interval > 0) {
      let stop: (() => void) | null = null;
      server.ext('onPostStart', () => {
        stop = startNotificationPump(server.app.knex, config, interval, (err) =>
          server.log(['payments', 'sandbox', 'error'], err as Error),
        );
      });
      server.ext('onPreStop', () => {
        stop?.();
      });
    }
  },
};
