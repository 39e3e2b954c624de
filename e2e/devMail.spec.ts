// The demo's mail viewer (DEMO=true without SMTP_URL): a person registers in the browser, reads the verification
// mail at /dev/mail, clicks its link and finishes the registration by signing in. The suite's own server sends its
// mails to the test SMTP sink, so this spec starts a second one, as `npm start` runs it: no SMTP_URL, its own
// embedded database, on E2E_PORT+2 (its local OpenID provider takes +3).
// Screenshots of the list and of a mail at 390 px, in ja and en, go to screenshots-mail/ (not committed).
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { message } from '../common/messages';
import { PASSWORD, uniqueEmail } from './support/accounts';

const PORT = Number(process.env.E2E_PORT ?? 4173) + 2;
const BASE = `http://localhost:${PORT}`;
const DATA_DIR = `.data-test/e2e-devmail-${process.pid}`;
const SHOTS = 'screenshots-mail';

let child: ChildProcess;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(PORT),
    HOST: '127.0.0.1',
    DATA_DIR,
    DEMO: 'true',
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    PUBLIC_URL: BASE,
    RATE_LIMIT_FACTOR: '20',
  };
  // Mails kept for the viewer, on an embedded database of its own (never the suite's PostgreSQL).
  delete env.SMTP_URL;
  delete env.DATABASE_URL;
  child = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], { env, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (c: Buffer) => {
    stderr += c.toString();
  });
  await expect
    .poll(
      async () => {
        if (child.exitCode !== null) throw new Error(`the demo server stopped: ${stderr}`);
        return fetch(`${BASE}/api/health`).then(
          (r) => r.status,
          () => 0,
        );
      },
      { timeout: 150_000, intervals: [500] },
    )
    .toBe(200);
});

test.afterAll(async () => {
  if (child && child.exitCode === null) {
    const stopped = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await stopped;
  }
  rmSync(DATA_DIR, { recursive: true, force: true });
});

const shoot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/${name}-390.png`, fullPage: true });

test('register, open the verification mail at /dev/mail, click its link, sign in', async ({ page, browser }) => {
  const email = uniqueEmail('mailviewer');
  await page.goto(`${BASE}/register`);
  await page.getByLabel('メールアドレス', { exact: true }).fill(email);
  await page.getByRole('button', { name: '次へ' }).click();
  await expect(page).toHaveURL(/\/register\/email\?email=/);
  await page.getByLabel('お名前').fill('山田 花子');
  await page.getByLabel('パスワード', { exact: true }).fill(PASSWORD);
  await page.getByLabel('パスワード（確認）').fill(PASSWORD);
  await page.getByLabel('利用規約とプライバシーポリシーに同意する').check();
  await page.getByLabel('私はロボットではありません').check();
  await page.getByRole('button', { name: '確認メールを送信する' }).click();
  await expect(page).toHaveURL(/\/register\/notify\?email=/);

  // The list: the decoded subject and the recipient, newest first.
  await page.goto(`${BASE}/dev/mail`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('送信メール（開発用）');
  const entry = page.getByRole('link').filter({ hasText: email }).first();
  await expect(entry).toContainText('【ZooPass】メールアドレスの確認をお願いします');
  await shoot(page, 'list');
  await entry.click();

  // The mail: subject on its own, the headers, the text with its link.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('【ZooPass】メールアドレスの確認をお願いします');
  await expect(page.locator('dl')).toContainText(email);
  await expect(page.locator('dl')).toContainText('ZooPass <no-reply@zoopass.jp>');
  await expect(page.locator('pre')).toContainText('山田 花子 様');
  await shoot(page, 'mail');

  // The same pages in English (the app's language cookie).
  const en = await browser.newContext({ viewport: { width: 390, height: 844 } });
  await en.addCookies([{ name: 'locale', value: 'en', url: BASE }]);
  const enPage = await en.newPage();
  await enPage.goto(page.url());
  await expect(enPage.locator('dt').first()).toHaveText('From');
  await shoot(enPage, 'mail-en');
  await enPage.goto(`${BASE}/dev/mail`);
  await expect(enPage.getByRole('heading', { level: 1 })).toHaveText('Sent mail (development)');
  await shoot(enPage, 'list-en');
  await en.close();

  await page
    .locator('pre')
    .getByRole('link', { name: /\/email\/verify\// })
    .click();
  await expect(page.getByTestId('email-verified')).toContainText(message('emailVerified', 'ja'));
  await page.getByRole('link', { name: 'ログインする' }).click();
  await expect(page).toHaveURL(/\/signin$/);
  await page.getByLabel('メールアドレス', { exact: true }).fill(email);
  await page.getByLabel('パスワード', { exact: true }).fill(PASSWORD);
  await page.getByLabel('私はロボットではありません').check();
  await page.getByRole('button', { name: 'ログイン', exact: true }).click();
  await expect(page).toHaveURL(/\/me$/);
  await expect(page.getByTestId('me-name')).toHaveText('山田 花子');
});

test('a mail’s HTML part is drawn in a sandbox: its script does not run, its link opens in the page', async ({
  page,
}) => {
  const html = Buffer.from(
    '<h2 style="color:#1a7f37">ご購入ありがとうございます</h2><p id="body">領収書番号 T-0001</p>' +
      '<script>document.getElementById("body").textContent = "script ran"; parent.document.title = "script ran";</script>' +
      '<p><a href="/dev/mail">一覧を開く</a></p>',
  ).toString('base64');
  mkdirSync(`${DATA_DIR}/mail`, { recursive: true });
  writeFileSync(
    `${DATA_DIR}/mail/2000-01-01T00-00-00-000Z-html@example.jp.eml`,
    [
      'From: ZooPass <no-reply@zoopass.jp>',
      'To: html@example.jp',
      `Subject: =?UTF-8?B?${Buffer.from('【ZooPass】領収書').toString('base64')}?=`,
      'Date: Sat, 01 Jan 2000 00:00:00 +0000',
      'MIME-Version: 1.0',
      'Content-Type: multipart/alternative; boundary="b"',
      '',
      '--b',
      'Content-Type: text/plain; charset=utf-8',
      '',
      'Receipt T-0001',
      '--b',
      'Content-Type: text/html; charset=utf-8',
      'Content-Transfer-Encoding: base64',
      '',
      html,
      '--b--',
      '',
    ].join('\r\n'),
  );
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(`${BASE}/dev/mail/2000-01-01T00-00-00-000Z-html@example.jp.eml`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('【ZooPass】領収書');
  const frame = page.frameLocator('iframe');
  await expect(frame.getByText('ご購入ありがとうございます')).toBeVisible();
  await expect(frame.locator('#body')).toHaveText('領収書番号 T-0001');
  await expect(page).toHaveTitle('【ZooPass】領収書');
  await shoot(page, 'mail-html');
  await frame.getByRole('link', { name: '一覧を開く' }).click();
  await expect(page).toHaveURL(`${BASE}/dev/mail`);
  expect(errors).toEqual([]);
});
