// Signed-in browser sessions for specs that are not about accounts: a verified user made through the API and
// the mail sink, signed in by handing the token to /api/access-token (which sets the page's cookies).
import { type APIRequestContext, expect, type Page } from '@playwright/test';

const MAILS = `http://127.0.0.1:${process.env.E2E_MAIL_PORT ?? 4026}/mails`;
export const PASSWORD = 'Zoo12345';

export const uniqueEmail = (prefix: string) =>
  `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}@example.jp`;

async function verificationToken(request: APIRequestContext, email: string): Promise<string> {
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

/** Registers, verifies and signs in a new user in the page's browser context. */
export async function signInNewUser(page: Page, name = '動物 好子'): Promise<string> {
  const email = uniqueEmail('visitor');
  const origin = { Origin: new URL(page.url().startsWith('http') ? page.url() : 'http://localhost:4173').origin };
  const bot = async () =>
    ((await (await page.request.get('/api/v1/auth/bot-check')).json()) as { data: { token: string } }).data.token;
  const reg = await page.request.post('/api/v1/auth/register', {
    data: { email, name, password: PASSWORD, password_confirmation: PASSWORD, bot_token: await bot() },
  });
  expect(reg.status()).toBe(201);
  expect(
    (await page.request.get(`/api/v1/email/verify/${await verificationToken(page.request, email)}`)).status(),
  ).toBe(200);
  const login = await page.request.post('/api/v1/auth/login', {
    data: { email, password: PASSWORD, bot_token: await bot() },
  });
  expect(login.status()).toBe(200);
  const set = await page.request.post('/api/access-token', { data: await login.json(), headers: origin });
  expect(set.status()).toBe(204);
  return email;
}
