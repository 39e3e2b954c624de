// A local OpenID Connect provider (oidc-provider) standing in for Google, LINE and Mirairo ID in the demo
// (DEMO=true, started by server/index.ts) and tests, so the whole redirect flow runs for real. Its login page accepts any name: the login becomes the subject,
// and an e-mail is derived from it unless the login already is one.
import { createServer, type Server } from 'node:http';
import Provider from 'oidc-provider';
import { LOCAL_OIDC_CLIENT_SECRET } from '../../config';

export const SOCIAL_PROVIDERS = ['google', 'line', 'mirairo'] as const;
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number];

export function localClaims(login: string) {
  const sub = login.trim().toLowerCase();
  const email = sub.includes('@') ? sub : `${sub.replace(/[^a-z0-9._-]/g, '') || 'user'}@example.com`;
  const name = sub.split('@')[0] ?? sub;
  return { sub, email, email_verified: true, name };
}

export function createLocalOidc(issuer: string, publicUrl: string, cookieSecret: string) {
  const provider = new Provider(issuer, {
    clients: SOCIAL_PROVIDERS.map((name) => ({
      client_id: `${name}-local`,
      client_secret: LOCAL_OIDC_CLIENT_SECRET,
      redirect_uris: [`${publicUrl}/api/v1/auth/social/${name}/connect`],
      grant_types: ['authorization_code'],
      response_types: ['code'],
      token_endpoint_auth_method: 'client_secret_post',
    })),
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    cookies: { keys: [cookieSecret] },
    features: { devInteractions: { enabled: true } },
    pkce: { required: () => false },
    async findAccount(_ctx, id) {
      return { accountId: id, claims: async () => localClaims(id) };
    },
    // First-party stand-in: grant the requested scopes without a consent screen.
    async loadExistingGrant(ctx) {
      const session = ctx.oidc.session;
      const client = ctx.oidc.client;
      if (!session?.accountId || !client) return undefined;
      const grant = new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId: session.accountId });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
  });
  provider.proxy = true;
  return provider;
}

export async function startLocalOidc(options: {
  issuer: string;
  port: number;
  publicUrl: string;
  cookieSecret: string;
}): Promise<Server> {
  const provider = createLocalOidc(options.issuer, options.publicUrl, options.cookieSecret);
  const server = createServer(provider.callback());
  await new Promise<void>((resolve) => server.listen(options.port, '127.0.0.1', resolve));
  return server;
}
