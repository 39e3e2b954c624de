// The demo's mail viewer (/dev/mail, DEMO=true without SMTP_URL) decodes MIME: base64 and quoted-printable bodies,
// encoded-word subjects, the HTML part shown sandboxed, links clickable.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestContext } from './testServer';

const b64 = (s: string) => Buffer.from(s, 'utf8').toString('base64').replace(/.{76}/g, '$&\r\n');

const SUBJECT_B = '【ZooPass】メールアドレスの確認をお願いします';
const LINK_B = 'http://localhost:3000/email/verify/Abc-123_xyz';
const TEXT_B = `山田 花子 様\n\n以下のリンクを10分以内に開いてください。\n\n${LINK_B}\n`;
const HTML_B = `<p style="color:#1a7f37">山田 花子 様</p><script>parent.document.title="pwned"</script><p><a href="${LINK_B}">確認する</a></p>`;

// nodemailer's own shape: base64 parts, the subject as a B encoded word.
const BASE64_MAIL = [
  'From: ZooPass <no-reply@zoopass.jp>',
  'To: hanako@example.jp',
  `Subject: =?UTF-8?B?${Buffer.from(SUBJECT_B).toString('base64')}?=`,
  'Message-ID: <b64@zoopass.jp>',
  'Date: Fri, 27 Nov 2026 10:00:00 +0000',
  'MIME-Version: 1.0',
  'Content-Type: multipart/alternative; boundary="--b1"',
  '',
  '----b1',
  'Content-Type: text/plain; charset=utf-8',
  'Content-Transfer-Encoding: base64',
  '',
  b64(TEXT_B),
  '----b1',
  'Content-Type: text/html; charset=utf-8',
  'Content-Transfer-Encoding: base64',
  '',
  b64(HTML_B),
  '----b1--',
  '',
].join('\r\n');

// Quoted-printable: a Q encoded-word subject folded over two lines, and a long link with a soft line break.
const SUBJECT_Q = '[ZooPass] パスワード再設定';
const LINK_Q = 'http://localhost:3000/password/reset/Zm9vYmFyLWJhei1xdXV4LTEyMzQ1Njc4OTAtYWJjZGVmZ2hpams';
const QP_MAIL = [
  'From: ZooPass <no-reply@zoopass.jp>',
  'To: taro@example.jp',
  'Subject: =?UTF-8?Q?[ZooPass]_=E3=83=91=E3=82=B9=E3=83=AF=E3=83=BC=E3=83=89?=',
  ' =?UTF-8?Q?=E5=86=8D=E8=A8=AD=E5=AE=9A?=',
  'Message-ID: <qp@zoopass.jp>',
  'Date: Fri, 27 Nov 2026 11:00:00 +0000',
  'MIME-Version: 1.0',
  'Content-Type: text/plain; charset=utf-8',
  'Content-Transfer-Encoding: quoted-printable',
  '',
  '=E5=A4=AA=E9=83=8E =E6=A7=98',
  '',
  `${LINK_Q.slice(0, 60)}=`,
  `${LINK_Q.slice(60)}`,
  '',
].join('\r\n');

let ctx: TestContext;
let dataDir: string;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'zoo-devmail-'));
  mkdirSync(join(dataDir, 'mail'));
  writeFileSync(join(dataDir, 'mail', '2026-11-27T10-00-00-000Z-hanako@example.jp.eml'), BASE64_MAIL);
  writeFileSync(join(dataDir, 'mail', '2026-11-27T11-00-00-000Z-taro@example.jp.eml'), QP_MAIL);
  ctx = await createTestServer({ DATA_DIR: dataDir });
});

afterAll(async () => {
  await ctx.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const get = (url: string, lang = 'ja') => ctx.server.inject({ url, headers: { 'accept-language': lang } });

describe('/dev/mail', () => {
  it('lists the mails newest first with their decoded subjects, senders and recipients', async () => {
    const res = await get('/dev/mail');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    const qp = res.payload.indexOf(SUBJECT_Q);
    const base64 = res.payload.indexOf(SUBJECT_B);
    expect(qp).toBeGreaterThan(-1);
    expect(base64).toBeGreaterThan(qp);
    expect(res.payload).toContain('taro@example.jp');
    expect(res.payload).toContain('href="/dev/mail/2026-11-27T10-00-00-000Z-hanako%40example.jp.eml"');
    expect(res.payload).not.toContain('=?UTF-8?');
  });

  it('shows a base64 mail: subject, from, to, date, the text with its link, the HTML sandboxed', async () => {
    const res = await get('/dev/mail/2026-11-27T10-00-00-000Z-hanako@example.jp.eml');
    expect(res.statusCode).toBe(200);
    const page = res.payload;
    expect(page).toContain(`<h1>${SUBJECT_B}</h1>`);
    expect(page).toContain('ZooPass &lt;no-reply@zoopass.jp&gt;');
    expect(page).toContain('hanako@example.jp');
    expect(page).toContain('2026-11-27 19:00'); // Asia/Tokyo
    expect(page).toContain('以下のリンクを10分以内に開いてください。');
    expect(page).toContain(`<a href="${LINK_B}">${LINK_B}</a>`);
    // The HTML part: a sandboxed srcdoc frame (no scripts, no same origin), never markup of our page.
    const frame = page.match(/<iframe [^>]*>/)?.[0] ?? '';
    expect(frame).toMatch(/sandbox="[^"]*"/);
    expect(frame).not.toContain('allow-scripts');
    expect(frame).not.toContain('allow-same-origin');
    expect(frame).toContain('srcdoc="');
    expect(frame).toContain('&lt;script&gt;parent.document.title=&quot;pwned&quot;&lt;/script&gt;');
    expect(page).not.toContain('<script>parent');
    expect(page).not.toMatch(/<script/i);
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
  });

  it('shows a quoted-printable mail with a folded encoded-word subject and a link over a soft line break', async () => {
    const res = await get('/dev/mail/2026-11-27T11-00-00-000Z-taro@example.jp.eml');
    expect(res.statusCode).toBe(200);
    expect(res.payload).toContain(`<h1>${SUBJECT_Q}</h1>`);
    expect(res.payload).not.toContain('qp@zoopass.jp</h1>');
    expect(res.payload).toContain('太郎 様');
    expect(res.payload).toContain(`<a href="${LINK_Q}">${LINK_Q}</a>`);
    expect(res.payload).not.toContain('<iframe');
  });

  it('speaks the reader’s language, Japanese by default', async () => {
    expect((await get('/dev/mail')).payload).toContain('送信メール');
    expect((await get('/dev/mail', 'en')).payload).toContain('Sent mail');
    const mail = await get('/dev/mail/2026-11-27T11-00-00-000Z-taro@example.jp.eml', 'en');
    expect(mail.payload).toContain('<html lang="en">');
    expect(mail.payload).toMatch(/<dt>From<\/dt>/);
    expect((await get('/dev/mail/2026-11-27T11-00-00-000Z-taro@example.jp.eml')).payload).toMatch(/<dt>差出人<\/dt>/);
  });

  it('answers 404 for a mail that is not there', async () => {
    expect((await get('/dev/mail/nothing@example.jp.eml')).statusCode).toBe(404);
  });
});
