// Safe defaults: the development conveniences (mail viewer, payment sandboxes, local OpenID provider, default
// secret) exist only with DEMO=true; security headers (CSP with hashed inline scripts, HSTS on https,
// Permissions-Policy) on every answer; no source maps served; single-use bot-check tokens.
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import knexFactory from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, DEMO_APP_SECRET, demoConveniences, loadConfig } from '../config';
import { createKnex, createPglite } from '../db/knex';
import { enabledSandboxes } from '../features/payments/sandbox';
import { localVerifier } from '../lib/botCheck';
import { createServer } from '../server';
import { freePort, killAll, REPO_ROOT, startChild } from './processServer';
import { adminUrl, PG_TEMPLATE_DB, PGLITE_TEMPLATE_FILE } from './testDb';
import { createTestServer, type TestContext } from './testServer';

const SECRET = randomBytes(32).toString('hex');
/** A start without the switch: what every deployment that is not the demo gets. */
const PRODUCTION = { DEMO: 'false', APP_SECRET: SECRET };

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

// A built app in miniature: two inline scripts (one like the first-paint script, several lines), the module entry,
// a service worker and source maps beside the files.
const INLINE_A = "window.zoopassEarly = 'a';";
const INLINE_B = `
      (() => {
        const root = document.getElementById('root');
        if (root) root.dataset.painted = '1';
      })();
    `;
const distDir = mkdtempSync(join(tmpdir(), 'zoo-safe-dist-'));
mkdirSync(join(distDir, 'assets'));
writeFileSync(
  join(distDir, 'index.html'),
  `<!doctype html><html lang="ja"><head><meta charset="utf-8"><script>${INLINE_A}</script>
<script type="module" crossorigin src="/assets/index-abc.js"></script></head>
<body><div id="root"></div><script>${INLINE_B}</script></body></html>`,
);
writeFileSync(join(distDir, 'assets', 'index-abc.js'), 'console.log(1);\n');
writeFileSync(join(distDir, 'assets', 'index-abc.js.map'), '{"version":3,"sources":["secret.ts"]}');
writeFileSync(join(distDir, 'sw.js'), 'self.x = 1;\n');
writeFileSync(join(distDir, 'sw.js.map'), '{"version":3,"sources":["sw.ts"]}');

/** The directives of a Content-Security-Policy header, by name. */
function directives(header: unknown): Record<string, string[]> {
  expect(typeof header).toBe('string');
  const out: Record<string, string[]> = {};
  for (const part of String(header).split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) out[name] = values;
  }
  return out;
}

let prod: TestContext;
let demo: TestContext;
beforeAll(async () => {
  prod = await createTestServer({ ...PRODUCTION, DIST_DIR: distDir, PUBLIC_URL: 'http://localhost:3000' });
  demo = await createTestServer({ DEMO: 'true', DIST_DIR: distDir, PUBLIC_URL: 'http://localhost:3000' });
});
afterAll(async () => {
  await prod?.close();
  await demo?.close();
  await killAll();
  rmSync(distDir, { recursive: true, force: true });
});

describe('configuration: development conveniences only with DEMO=true', () => {
  it('refuses to start without APP_SECRET unless DEMO=true, whatever NODE_ENV says', () => {
    for (const NODE_ENV of [undefined, 'development', 'test', 'production']) {
      const env = NODE_ENV ? { NODE_ENV } : {};
      expect(() => loadConfig(env)).toThrow(ConfigError);
      expect(() => loadConfig(env)).toThrow(/APP_SECRET/);
      expect(() => loadConfig({ ...env, DEMO: 'true' })).not.toThrow();
    }
  });

  it('refuses the public development secret (and short ones) outside the demo', () => {
    expect(() => loadConfig({ APP_SECRET: DEMO_APP_SECRET })).toThrow(ConfigError);
    expect(() => loadConfig({ APP_SECRET: DEMO_APP_SECRET })).toThrow(/APP_SECRET/);
    expect(() => loadConfig({ APP_SECRET: 'short' })).toThrow(/APP_SECRET/);
    expect(loadConfig({ DEMO: 'true' }).appSecret).toBe(DEMO_APP_SECRET);
    // The demo with a secret of its own uses it.
    expect(loadConfig({ DEMO: 'true', APP_SECRET: SECRET }).appSecret).toBe(SECRET);
  });

  it('without DEMO every convenience is off, NODE_ENV=development or test included', () => {
    for (const NODE_ENV of ['development', 'test', 'production']) {
      const config = loadConfig({ NODE_ENV, APP_SECRET: SECRET });
      expect(config.demo).toBe(false);
      expect(enabledSandboxes(config)).toEqual([]);
      expect(config.payments).toMatchObject({ gmo: undefined, paypay: undefined, merpay: undefined });
      expect(config.social).toMatchObject({
        startLocalProvider: false,
        localIssuer: undefined,
        google: undefined,
        line: undefined,
        mirairo: undefined,
      });
      expect(demoConveniences(config)).toEqual([]);
    }
    // Pointing the social providers at a local "any name signs in" issuer is a demo convenience too.
    expect(() => loadConfig({ APP_SECRET: SECRET, SOCIAL_LOCAL_ISSUER: 'http://127.0.0.1:4999' })).toThrow(
      /SOCIAL_LOCAL_ISSUER/,
    );
  });

  it('DEMO=true turns them on, and real credentials still win', () => {
    const config = loadConfig({ DEMO: 'true', PORT: '4000' });
    expect(config.demo).toBe(true);
    expect(enabledSandboxes(config)).toEqual(['gmo', 'paypay', 'merpay']);
    expect(config.social).toMatchObject({ startLocalProvider: true, localIssuer: 'http://localhost:4001' });
    expect(demoConveniences(config).join(' | ')).toMatch(
      /mail viewer at http:\/\/localhost:4000\/dev\/mail.*payment sandboxes.*gmo, paypay, merpay.*local OpenID provider at http:\/\/localhost:4001.*default APP_SECRET/,
    );
    const withReal = loadConfig({
      DEMO: 'true',
      APP_SECRET: SECRET,
      SMTP_URL: 'smtp://127.0.0.1:25',
      PAYPAY_API_KEY: 'k',
      PAYPAY_API_SECRET: 's',
      GOOGLE_CLIENT_ID: 'g',
      GOOGLE_CLIENT_SECRET: 'gs',
    });
    expect(enabledSandboxes(withReal)).toEqual(['gmo', 'merpay']);
    expect(withReal.social.startLocalProvider).toBe(false);
    expect(demoConveniences(withReal).join(' | ')).not.toMatch(/mail viewer|OpenID|APP_SECRET/);
  });
});

describe('a start without DEMO', () => {
  it('has no mail viewer', async () => {
    const list = await prod.server.inject('/dev/mail');
    expect(list.statusCode).toBe(404);
    expect(list.payload).not.toContain('送信メール');
    expect((await prod.server.inject('/dev/mail/x.eml')).statusCode).toBe(404);
  });

  it('has no payment sandboxes, and the payment config says the providers are unavailable', async () => {
    const page = await prod.server.inject('/sandbox/gmo/challenge/nope');
    expect(page.statusCode).toBe(404);
    expect(page.payload).not.toContain('Sandbox');
    for (const url of [
      '/sandbox/gmo/token',
      '/sandbox/gmo/cvs/nope/pay',
      '/sandbox/paypay/v2/codes',
      '/sandbox/notifications/deliver',
    ]) {
      expect((await prod.server.inject({ method: 'POST', url, payload: {} })).statusCode, url).toBe(404);
    }
    const config = await prod.server.inject('/api/v1/payments/config');
    expect(JSON.parse(config.payload).data).toEqual({
      card: { available: false, sandbox: false, shopId: null, tokenUrl: null },
      paypay: { available: false },
      merpay: { available: false },
      konbini: { available: false },
    });
  });

  it('has no social sign-in through a local provider', async () => {
    for (const provider of ['google', 'line', 'mirairo']) {
      const res = await prod.server.inject(`/api/v1/auth/social/${provider}/connect`);
      expect(res.statusCode, provider).toBe(404);
    }
  });

  it('the demo has all of them', async () => {
    const list = await demo.server.inject('/dev/mail');
    expect(list.statusCode).toBe(200);
    expect(list.payload).toContain('送信メール');
    const page = await demo.server.inject('/sandbox/gmo/challenge/nope');
    expect(page.statusCode).toBe(404);
    expect(page.payload).toContain('Sandbox（テスト環境）');
    const config = JSON.parse((await demo.server.inject('/api/v1/payments/config')).payload);
    expect(config.data.card).toMatchObject({ available: true, sandbox: true });
    const social = await demo.server.inject('/api/v1/auth/social/mirairo/connect');
    expect(social.statusCode).toBe(302);
  });
});

describe('security headers', () => {
  const check = (headers: Record<string, unknown>, what: string) => {
    const csp = directives(headers['content-security-policy']);
    expect(csp['default-src'], what).toEqual(["'self'"]);
    expect(csp['script-src'], what).toEqual(expect.arrayContaining(["'self'", sha256(INLINE_A), sha256(INLINE_B)]));
    expect(csp['script-src'], what).not.toContain("'unsafe-inline'");
    expect(csp['script-src'], what).not.toContain("'unsafe-eval'");
    // A script the build did not put there (an injected one) is not allowed.
    expect(csp['script-src'], what).not.toContain(sha256('alert(1)'));
    expect(csp['object-src'], what).toEqual(["'none'"]);
    expect(csp['base-uri'], what).toEqual(["'self'"]);
    expect(csp['frame-ancestors'], what).toEqual(["'none'"]);
    expect(csp['form-action'], what).toEqual(expect.arrayContaining(["'self'"]));
    expect(csp['img-src'], what).toEqual(expect.arrayContaining(["'self'", 'data:', 'blob:']));
    expect(csp['connect-src'], what).toEqual(["'self'"]);
    const permissions = String(headers['permissions-policy']);
    for (const p of ['camera=(self)', 'geolocation=(self)', 'microphone=()', 'payment=()', 'usb=()']) {
      expect(permissions, what).toContain(p);
    }
    expect(headers['x-content-type-options'], what).toBe('nosniff');
    expect(headers['x-frame-options'], what).toBe('DENY');
  };

  it('the app shell, a static file and a sandbox page carry them; an API answer or error in JSON allows nothing', async () => {
    for (const url of ['/', '/my-tickets', '/no/such/page', '/sw.js']) {
      const res = await prod.server.inject(url);
      check(res.headers, url);
      expect(res.headers['strict-transport-security'], url).toBeUndefined();
    }
    for (const url of ['/api/health', '/api/v1/nothing-here', '/api/v1/parks?per_page=1']) {
      const res = await prod.server.inject(url);
      expect(res.headers['content-type'], url).toContain('application/json');
      expect(directives(res.headers['content-security-policy']), url).toEqual({
        'default-src': ["'none'"],
        'frame-ancestors': ["'none'"],
      });
      expect(res.headers['permissions-policy'], url).toBeUndefined();
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['x-frame-options'], url).toBe('DENY');
    }
    const sandbox = await demo.server.inject('/sandbox/gmo/challenge/nope');
    check(sandbox.headers, 'sandbox page');
    const mail = await demo.server.inject('/dev/mail');
    check(mail.headers, 'mail viewer');
  });

  it('the build’s hashed files carry nosniff but not the document-only policies; a missing one is a full error', async () => {
    const script = await prod.server.inject('/assets/index-abc.js');
    expect(script.statusCode).toBe(200);
    expect(script.headers['x-content-type-options']).toBe('nosniff');
    expect(script.headers['content-security-policy']).toBeUndefined();
    expect(script.headers['permissions-policy']).toBeUndefined();
    check((await prod.server.inject('/assets/nothing-here.js')).headers, 'missing asset');
  });

  it('the hashes are those of the inline scripts of the built index.html', async () => {
    const csp = directives((await prod.server.inject('/')).headers['content-security-policy']);
    const hashes = (csp['script-src'] ?? []).filter((s) => s.startsWith("'sha256-"));
    expect(hashes.sort()).toEqual([sha256(INLINE_A), sha256(INLINE_B)].sort());
  });

  it('HSTS only when the public URL is https', async () => {
    const secure = await createTestServer({ ...PRODUCTION, DIST_DIR: distDir, PUBLIC_URL: 'https://zoopass.example' });
    try {
      for (const url of ['/', '/api/health', '/api/v1/nothing-here']) {
        const res = await secure.server.inject(url);
        expect(res.headers['strict-transport-security'], url).toBe('max-age=63072000; includeSubDomains');
      }
    } finally {
      await secure.close();
    }
  });

  it('Turnstile and real GMO add their origins, nothing else', async () => {
    const other = await createTestServer({
      ...PRODUCTION,
      DIST_DIR: distDir,
      TURNSTILE_SITE_KEY: 'site',
      TURNSTILE_SECRET_KEY: 'secret',
      GMO_SHOP_ID: 'tshop0001',
      GMO_SHOP_PASS: 'pass',
    });
    try {
      const csp = directives((await other.server.inject('/')).headers['content-security-policy']);
      expect(csp['script-src']).toEqual(
        expect.arrayContaining(["'self'", 'https://challenges.cloudflare.com', 'https://static.mul-pay.jp']),
      );
      expect(csp['frame-src']).toEqual(['https://challenges.cloudflare.com']);
      expect(csp['connect-src']).toEqual(["'self'", 'https://pt01.mul-pay.jp']);
    } finally {
      await other.close();
    }
  });

  it('source maps are not served', async () => {
    expect((await prod.server.inject('/sw.js')).statusCode).toBe(200);
    expect((await prod.server.inject('/assets/index-abc.js')).statusCode).toBe(200);
    for (const url of ['/sw.js.map', '/assets/index-abc.js.map']) {
      const res = await prod.server.inject(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.payload, url).not.toContain('sources');
    }
    expect((await demo.server.inject('/sw.js.map')).statusCode).toBe(404);
  });
});

describe('bot check', () => {
  it('a local token verifies once', async () => {
    const bot = localVerifier(SECRET);
    const token = bot.issue();
    expect(await bot.verify(token)).toBe(true);
    expect(await bot.verify(token)).toBe(false);
    // Two tokens of the same millisecond are different tokens, each good once.
    const now = Date.now();
    const [a, b] = [bot.issue(now), bot.issue(now)];
    expect(a).not.toBe(b);
    expect(await bot.verify(a)).toBe(true);
    expect(await bot.verify(b)).toBe(true);
    expect(await bot.verify(a)).toBe(false);
    // Forged, tampered, expired.
    expect(await bot.verify(localVerifier('another-secret-another-secret-0123').issue())).toBe(false);
    expect(await bot.verify(`${bot.issue().slice(0, -2)}xx`)).toBe(false);
    expect(await bot.verify(bot.issue(Date.now() - 11 * 60 * 1000))).toBe(false);
  });

  it('through the API: a second registration with the same token is refused', async () => {
    const token = JSON.parse((await prod.server.inject('/api/v1/auth/bot-check')).payload).data.token as string;
    const register = (email: string) =>
      prod.server.inject({
        method: 'POST',
        url: '/api/v1/auth/register',
        headers: { 'accept-language': 'en' },
        payload: { email, name: 'x', password: 'Passw0rd123', password_confirmation: 'Passw0rd123', bot_token: token },
      });
    expect((await register('once@example.jp')).statusCode).toBe(201);
    const again = await register('twice@example.jp');
    expect(again.statusCode).toBe(400);
    expect(JSON.parse(again.payload).meta.code).toBe('botCheckFailed');
  });
});

describe('bot check across instances', () => {
  it('a token used at one instance is refused at another on the same database', async () => {
    const config = loadConfig({ ...PRODUCTION, NODE_ENV: 'test', LOG_LEVEL: 'silent', PORT: '0', DIST_DIR: distDir });
    const other = await createServer(config, { knex: prod.db.knex, closeDbOnStop: false });
    await other.initialize();
    try {
      const issue = async () =>
        JSON.parse((await prod.server.inject('/api/v1/auth/bot-check')).payload).data.token as string;
      const register = (server: typeof other, email: string, token: string) =>
        server.inject({
          method: 'POST',
          url: '/api/v1/auth/register',
          payload: {
            email,
            name: 'x',
            password: 'Passw0rd123',
            password_confirmation: 'Passw0rd123',
            bot_token: token,
          },
        });
      const token = await issue();
      expect((await register(prod.server, 'first@example.jp', token)).statusCode).toBe(201);
      const reused = await register(other, 'second@example.jp', token);
      expect(reused.statusCode).toBe(400);
      expect(JSON.parse(reused.payload).meta.code).toBe('botCheckFailed');
      // The other instance takes a fresh token of the first one: only the reuse was refused.
      expect((await register(other, 'third@example.jp', await issue())).statusCode).toBe(201);
    } finally {
      await other.stop();
    }
  });
});

/** A database for a child server: the migrated, seeded template cloned. */
async function childDatabase(): Promise<{ env: Record<string, string>; drop(): Promise<void> }> {
  const url = process.env.DATABASE_URL;
  if (url) {
    const name = `zoo_safe_${randomBytes(6).toString('hex')}`;
    const admin = knexFactory({ client: 'pg', connection: adminUrl(url), pool: { min: 0, max: 1 } });
    await admin.raw(`CREATE DATABASE ${name} TEMPLATE ${PG_TEMPLATE_DB}`);
    const u = new URL(url);
    u.pathname = `/${name}`;
    return {
      env: { DATABASE_URL: u.toString() },
      async drop() {
        await admin.raw(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await admin.destroy();
      },
    };
  }
  const dir = mkdtempSync(join(tmpdir(), 'zoo-safe-'));
  const knex = createKnex({ pglite: createPglite(join(dir, 'data'), new Blob([readFileSync(PGLITE_TEMPLATE_FILE)])) });
  await knex.raw('select 1');
  await knex.destroy();
  return { env: { DATA_DIR: join(dir, 'data') }, drop: async () => rmSync(dir, { recursive: true, force: true }) };
}

describe('the real start (server/index.ts)', () => {
  it('refuses to start without APP_SECRET and without DEMO, naming the variable', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
      cwd: REPO_ROOT,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, PORT: String(await freePort()), NODE_ENV: 'development' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (b: Buffer) => {
      output += b.toString();
    });
    child.stderr.on('data', (b: Buffer) => {
      output += b.toString();
    });
    const code = await new Promise<number | null>((done) => child.once('exit', done));
    expect(code, output).toBe(1);
    expect(output).toMatch(/APP_SECRET.*required.*unless DEMO=true/);
  });

  it('without DEMO: no local OpenID provider, no mail viewer, no demo line in the log', async () => {
    const db = await childDatabase();
    const [port, oidcPort] = [await freePort(), await freePort()];
    const child = await startChild('production', port, {
      ...db.env,
      ...PRODUCTION,
      SEED: 'false',
      DIST_DIR: distDir,
      LOCAL_OIDC_PORT: String(oidcPort),
      LOG_LEVEL: 'info',
    });
    try {
      await expect(fetch(`http://127.0.0.1:${oidcPort}/.well-known/openid-configuration`)).rejects.toThrow();
      expect((await fetch(`${child.base}/dev/mail`)).status).toBe(404);
      expect(child.output()).not.toMatch(/DEMO/);
    } finally {
      await child.stop();
      await db.drop();
    }
  });

  it('with DEMO=true: the local OpenID provider runs and one log line says what is on', async () => {
    const db = await childDatabase();
    const [port, oidcPort] = [await freePort(), await freePort()];
    const child = await startChild('demo', port, {
      ...db.env,
      DEMO: 'true',
      SEED: 'false',
      DIST_DIR: distDir,
      PUBLIC_URL: 'http://localhost:3999',
      LOCAL_OIDC_PORT: String(oidcPort),
    });
    try {
      const discovery = await fetch(`http://127.0.0.1:${oidcPort}/.well-known/openid-configuration`);
      expect(discovery.status).toBe(200);
      expect((await fetch(`${child.base}/dev/mail`)).status).toBe(200);
      const lines = child
        .output()
        .split('\n')
        .filter((l) => l.includes('DEMO=true'));
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(/\/dev\/mail/);
      expect(lines[0]).toMatch(/payment sandboxes/);
      expect(lines[0]).toMatch(new RegExp(`local OpenID provider at http://localhost:${oidcPort}`));
      expect(lines[0]).toMatch(/default APP_SECRET/);
    } finally {
      await child.stop();
      await db.drop();
    }
  });
});
