// Apple and Google Wallet passes: the routes, the signing material, the push adapters (local stand-ins unless
// production ones are given) and a sweep that pushes ticket changes to registered wallets.
import type { Plugin } from '@hapi/hapi';
import { type ApnsAdapter, type GoogleWalletAdapter, LocalApns, LocalGoogleWallet } from './adapters';
import { ApnsHttp2 } from './apnsHttp2';
import { type WalletPassConfig, walletPassConfig } from './certificates';
import { GoogleWalletRest } from './googleRest';
import { walletPassRoutes } from './routes';
import { pushChanges } from './services/pushChanges';

export interface WalletPassesApi {
  /** The signing material (made locally on first call when none is configured). */
  config(): WalletPassConfig;
  apns: ApnsAdapter;
  google: GoogleWalletAdapter;
  /** One sweep: pushes and PATCHes for tickets changed since last told. */
  pushChanges(): Promise<{ pushed: number; patched: number; failed: number }>;
}

declare module '@hapi/hapi' {
  interface PluginProperties {
    walletPasses: WalletPassesApi;
  }
}

export const walletPassesPlugin: Plugin<{ apns?: ApnsAdapter; google?: GoogleWalletAdapter } | undefined> = {
  name: 'walletPasses',
  dependencies: ['db', 'auth', 'errors'],
  register(server, options) {
    let made: WalletPassConfig | undefined;
    const config = () => {
      made ??= walletPassConfig(process.env, server.app.config.dataDir);
      return made;
    };
    // Real pass certificates (WALLET_APPLE_CERT) push through Apple; the demo and tests record locally.
    const apns = options?.apns ?? (process.env.WALLET_APPLE_CERT ? new ApnsHttp2(config().apple) : new LocalApns());
    // A real service account (WALLET_GOOGLE_KEY) talks to Google's REST API; the demo and tests record locally.
    const google =
      options?.google ??
      (process.env.WALLET_GOOGLE_KEY ? new GoogleWalletRest(config().google) : new LocalGoogleWallet());
    const sweep = () =>
      pushChanges(
        server.app.knex,
        { apns, google },
        {
          appSecret: server.app.config.appSecret,
          now: server.app.clock.now(),
          publicUrl: server.app.config.publicUrl,
          wallet: config(),
        },
      );
    // One by one: expose(object) would merge copies, and tests read the stand-ins' records.
    const api: WalletPassesApi = { config, apns, google, pushChanges: sweep };
    for (const [key, value] of Object.entries(api)) server.expose(key, value);
    server.route(walletPassRoutes(config));
    // A change reaches the wallets within the interval (WALLET_PUSH_INTERVAL_MS, 0: only when called).
    const every = Number(process.env.WALLET_PUSH_INTERVAL_MS ?? 30_000);
    if (every > 0) {
      let timer: NodeJS.Timeout | undefined;
      server.ext('onPostStart', () => {
        timer = setInterval(() => sweep().catch((err) => server.log(['error', 'walletPasses'], err)), every);
        timer.unref();
      });
      server.ext('onPreStop', () => clearInterval(timer));
    }
  },
};
