import type { Config, OAuthProviderConfig } from '../../config';
import type { SocialProvider } from './localOidc';

export interface SocialProfile {
  id: string;
  email: string | null;
  name: string | null;
}

type Get = (uri: string, params?: Record<string, string>) => Promise<Record<string, unknown>>;

// Real endpoints when no local stand-in is configured.
const LINE = {
  auth: 'https://access.line.me/oauth2/v2.1/authorize',
  token: 'https://api.line.me/oauth2/v2.1/token',
};

function decodeIdToken(idToken: unknown): Record<string, unknown> {
  if (typeof idToken !== 'string') return {};
  const payload = idToken.split('.')[1];
  if (!payload) return {};
  // The id_token comes straight from the token endpoint over our own TLS connection (OIDC core 3.1.3.7).
  return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
}

function toProfile(claims: Record<string, unknown>): SocialProfile {
  return {
    id: String(claims.sub ?? claims.userId ?? ''),
    email: typeof claims.email === 'string' ? claims.email.toLowerCase() : null,
    name:
      typeof claims.name === 'string'
        ? claims.name
        : typeof claims.displayName === 'string'
          ? claims.displayName
          : null,
  };
}

/** An OAuth 2.0 / OpenID Connect provider for bell (code flow with PKCE). */
function oidcProvider(name: string, p: { auth: string; token: string; userinfo?: string }) {
  return {
    name,
    protocol: 'oauth2' as const,
    useParamsAuth: true,
    pkce: 'S256' as const,
    auth: p.auth,
    token: p.token,
    scope: ['openid', 'email', 'profile'],
    scopeSeparator: ' ',
    async profile(credentials: { profile?: unknown }, params: Record<string, unknown>, get: Get) {
      const claims = p.userinfo ? await get(p.userinfo) : decodeIdToken(params.id_token);
      credentials.profile = toProfile({ ...decodeIdToken(params.id_token), ...claims });
    },
  };
}

/** bell settings for one provider, or null when it is not configured. */
export function bellOptions(config: Config, provider: SocialProvider) {
  const settings: OAuthProviderConfig | undefined = config.social[provider];
  if (!settings) return null;
  const common = {
    password: config.appSecret.padEnd(32, '!'),
    clientId: settings.clientId,
    clientSecret: settings.clientSecret,
    isSecure: new URL(config.publicUrl).protocol === 'https:',
    location: config.publicUrl,
    cookie: `bell-${provider}`,
    ttl: 10 * 60 * 1000,
  };
  if (settings.authUrl && settings.tokenUrl) {
    return {
      ...common,
      provider: oidcProvider(provider, {
        auth: settings.authUrl,
        token: settings.tokenUrl,
        userinfo: settings.userinfoUrl,
      }),
    };
  }
  if (provider === 'google') return { ...common, provider: 'google' };
  if (provider === 'line') return { ...common, provider: oidcProvider('line', LINE) };
  return null; // Mirairo ID needs its endpoints configured
}

/** bell's google provider fills profile differently: one shape for the rest of the code. */
export function profileFromCredentials(profile: unknown): SocialProfile {
  const p = (profile ?? {}) as Record<string, unknown>;
  if ('id' in p && typeof p.id === 'string' && !('sub' in p)) {
    return {
      id: p.id,
      email: typeof p.email === 'string' ? p.email.toLowerCase() : null,
      name: typeof p.displayName === 'string' ? p.displayName : typeof p.name === 'string' ? p.name : null,
    };
  }
  return toProfile(p);
}
