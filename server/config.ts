import { createHmac } from 'node:crypto';
import { isIP } from 'node:net';
import Joi from 'joi';

export interface Config {
  /** `test` only adds the test clock route (server/features/system/testClockRoutes.ts); it switches nothing else on. */
  env: 'development' | 'test' | 'production';
  /**
   * DEMO=true: the development conveniences the operator asked for (mail viewer at /dev/mail without SMTP_URL,
   * payment sandboxes for providers without credentials, the local OpenID provider without social credentials,
   * the public default APP_SECRET when none is set). Off otherwise, whatever NODE_ENV says.
   */
  demo: boolean;
  port: number;
  /**
   * A second port in each instance where a worker thread answers the waiting room's status poll alone
   * (server/statusWorker.ts), so a sale's carts and payments on the main thread do not delay it; unset: none.
   */
  statusPort: number | undefined;
  host: string;
  /** PostgreSQL URL; when unset the embedded PGlite database in dataDir is used. */
  databaseUrl: string | undefined;
  /** PostgreSQL connections per app instance: a flash sale's holds are as concurrent as the pool lets them be. */
  dbPoolMax: number;
  /** 'pgbouncer': DATABASE_URL is a pgbouncer in transaction mode (server/db/poolerDefaults.ts). */
  databasePooler: 'none' | 'pgbouncer';
  /** A PostgreSQL hot standby for catalogue reads (server/db/readReplica.ts); unset: every read on the primary. */
  databaseReplicaUrl: string | undefined;
  /** Most staleness the replica may have before reads go back to the primary. */
  replicaMaxLagMs: number;
  dataDir: string;
  appSecret: string;
  publicUrl: string;
  /** Directory with the built PWA (vite output). */
  distDir: string;
  logLevel: string;
  /** How long public catalogue answers are kept in memory (ms); 0 turns the cache off. */
  catalogueCacheMs: number;
  /**
   * Behind a load balancer: which proxies' X-Forwarded-For entries to believe (server/lib/request.ts clientIp).
   * false: none, the socket's address; true: the one proxy the app is connected from (the header's last entry);
   * a list of addresses and CIDR ranges: those proxies, however many in a row.
   */
  trustProxy: boolean | string[];
  /** Multiplies the per-client-address rate limits (many visitors behind one address, e.g. a park's Wi-Fi). */
  rateLimitFactor: number;
  /** Access token lifetime in seconds. */
  accessTokenTtl: number;
  /** How often expired cart holds are released (ms); 0 turns the job runner off. */
  holdSweepIntervalMs: number;
  /** Issue 30: add-to-cart holds per minute on one item that open a waiting room for it (0: never). */
  waitingRoomAutoHoldsPerMinute: number;
  /** A park's newest ticket signing key older than this gets a new one (sweep rotateTicketKeys); 0: never. */
  ticketKeyMaxAgeDays: number;
  /** SMTP URL for nodemailer; unset writes mails to DATA_DIR/mail (readable at /dev/mail with DEMO=true only). */
  smtpUrl: string | undefined;
  mailFrom: string;
  turnstile: { siteKey: string; secretKey: string } | undefined;
  social: SocialConfig;
  payments: PaymentsConfig;
  push: PushConfig;
}

/** Card payments (GMO Payment Gateway style). `sandbox`: the local sandbox on this server stands in. */
export interface GmoConfig {
  apiUrl: string;
  shopId: string;
  shopPass: string;
  siteId: string;
  sitePass: string;
  sandbox: boolean;
}

/** PayPay and merpay: API base, key and secret (request signing, webhook HMAC). */
export interface WalletConfig {
  apiUrl: string;
  apiKey: string;
  apiSecret: string;
  merchantId: string;
  sandbox: boolean;
}

/** Unset providers are unavailable (production without credentials). */
export interface PaymentsConfig {
  gmo: GmoConfig | undefined;
  paypay: WalletConfig | undefined;
  merpay: WalletConfig | undefined;
  /** How often the sandboxes deliver due notifications (ms); 0 leaves it to explicit calls (tests). */
  sandboxNotifyIntervalMs: number;
  /**
   * How long a card authorisation lives at the provider (days; GMO's 仮売上 lasts 60 by default). A lottery whose
   * draw comes later checks the card at entry and charges it at the draw.
   */
  authorisationValidDays: number;
}

export interface OAuthProviderConfig {
  clientId: string;
  clientSecret: string;
  /** For OpenID Connect style providers: endpoints. Google in production uses bell's built-in provider. */
  authUrl?: string;
  tokenUrl?: string;
  userinfoUrl?: string;
}

export interface SocialConfig {
  /** Local OpenID Connect provider standing in for Google, LINE and Mirairo ID (DEMO=true only). */
  localIssuer: string | undefined;
  /** Start the local provider beside this server (DEMO=true without real credentials), on localOidcPort. */
  startLocalProvider: boolean;
  localOidcPort: number;
  google: OAuthProviderConfig | undefined;
  line: OAuthProviderConfig | undefined;
  mirairo: OAuthProviderConfig | undefined;
}

/** The public APP_SECRET of the demo: accepted only with DEMO=true. */
export const DEMO_APP_SECRET = 'development-secret-change-me-in-production-0123456789';

/** TRUST_PROXY's list form: "127.0.0.1, 10.0.0.0/8, fd00::/8" (each an address, or one with a prefix length). */
function proxyList(value: string): string[] {
  const entries = value
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean);
  const ok = (e: string) => {
    const [address = '', prefix, ...rest] = e.split('/');
    const family = isIP(address);
    if (!family || rest.length) return false;
    return prefix === undefined || (/^\d+$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128));
  };
  if (!entries.length || !entries.every(ok)) throw new Error('not a list of addresses');
  return entries;
}

const schema = Joi.object({
  DEMO: Joi.boolean().truthy('1', 'yes').falsy('0', 'no').default(false),
  NODE_ENV: Joi.string().valid('development', 'test', 'production').default('production'),
  PORT: Joi.number().integer().min(0).max(65535).default(3000),
  STATUS_PORT: Joi.number().integer().min(1).max(65535),
  HOST: Joi.string().default('0.0.0.0'),
  DATABASE_URL: Joi.string()
    .uri({ scheme: ['postgres', 'postgresql'] })
    .empty(''),
  DB_POOL_MAX: Joi.number().integer().min(1).max(500).default(10),
  DATABASE_POOLER: Joi.string().valid('none', 'pgbouncer').default('none'),
  DATABASE_REPLICA_URL: Joi.string()
    .uri({ scheme: ['postgres', 'postgresql'] })
    .empty(''),
  REPLICA_MAX_LAG_MS: Joi.number().integer().min(0).max(600_000).default(5_000),
  DATA_DIR: Joi.string().default('./data'),
  APP_SECRET: Joi.string()
    .min(32)
    .when('DEMO', {
      is: true,
      // biome-ignore lint/suspicious/noThenProperty: Joi's conditional API
      then: Joi.string().min(32).default(DEMO_APP_SECRET),
      otherwise: Joi.string().required().invalid(DEMO_APP_SECRET).messages({
        'any.required': '"APP_SECRET" is required (at least 32 random characters) unless DEMO=true',
        'any.invalid': '"APP_SECRET" is the public demo value: set your own (at least 32 random characters)',
      }),
    }),
  PUBLIC_URL: Joi.string().uri({ scheme: ['http', 'https'] }),
  DIST_DIR: Joi.string().default('./dist'),
  LOG_LEVEL: Joi.string().valid('fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent').default('info'),
  CATALOGUE_CACHE_MS: Joi.number().integer().min(0).max(600_000).default(10_000),
  TRUST_PROXY: Joi.alternatives()
    .try(Joi.boolean().truthy('1').falsy('0'), Joi.string().custom(proxyList))
    .default(false)
    .messages({ 'alternatives.match': 'must be true, false, or a comma-separated list of addresses and CIDR ranges' }),
  RATE_LIMIT_FACTOR: Joi.number().integer().min(1).max(1000).default(1),
  ACCESS_TOKEN_TTL: Joi.number()
    .integer()
    .min(60)
    .max(60 * 60 * 24 * 90)
    .default(60 * 60 * 24 * 14),
  HOLD_SWEEP_INTERVAL_MS: Joi.number().integer().min(0).max(3_600_000).default(30_000),
  WAITING_ROOM_AUTO_HOLDS_PER_MINUTE: Joi.number().integer().min(0).max(1_000_000).default(600),
  TICKET_KEY_MAX_AGE_DAYS: Joi.number().integer().min(0).max(3650).default(90),
  SMTP_URL: Joi.string()
    .uri({ scheme: ['smtp', 'smtps'] })
    .empty(''),
  MAIL_FROM: Joi.string().default('ZooPass <no-reply@zoopass.jp>'),
  TURNSTILE_SITE_KEY: Joi.string().empty(''),
  TURNSTILE_SECRET_KEY: Joi.string().empty('').when('TURNSTILE_SITE_KEY', {
    is: Joi.exist(),
    // biome-ignore lint/suspicious/noThenProperty: Joi's conditional API
    then: Joi.required(),
  }),
  SOCIAL_LOCAL_ISSUER: Joi.string()
    .uri({ scheme: ['http', 'https'] })
    .empty('')
    .when('DEMO', {
      is: true,
      // biome-ignore lint/suspicious/noThenProperty: Joi's conditional API
      then: Joi.optional(),
      otherwise: Joi.forbidden().messages({
        'any.unknown': '"SOCIAL_LOCAL_ISSUER" (a local provider that signs anyone in) needs DEMO=true',
      }),
    }),
  GOOGLE_CLIENT_ID: Joi.string().empty(''),
  GOOGLE_CLIENT_SECRET: Joi.string().empty(''),
  LINE_CLIENT_ID: Joi.string().empty(''),
  LINE_CLIENT_SECRET: Joi.string().empty(''),
  MIRAIRO_CLIENT_ID: Joi.string().empty(''),
  MIRAIRO_CLIENT_SECRET: Joi.string().empty(''),
  MIRAIRO_AUTH_URL: Joi.string().uri().empty(''),
  MIRAIRO_TOKEN_URL: Joi.string().uri().empty(''),
  MIRAIRO_USERINFO_URL: Joi.string().uri().empty(''),
  LOCAL_OIDC_PORT: Joi.number().integer().min(1).max(65535),
  GMO_API_URL: Joi.string().uri().empty(''),
  GMO_SHOP_ID: Joi.string().empty(''),
  GMO_SHOP_PASS: Joi.string().empty(''),
  GMO_SITE_ID: Joi.string().empty(''),
  GMO_SITE_PASS: Joi.string().empty(''),
  PAYPAY_API_URL: Joi.string().uri().empty(''),
  PAYPAY_API_KEY: Joi.string().empty(''),
  PAYPAY_API_SECRET: Joi.string().empty(''),
  PAYPAY_MERCHANT_ID: Joi.string().empty(''),
  MERPAY_API_URL: Joi.string().uri().empty(''),
  MERPAY_API_KEY: Joi.string().empty(''),
  MERPAY_API_SECRET: Joi.string().empty(''),
  MERPAY_MERCHANT_ID: Joi.string().empty(''),
  SANDBOX_NOTIFY_INTERVAL_MS: Joi.number().integer().min(0).max(600_000).default(1000),
  CARD_AUTH_VALID_DAYS: Joi.number().integer().min(1).max(365).default(60),
  VAPID_PUBLIC_KEY: Joi.string().pattern(/^[\w-]{80,100}$/),
  VAPID_PRIVATE_KEY: Joi.string().pattern(/^[\w-]{40,50}$/),
  VAPID_SUBJECT: Joi.string().pattern(/^(mailto:|https:\/\/)/),
  PUSH_CA_FILE: Joi.string(),
}).unknown(true);

const LOCAL_CLIENT_SECRET = 'local-oidc-client-secret-for-development-only';

function socialConfig(v: Record<string, string | undefined>, demo: boolean, port: number): SocialConfig {
  const real = (id?: string, secret?: string): OAuthProviderConfig | undefined =>
    id && secret ? { clientId: id, clientSecret: secret } : undefined;
  let google = real(v.GOOGLE_CLIENT_ID, v.GOOGLE_CLIENT_SECRET);
  let line = real(v.LINE_CLIENT_ID, v.LINE_CLIENT_SECRET);
  let mirairo = real(v.MIRAIRO_CLIENT_ID, v.MIRAIRO_CLIENT_SECRET);
  if (mirairo) {
    mirairo = {
      ...mirairo,
      authUrl: v.MIRAIRO_AUTH_URL,
      tokenUrl: v.MIRAIRO_TOKEN_URL,
      userinfoUrl: v.MIRAIRO_USERINFO_URL,
    };
  }
  let localIssuer = v.SOCIAL_LOCAL_ISSUER?.replace(/\/$/, '');
  const startLocalProvider = demo && !localIssuer && !google && !line && !mirairo;
  const localOidcPort = Number(v.LOCAL_OIDC_PORT ?? port + 1);
  if (startLocalProvider) localIssuer = `http://localhost:${localOidcPort}`;
  if (demo && localIssuer) {
    const local = (name: string): OAuthProviderConfig => ({
      clientId: `${name}-local`,
      clientSecret: LOCAL_CLIENT_SECRET,
      authUrl: `${localIssuer}/auth`,
      tokenUrl: `${localIssuer}/token`,
      userinfoUrl: `${localIssuer}/me`,
    });
    google ??= local('google');
    line ??= local('line');
    mirairo ??= local('mirairo');
  }
  return { localIssuer, startLocalProvider, localOidcPort, google, line, mirairo };
}

/**
 * Payment providers: real ones when their credentials are set, else (DEMO=true only) the local sandbox
 * at `${publicUrl}/sandbox/...` with development credentials derived from APP_SECRET; else unavailable.
 */
function paymentsConfig(v: Record<string, string | undefined>, demo: boolean, publicUrl: string, appSecret: string) {
  const dev = (name: string) => createHmac('sha256', appSecret).update(`payment-sandbox:${name}`).digest('hex');
  const sandboxAllowed = demo;
  const gmo: GmoConfig | undefined =
    v.GMO_SHOP_ID && v.GMO_SHOP_PASS
      ? {
          apiUrl: (v.GMO_API_URL ?? 'https://pt01.mul-pay.jp').replace(/\/$/, ''),
          shopId: v.GMO_SHOP_ID,
          shopPass: v.GMO_SHOP_PASS,
          siteId: v.GMO_SITE_ID ?? '',
          sitePass: v.GMO_SITE_PASS ?? '',
          sandbox: false,
        }
      : sandboxAllowed
        ? {
            apiUrl: `${publicUrl}/sandbox/gmo`,
            shopId: 'tshop-sandbox',
            shopPass: dev('gmo-shop').slice(0, 16),
            siteId: 'tsite-sandbox',
            sitePass: dev('gmo-site').slice(0, 16),
            sandbox: true,
          }
        : undefined;
  const wallet = (name: 'paypay' | 'merpay', prefix: string, realUrl: string): WalletConfig | undefined => {
    const key = v[`${prefix}_API_KEY`];
    const secret = v[`${prefix}_API_SECRET`];
    if (key && secret) {
      return {
        apiUrl: (v[`${prefix}_API_URL`] ?? realUrl).replace(/\/$/, ''),
        apiKey: key,
        apiSecret: secret,
        merchantId: v[`${prefix}_MERCHANT_ID`] ?? '',
        sandbox: false,
      };
    }
    if (!sandboxAllowed) return undefined;
    return {
      apiUrl: `${publicUrl}/sandbox/${name}`,
      apiKey: `sandbox-${name}-key`,
      apiSecret: dev(`${name}-secret`),
      merchantId: `sandbox-${name}-merchant`,
      sandbox: true,
    };
  };
  return {
    gmo,
    paypay: wallet('paypay', 'PAYPAY', 'https://api.paypay.ne.jp'),
    merpay: wallet('merpay', 'MERPAY', 'https://api.merpay.com'),
    sandboxNotifyIntervalMs: Number(v.SANDBOX_NOTIFY_INTERVAL_MS ?? 1000),
    authorisationValidDays: Number(v.CARD_AUTH_VALID_DAYS ?? 60),
  };
}

export interface PushConfig {
  /** Both or neither: without them the key pair is made on first start and kept in the database. */
  vapid: { publicKey: string; privateKey: string } | null;
  /** Who push services can reach about our messages (the VAPID JWT's `sub`): a mailto: or https: URL. */
  subject: string;
  /** Extra CA certificate (PEM file) trusted for push endpoints: tests with a local HTTPS push service. */
  caFile: string | undefined;
}

function pushConfig(v: Record<string, string | undefined>): PushConfig {
  if (Boolean(v.VAPID_PUBLIC_KEY) !== Boolean(v.VAPID_PRIVATE_KEY)) {
    throw new ConfigError('Invalid configuration:\n  - VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY: set both or neither');
  }
  const from = /<([^>]+)>/.exec(v.MAIL_FROM ?? '')?.[1] ?? v.MAIL_FROM ?? 'no-reply@zoopass.jp';
  return {
    vapid:
      v.VAPID_PUBLIC_KEY && v.VAPID_PRIVATE_KEY
        ? { publicKey: v.VAPID_PUBLIC_KEY, privateKey: v.VAPID_PRIVATE_KEY }
        : null,
    subject: v.VAPID_SUBJECT ?? `mailto:${from}`,
    caFile: v.PUSH_CA_FILE,
  };
}

export class ConfigError extends Error {}

export const LOCAL_OIDC_CLIENT_SECRET = LOCAL_CLIENT_SECRET;

/** Read and validate configuration from the environment; throws a ConfigError naming every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const { value, error } = schema.validate(env, { abortEarly: false, convert: true });
  if (error) {
    const lines = error.details.map((d) => `  - ${d.path.join('.')}: ${d.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  if (value.DATABASE_POOLER !== 'none' && !value.DATABASE_URL) {
    throw new ConfigError('Invalid configuration:\n  - DATABASE_POOLER: a pooler needs DATABASE_URL (PostgreSQL)');
  }
  if (value.STATUS_PORT && !value.DATABASE_URL) {
    throw new ConfigError(
      'Invalid configuration:\n  - STATUS_PORT: the status worker needs DATABASE_URL (PostgreSQL; PGlite is one connection)',
    );
  }
  if (value.DATABASE_REPLICA_URL && !value.DATABASE_URL) {
    throw new ConfigError(
      'Invalid configuration:\n  - DATABASE_REPLICA_URL: a replica needs DATABASE_URL (PostgreSQL) for its primary',
    );
  }
  const port = value.PORT as number;
  const publicUrl = (value.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, '');
  return {
    env: value.NODE_ENV,
    demo: value.DEMO,
    port,
    statusPort: value.STATUS_PORT,
    host: value.HOST,
    databaseUrl: value.DATABASE_URL,
    dbPoolMax: value.DB_POOL_MAX,
    databasePooler: value.DATABASE_POOLER,
    databaseReplicaUrl: value.DATABASE_REPLICA_URL,
    replicaMaxLagMs: value.REPLICA_MAX_LAG_MS,
    dataDir: value.DATA_DIR,
    appSecret: value.APP_SECRET,
    publicUrl,
    distDir: value.DIST_DIR,
    logLevel: value.LOG_LEVEL,
    catalogueCacheMs: value.CATALOGUE_CACHE_MS,
    trustProxy: value.TRUST_PROXY,
    rateLimitFactor: value.RATE_LIMIT_FACTOR,
    accessTokenTtl: value.ACCESS_TOKEN_TTL,
    holdSweepIntervalMs: value.HOLD_SWEEP_INTERVAL_MS,
    waitingRoomAutoHoldsPerMinute: value.WAITING_ROOM_AUTO_HOLDS_PER_MINUTE,
    ticketKeyMaxAgeDays: value.TICKET_KEY_MAX_AGE_DAYS,
    smtpUrl: value.SMTP_URL,
    mailFrom: value.MAIL_FROM,
    turnstile: value.TURNSTILE_SITE_KEY
      ? { siteKey: value.TURNSTILE_SITE_KEY, secretKey: value.TURNSTILE_SECRET_KEY }
      : undefined,
    social: socialConfig(value, value.DEMO, port),
    payments: paymentsConfig(value, value.DEMO, publicUrl, value.APP_SECRET),
    push: pushConfig(value),
  };
}

/** What DEMO=true switched on in this configuration, for the start-up log line; empty without DEMO. */
export function demoConveniences(config: Config): string[] {
  if (!config.demo) return [];
  const on: string[] = [];
  if (!config.smtpUrl) on.push(`mail viewer at ${config.publicUrl}/dev/mail (mails are not sent)`);
  const { gmo, paypay, merpay } = config.payments;
  const sandboxes = [gmo?.sandbox && 'gmo', paypay?.sandbox && 'paypay', merpay?.sandbox && 'merpay'].filter(Boolean);
  if (sandboxes.length) on.push(`payment sandboxes (${sandboxes.join(', ')}) at ${config.publicUrl}/sandbox`);
  if (config.social.startLocalProvider) {
    on.push(`local OpenID provider at ${config.social.localIssuer} (any name signs in as Google, LINE or Mirairo ID)`);
  } else if (config.social.localIssuer) {
    on.push(`social sign-in through the local provider ${config.social.localIssuer}`);
  }
  if (config.appSecret === DEMO_APP_SECRET) on.push('default APP_SECRET (public)');
  return on;
}
