// Signed-in browser sessions for specs that are not about accounts: a verified user made through the API and
// the mail sink, signed in by handing the token to /api/access-token (which sets the page's cookies).
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { type APIRequestContext, expect, type Page } from '@playwright/test';

const MAILS = `http://127.0.0.1:${process.env.E2E_MAIL_PORT ?? 4026}/mails`;
export const PASSWORD = 'Zoo12345';

export const uniqueEmail = (prefix: string) =>
  `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}@example.jp`;

/** The token of the latest verification link mailed to `email` (registration or e-mail change). */
export async function verificationToken(request: APIRequestContext, email: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const mails = (await (await request.get(`${MAILS}?to=${encodeURIComponent(email)}`)).json()) as {
          text: string;
        }[];
        link = mails.at(-1)?.text.match(/\/email\/verify\/([^\s]+)/)?.[1];
        return !!link;
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  return link as string;
}

interface Login {
  access_token: string;
  expires_in: number;
}

/** Registers a user, follows the mailed verification link and logs in, all through the API. */
async function registerAndLogIn(
  request: APIRequestContext,
  name: string,
  prefix: string,
): Promise<{ email: string; login: Login }> {
  const email = uniqueEmail(prefix);
  const bot = async () =>
    ((await (await request.get('/api/v1/auth/bot-check')).json()) as { data: { token: string } }).data.token;
  const reg = await request.post('/api/v1/auth/register', {
    data: { email, name, password: PASSWORD, password_confirmation: PASSWORD, bot_token: await bot() },
  });
  expect(reg.status()).toBe(201);
  expect((await request.get(`/api/v1/email/verify/${await verificationToken(request, email)}`)).status()).toBe(200);
  const login = await request.post('/api/v1/auth/login', {
    data: { email, password: PASSWORD, bot_token: await bot() },
  });
  expect(login.status()).toBe(200);
  return { email, login: (await login.json()) as Login };
}

/** Registers, verifies and signs in a new user in the page's browser context. */
export async function signInNewUser(page: Page, name = '動物 好子'): Promise<string> {
  const origin = { Origin: new URL(page.url().startsWith('http') ? page.url() : 'http://localhost:4173').origin };
  const { email, login } = await registerAndLogIn(page.request, name, 'visitor');
  const set = await page.request.post('/api/access-token', { data: login, headers: origin });
  expect(set.status()).toBe(204);
  return email;
}

export interface ApiUser {
  email: string;
  token: string;
}

/**
 * A verified user made through the API, not signed in anywhere. Profile: 'payer' has what paying needs (telephone,
 * birthday, prefecture), 'phone' only the telephone number adding tickets needs, 'none' is as registration made it.
 */
export async function apiUser(
  request: APIRequestContext,
  { name = '動物 好子', profile = 'payer' }: { name?: string; profile?: 'payer' | 'phone' | 'none' } = {},
): Promise<ApiUser> {
  const { email, login } = await registerAndLogIn(request, name, 'buyer');
  const token = login.access_token;
  if (profile === 'none') return { email, token };
  const me = await request.put('/api/v1/me', {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      name,
      email,
      telephone: '090-1234-5678',
      language: 0,
      ...(profile === 'payer' ? { birthdate: '1990-04-01', prefecture_id: 13 } : {}),
    },
  });
  expect(me.status()).toBe(200);
  return { email, token };
}

/** Opens the top page and signs it in with the user's token (the way the sign-in page ends). */
export async function signInPage(page: Page, user: ApiUser): Promise<void> {
  await page.goto('/');
  const res = await page.request.post('/api/access-token', {
    data: { access_token: user.token, expires_in: 14 * 86_400 },
    headers: { Origin: new URL(page.url()).origin },
  });
  expect(res.status()).toBe(204);
}

/** The seeded staff accounts' password (README "Back office"). */
export const STAFF_PASSWORD = 'GateStaff2026';

/**
 * A seeded staff account (e.g. `office@staff.zoopass.jp`) signed in through the API, as the sign-in page does.
 * Its session is kept for the whole run (in the run's data directory, read by every spec file), as a gate phone
 * or an office browser keeps its session: signing in again in each spec passes the sign-in limit of 10 per address
 * in 15 minutes on a suite this long. A kept session that a spec ended (sign-out) is replaced by a new sign-in.
 */
export async function apiStaff(request: APIRequestContext, email: string): Promise<ApiUser> {
  const kept = keptSessions()[email];
  if (kept) {
    const me = await request.get('/api/v1/me', { headers: { Authorization: `Bearer ${kept}` } });
    if (me.status() === 200) return { email, token: kept };
  }
  const bot = ((await (await request.get('/api/v1/auth/bot-check')).json()) as { data: { token: string } }).data.token;
  const login = await request.post('/api/v1/auth/login', { data: { email, password: STAFF_PASSWORD, bot_token: bot } });
  expect(login.status(), await login.text()).toBe(200);
  const token = ((await login.json()) as { access_token: string }).access_token;
  mkdirSync(dirname(SESSIONS), { recursive: true });
  writeFileSync(SESSIONS, JSON.stringify({ ...keptSessions(), [email]: token }));
  return { email, token };
}

const SESSIONS = join(process.env.E2E_DATA_DIR ?? tmpdir(), 'staff-sessions.json');
const keptSessions = (): Record<string, string> =>
  existsSync(SESSIONS) ? (JSON.parse(readFileSync(SESSIONS, 'utf8')) as Record<string, string>) : {};
