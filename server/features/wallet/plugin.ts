// The wallet feature: My Tickets, ticket tokens and keys, usage marks, gate scans, cancellation and sharing.
import type { Plugin } from '@hapi/hapi';
import { walletRoutes } from './routes';

export const walletPlugin: Plugin<void> = {
  name: 'wallet',
  dependencies: ['db', 'auth', 'errors'],
  register(server) {
    server.route(walletRoutes);
  },
};
