// Issue 18's browser path for an editor with two-factor sign-in: the editor turns TOTP on in the settings (the code
// computed from the secret the page shows, as an authenticator app would), signs out, signs in with password and then
// a code of the next time step, writes a story with a photo, previews it and publishes it.
import { expect, test } from '@playwright/test';
import { base32Decode, TOTP_STEP_SECONDS, totp } from '../server/lib/totp';

const EMAIL = 'editor.asahiyama-zoo@staff.zoopass.jp';
const PASSWORD = 'GateStaff2026';
const SHOTS = 'test-results/staff-two-factor';

/** A 96 × 64 PNG (a green field with a darker band), made by the page's canvas. */
async function pngOf(page: import('@playwright/test').Page): Promise<Buffer> {
  const data = await page.evaluate(() => {
    const c = document.createElement('canvas');
    c.width = 96;
    c.height = 64;
    const g = c.getContext('2d') as CanvasRenderingContext2D;
    g.fillStyle = '#7cb342';
    g.fillRect(0, 0, 96, 64);
    g.fillStyle = '#33691e';
    g.fillRect(0, 40, 96, 24);
    return c.toDataURL('image/png').split(',')[1] as string;
  });
  return Buffer.from(data, 'base64');
}

const step = () => Math.floor(Date.now() / 1000 / TOTP_STEP_SECONDS);

test('an editor signs in with a one-time code and publishes a story with a photo', async ({ page, request }) => {
  test.setTimeout(150_000);
  const bot = ((await (await request.get('/api/v1/auth/bot-check')).json()) as { data: { token: string } }).data.token;
  const login = await request.post('/api/v1/auth/login', {
    data: { email: EMAIL, password: PASSWORD, bot_token: bot },
  });
  expect(login.status(), await login.text()).toBe(200);
  await page.goto('/');
  const set = await page.request.post('/api/access-token', {
    data: await login.json(),
    headers: { Origin: new URL(page.url()).origin },
  });
  expect(set.status()).toBe(204);

  // Turn two-factor sign-in on.
  await page.goto('/me/settings/two-factor');
  await page.getByTestId('two-factor-start').click();
  const secret = base32Decode(((await page.getByTestId('two-factor-secret').textContent()) ?? '').replace(/\s/g, ''));
  const usedStep = step();
  await page.getByTestId('two-factor-confirm-code').fill(totp(secret, usedStep * TOTP_STEP_SECONDS));
  await page.getByRole('button', { name: '確認して有効にする' }).click();
  await expect(page.getByTestId('recovery-codes')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/recovery-390.png`, fullPage: true });

  // Sign out and in again: password, then a code (a step is accepted once: wait for the next one).
  await page.context().clearCookies();
  await page.goto('/signin');
  await page.getByLabel('メールアドレス', { exact: true }).fill(EMAIL);
  await page.getByLabel('パスワード', { exact: true }).fill(PASSWORD);
  await page.getByLabel('私はロボットではありません').check();
  await page.getByRole('button', { name: 'ログイン', exact: true }).click();
  await expect(page.getByTestId('two-factor-step')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/code-step-390.png`, fullPage: true });
  await expect.poll(step, { timeout: 40_000, intervals: [1_000] }).toBeGreaterThan(usedStep);
  await page.getByTestId('two-factor-code').fill(totp(secret, step() * TOTP_STEP_SECONDS));
  await page.getByRole('button', { name: '確認してログイン' }).click();
  await expect(page.getByTestId('two-factor-step')).toBeHidden();

  // A story with a photo: saved, previewed, published.
  await page.goto('/staff/office');
  const card = page.getByTestId('office-park').filter({ hasText: '旭山' });
  await card.getByTestId('office-stories-link').click();
  await page.getByTestId('story-new').click();
  const title = `雪の中のホッキョクグマ ${Date.now().toString(36)}`;
  await page.getByTestId('story-title_ja').fill(title);
  await page.getByTestId('story-body_ja').fill('朝の雪の中で、ホッキョクグマが遊んでいました。');
  await page.getByTestId('story-save').click();
  await expect(page.getByTestId('story-status')).toHaveText('下書き');
  await page
    .getByTestId('photo-file')
    .setInputFiles({ name: 'bear.png', mimeType: 'image/png', buffer: await pngOf(page) });
  await page.getByTestId('photo-alt-ja').fill('雪の上を歩くホッキョクグマ');
  await page.getByTestId('photo-upload').click();
  await expect(page.getByTestId('media-row')).toHaveCount(1);

  const preview = (await page.getByTestId('story-preview').getAttribute('href')) as string;
  const tab = await page.context().newPage();
  await tab.goto(preview);
  await expect(tab.getByTestId('story')).toContainText(title);
  await expect(tab.getByRole('img', { name: '雪の上を歩くホッキョクグマ' })).toBeVisible();
  await tab.close();

  await page.getByTestId('story-publish').click();
  await expect(page.getByTestId('story-status')).toHaveText('公開中');
  await page.screenshot({ path: `${SHOTS}/story-390.png`, fullPage: true });
});
