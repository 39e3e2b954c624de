// Accounts end to end: e-mail registration with the real mail sink, social sign-in through the local OpenID Connect
// provider, kids accounts and the 401 flow.
import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { message } from '../common/messages';
import { PASSWORD as ACCOUNT_PASSWORD, signInNewUser, uniqueEmail, verificationToken } from './support/accounts';

const MAILS = `http://127.0.0.1:${process.env.E2E_MAIL_PORT ?? 4026}/mails`;
const OIDC = new RegExp(`^http://localhost:${Number(process.env.E2E_PORT ?? 4173) + 1}/`);
const PASSWORD = 'Zoo12345';

interface Mail {
  to: string;
  subject: string;
  text: string;
}

const unique = (prefix: string) => `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

/** Waits until the sink holds at least `count` mails for `to`; answers the newest. */
async function waitForMail(request: APIRequestContext, to: string, count = 1): Promise<Mail> {
  let mails: Mail[] = [];
  await expect
    .poll(
      async () => {
        const res = await request.get(`${MAILS}?to=${encodeURIComponent(to)}`);
        mails = (await res.json()) as Mail[];
        return mails.length;
      },
      { timeout: 15_000 },
    )
    .toBeGreaterThanOrEqual(count);
  return mails[mails.length - 1] as Mail;
}

function verificationLink(mail: Mail): string {
  const link = mail.text.match(/https?:\/\/\S+\/email\/verify\/[^\s]+/)?.[0];
  expect(link, mail.text).toBeTruthy();
  return link as string;
}

async function expectNoSeriousA11yViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** Mutations authenticated by the cookie must name our origin (the server's CSRF rule). */
const originOf = (page: Page) => ({ Origin: new URL(page.url()).origin });

async function signInWithEmail(page: Page, email: string, password = PASSWORD) {
  await page.getByLabel('メールアドレス', { exact: true }).fill(email);
  await page.getByLabel('パスワード', { exact: true }).fill(password);
  await page.getByLabel('私はロボットではありません').check();
  await page.getByRole('button', { name: 'ログイン', exact: true }).click();
}

/** A verified parent account made through the API: bot-check token, registration, the mailed link. */
async function registerByApi(page: Page, request: APIRequestContext, email: string, name: string) {
  const bot = (await (await page.request.get('/api/v1/auth/bot-check')).json()) as { data: { token: string } };
  const res = await page.request.post('/api/v1/auth/register', {
    data: { email, name, password: PASSWORD, password_confirmation: PASSWORD, bot_token: bot.data.token },
  });
  expect(res.status()).toBe(201);
  const token = verificationLink(await waitForMail(request, email)).split('/email/verify/')[1];
  const verified = await page.request.get(`/api/v1/email/verify/${token}`);
  expect(verified.status()).toBe(200);
}

test('register by e-mail, verify the mailed link, sign in, switch to English in settings, sign out', async ({
  page,
  request,
}) => {
  const email = `${unique('hanako')}@example.jp`;

  await page.goto('/register');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('新規会員登録');
  await page.getByLabel('メールアドレス', { exact: true }).fill('hanako@');
  await page.getByRole('button', { name: '次へ' }).click();
  await expect(page.getByText(message('invalidEmail', 'ja'))).toBeVisible();
  await page.getByLabel('メールアドレス', { exact: true }).fill(email);
  await page.getByRole('button', { name: '次へ' }).click();
  await expect(page).toHaveURL(/\/register\/email\?email=/);
  await expect(page.getByTestId('register-email-address')).toHaveText(email);

  await page.getByLabel('お名前').fill('山田 花子');
  await page.getByLabel('パスワード', { exact: true }).fill('zoo12345');
  // the shared rule, live, with the server's own message
  await expect(page.getByText(message('passwordRule', 'ja')).last()).toBeVisible();
  await page.getByLabel('パスワード', { exact: true }).fill(PASSWORD);
  await page.getByLabel('パスワード（確認）').fill(`${PASSWORD}x`);
  await expect(page.getByText(message('passwordMismatch', 'ja'))).toBeVisible();
  await page.getByLabel('パスワード（確認）').fill(PASSWORD);
  await page.getByLabel('利用規約とプライバシーポリシーに同意する').check();
  const submit = page.getByRole('button', { name: '確認メールを送信する' });
  await expect(submit).toBeDisabled();
  await page.getByLabel('私はロボットではありません').check();
  await expectNoSeriousA11yViolations(page);
  await submit.click();

  await expect(page).toHaveURL(/\/register\/notify\?email=/);
  await expect(page.getByText(message('registrationSent', 'ja'))).toBeVisible();
  await expect(page.getByText(message('resendSuggestion', 'ja'))).toBeVisible();
  const first = await waitForMail(request, email);
  expect(first.subject).toContain('メールアドレスの確認');

  // Sign-in is blocked until the address is confirmed; the page offers to resend the mail.
  await page.goto('/signin');
  await signInWithEmail(page, email);
  await expect(page.getByText(message('emailNotVerified', 'ja'))).toBeVisible();
  await page.getByRole('button', { name: '確認メールを再送する' }).click();
  await expect(page.getByText(message('verificationResent', 'ja'))).toBeVisible();
  const second = await waitForMail(request, email, 2);

  await page.goto(verificationLink(second));
  await expect(page.getByTestId('email-verified')).toContainText(message('emailVerified', 'ja'));
  await page.getByRole('link', { name: 'ログインする' }).click();
  await expect(page).toHaveURL(/\/signin$/);
  await expectNoSeriousA11yViolations(page);
  await signInWithEmail(page, email);
  await expect(page).toHaveURL(/\/me$/);
  await expect(page.getByTestId('me-name')).toHaveText('山田 花子');
  await expect(page.getByTestId('header-me')).toBeVisible();

  await page.getByRole('link', { name: '設定', exact: true }).click();
  await expect(page).toHaveURL(/\/me\/settings$/);
  await expectNoSeriousA11yViolations(page);
  const url = page.url();
  await page.getByRole('radio', { name: 'English' }).check();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Settings');
  await expect(page.getByRole('link', { name: 'Account information' })).toBeVisible();
  expect(page.url()).toBe(url);
  await expect
    .poll(
      async () =>
        ((await (await page.request.get('/api/v1/me')).json()) as { data: { language: number } }).data.language,
    )
    .toBe(1);

  await page.getByRole('link', { name: 'Back to My page' }).click();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('header-signin')).toHaveText('Sign in');
  expect((await page.request.get('/api/v1/me')).status()).toBe(401);
});

for (const [provider, label] of [
  ['google', 'Google'],
  ['line', 'LINE'],
] as const) {
  test(`sign in with ${label} as a new user: registration completes at /register/${provider}`, async ({ page }) => {
    const login = unique(provider);
    await page.goto('/signin');
    await page.getByTestId(`social-${provider}`).click();
    await page.waitForURL(OIDC);
    await page.locator('input[name=login]').fill(login);
    await page.locator('input[name=password]').fill('anything');
    await page.locator('form button[type=submit]').first().click();

    await expect(page).toHaveURL(new RegExp(`/register/${provider}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${label}で新規登録`);
    await expect(page.getByTestId('provider-email')).toHaveText(`${login}@example.com`);
    await expect(page.getByLabel('お名前')).toHaveValue(login);
    await page.getByLabel('お名前').fill(`${label} さん`);
    await page.getByLabel('利用規約とプライバシーポリシーに同意する').check();
    await page.getByRole('button', { name: '登録する' }).click();
    await expect(page).toHaveURL(/\/me$/);
    await expect(page.getByTestId('me-name')).toHaveText(`${label} さん`);
    const profile = (await (await page.request.get('/api/v1/me')).json()) as {
      data: { email: string; social_providers: string[]; has_password: boolean };
    };
    expect(profile.data.email).toBe(`${login}@example.com`);
    expect(profile.data.social_providers).toContain(provider);
    expect(profile.data.has_password).toBe(false);

    // Next time the same identity signs straight in.
    await page.getByTestId('signout').click();
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/signin');
    await page.getByTestId(`social-${provider}`).click();
    await page.waitForURL((u) => OIDC.test(u.href) || u.pathname === '/me');
    if (OIDC.test(page.url())) {
      await page.locator('input[name=login]').fill(login);
      await page.locator('input[name=password]').fill('anything');
      await page.locator('form button[type=submit]').first().click();
    }
    await expect(page).toHaveURL(/\/me$/);
    await expect(page.getByTestId('me-name')).toHaveText(`${label} さん`);
  });
}

test('a parent creates a kids account, switches to it, is kept out of parent-only places, and switches back', async ({
  page,
  request,
}) => {
  const email = `${unique('parent')}@example.jp`;
  await registerByApi(page, request, email, '保護者 一郎');
  await page.goto('/signin');
  await signInWithEmail(page, email);
  await expect(page).toHaveURL(/\/me$/);

  await page.goto('/me/settings/family-account');
  await expect(page.getByText('キッズアカウントはまだありません。')).toBeVisible();
  await page.getByRole('link', { name: 'キッズアカウントを作成する' }).click();
  await expect(page).toHaveURL(/\/me\/settings\/family-account\/create$/);
  await page.getByLabel('ユーザー名').fill('たろう');
  await page.getByLabel('生年月日').fill('2016-04-01');
  await page.getByRole('button', { name: '作成する' }).click();
  await expect(page).toHaveURL(/\/me\/settings\/family-account$/);
  const kid = page.getByTestId('child-account').filter({ hasText: 'たろう' });
  await expect(kid).toContainText('2016年4月1日');

  await kid.getByRole('button', { name: 'たろうに切り替える' }).click();
  await expect(page).toHaveURL(/\/me$/);
  await expect(page.getByTestId('me-name')).toHaveText('たろう');
  await expect(page.getByRole('heading', { name: 'キッズアカウントで利用中' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'クーポン' })).toHaveCount(0);

  await page.goto('/my-tickets/ticket/1');
  await expect(page).toHaveURL(/\/my-tickets$/);
  await page.goto('/me/my-coupon');
  await expect(page).toHaveURL(/\/me$/);

  const refused = await page.request.put('/api/v1/me/reset-password', {
    headers: originOf(page),
    data: { password: 'Kids12345', password_confirmation: 'Kids12345' },
  });
  expect(refused.status()).toBe(403);
  expect(((await refused.json()) as { meta: { code: string } }).meta.code).toBe('childRestricted');

  // Back to the parent only with the parent's password (a child holding the phone cannot).
  await expect(page.getByRole('button', { name: '保護者アカウントに戻る' })).toBeDisabled();
  await page.getByLabel('保護者のパスワード').fill('Wrong12345');
  await page.getByRole('button', { name: '保護者アカウントに戻る' }).click();
  await expect(page.getByText('パスワードが正しくありません')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'キッズアカウントで利用中' })).toBeVisible();
  await page.getByLabel('保護者のパスワード').fill(PASSWORD);
  await page.getByRole('button', { name: '保護者アカウントに戻る' }).click();
  await expect(page.getByTestId('me-name')).toHaveText('保護者 一郎');
  await expect(page.getByRole('heading', { name: 'キッズアカウントで利用中' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'クーポン' })).toBeVisible();
});

test('401: a revoked session goes to sign-in, and signing in returns to the page', async ({ page, request }) => {
  const email = `${unique('expired')}@example.jp`;
  await registerByApi(page, request, email, '期限 切子');
  await page.goto('/signin');
  await signInWithEmail(page, email);
  await expect(page).toHaveURL(/\/me$/);

  const out = await page.request.post('/api/v1/auth/logout', { headers: originOf(page) });
  expect(out.status()).toBe(200);

  await page.goto('/me/settings/account-infomation');
  // The 401 flow (or the page's own guard, whichever notices first) lands on sign-in with the way back kept.
  await expect(page).toHaveURL(/\/signin(\?redirect=%2Fme%2Fsettings%2Faccount-infomation)?$/);
  await expect(page.getByTestId('header-signin')).toBeVisible();
  await signInWithEmail(page, email);
  await expect(page).toHaveURL(/\/me\/settings\/account-infomation$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('アカウント情報');
  await expect(page.getByLabel('お名前')).toHaveValue('期限 切子');

  // The form saves and says so.
  await page.getByLabel('電話番号').fill('090-1234-5678');
  await page.getByLabel('お住まいの都道府県').selectOption({ label: '東京都' });
  await page.getByRole('button', { name: '保存する' }).click();
  await expect(page.getByText(message('accountUpdated', 'ja'))).toBeVisible();
  const profile = (await (await page.request.get('/api/v1/me')).json()) as {
    data: { telephone: string; prefecture_id: number; language: number };
  };
  expect(profile.data).toMatchObject({ telephone: '090-1234-5678', prefecture_id: 13, language: 0 });
});

test('linking a Mirairo ID from the settings page comes back to settings and shows it linked', async ({
  page,
  request,
}) => {
  const email = `${unique('mirairo')}@example.jp`;
  await registerByApi(page, request, email, '未来 太郎');
  // A guest is sent to sign-in first, and comes back afterwards.
  await page.goto('/me/settings');
  await expect(page).toHaveURL(/\/signin\?redirect=%2Fme%2Fsettings$/);
  await signInWithEmail(page, email);
  await expect(page).toHaveURL(/\/me\/settings$/);

  await page.getByTestId('mirairo-link').click();
  await page.waitForURL(OIDC);
  await page.locator('input[name=login]').fill(unique('mirairo'));
  await page.locator('input[name=password]').fill('anything');
  await page.locator('form button[type=submit]').first().click();

  await expect(page).toHaveURL(/\/me\/settings$/);
  await expect(page.getByText(message('mirairoLinked', 'ja'))).toBeVisible();
  await expect(page.getByTestId('mirairo-linked')).toBeVisible();
  const profile = (await (await page.request.get('/api/v1/me')).json()) as { data: { mirairo_flag: number } };
  expect(profile.data.mirairo_flag).toBe(1);
});

test('an e-mail change needs the current password and completes through the link sent to the new address', async ({
  page,
}) => {
  await page.goto('/');
  const oldEmail = await signInNewUser(page, '変更 花子');
  const newEmail = uniqueEmail('moved');
  await page.goto('/me/settings/account-infomation');
  await page.getByLabel('メールアドレス').fill(newEmail);
  const password = page.getByLabel('現在のパスワード');
  await expect(password).toBeVisible();
  await password.fill(ACCOUNT_PASSWORD);
  await page.getByRole('button', { name: '保存する' }).click();
  await expect(page.getByText('新しいメールアドレスに確認メールを送りました', { exact: false })).toBeVisible();
  // Until the link is used, the account keeps its address.
  const before = (await (await page.request.get('/api/v1/me')).json()) as { data: { email: string } };
  expect(before.data.email).toBe(oldEmail);
  const token = await verificationToken(page.request, newEmail);
  await page.goto(`/email/verify/${token}`);
  await expect
    .poll(async () => ((await (await page.request.get('/api/v1/me')).json()) as { data: { email: string } }).data.email)
    .toBe(newEmail);
});
