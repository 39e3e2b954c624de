// The sandboxes this server runs: with DEMO=true only, one per provider without real credentials.
import type { ServerRoute } from '@hapi/hapi';
import type { Config } from '../../../config';
import { gmoSandboxRoutes } from './gmo';
import { merpaySandboxRoutes } from './merpay';
import { deliverDueNotifications } from './notifications';
import { paypaySandboxRoutes } from './paypay';

export function enabledSandboxes(config: Config): ('gmo' | 'paypay' | 'merpay')[] {
  if (!config.demo) return [];
  const { gmo, paypay, merpay } = config.payments;
  return [gmo?.sandbox && 'gmo', paypay?.sandbox && 'paypay', merpay?.sandbox && 'merpay'].filter(
    (x): x is 'gmo' | 'paypay' | 'merpay' => typeof x === 'string',
  );
}

export function sandboxRoutes(config: Config): ServerRoute[] {
  const enabled = enabledSandboxes(config);
  if (enabled.length === 0) return [];
  return [
    ...(enabled.includes('gmo') ? gmoSandboxRoutes(config) : []),
    ...(enabled.includes('paypay') ? paypaySandboxRoutes(config) : []),
    ...(enabled.includes('merpay') ? merpaySandboxRoutes(config) : []),
    {
      method: 'POST',
      path: '/sandbox/notifications/deliver',
      options: { auth: false, description: 'Deliver every pending sandbox notification now (tests, development)' },
      async handler(request) {
        const delivered = await deliverDueNotifications(request.server.app.knex, config, { all: true });
        return { delivered };
      },
    },
  ];
}
