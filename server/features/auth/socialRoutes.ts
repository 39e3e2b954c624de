import Bell from '@hapi/bell';
import type { Plugin, Request, ResponseToolkit } from '@hapi/hapi';
import { answers } from '../../lib/routeKit';
import { SOCIAL_PROVIDERS } from './localOidc';
import { storeSocialHandoff } from './services/socialHandoff';
import { bellOptions, profileFromCredentials } from './socialProviders';

/**
 * Social sign-in through @hapi/bell: GET /api/v1/auth/social/{provider}/connect runs the OAuth 2.0 / OpenID
 * Connect redirect; on return the identity is stored and the browser goes to /{provider}/callback with a
 * short-lived social user id.
 */
export const socialPlugin: Plugin<void> = {
  name: 'social',
  dependencies: ['db'],
  async register(server) {
    await server.register(Bell);
    for (const provider of SOCIAL_PROVIDERS) {
      const options = bellOptions(server.app.config, provider);
      if (!options) continue;
      server.auth.strategy(`bell-${provider}`, 'bell', options);
      server.route({
        method: ['GET', 'POST'],
        path: `/api/v1/auth/social/${provider}/connect`,
        options: {
          auth: { strategy: `bell-${provider}`, mode: 'try' },
          plugins: answers({ 200: null, 302: 'To the provider, or back to the app with the result' }),
          tags: ['api', 'auth'],
          description: `OAuth redirect and callback for ${provider}`,
        },
        async handler(request: Request, h: ResponseToolkit) {
          const intent = String(
            (request.auth.credentials as { query?: { intent?: string } } | null)?.query?.intent ?? 'login',
          );
          if (!request.auth.isAuthenticated) {
            request.log(['warn', 'social'], request.auth.error?.message ?? 'social sign-in failed');
            return h.redirect(`/signin?social_error=${provider}`);
          }
          const profile = profileFromCredentials((request.auth.credentials as { profile?: unknown }).profile);
          const handoff = await storeSocialHandoff(server.app.knex, provider, profile);
          // Linking (a signed-in user adding a disability ID) finishes on the settings page: the callback page
          // is for guests only.
          if (intent === 'link') return h.redirect(`/me/settings?mirairo_link=${handoff}`);
          const safeIntent = intent === 'register' ? 'register' : 'login';
          return h.redirect(`/${provider}/callback?social_user_id=${handoff}&intent=${safeIntent}`);
        },
      });
    }
  },
};
