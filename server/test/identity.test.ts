import Jwt from '@hapi/jwt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jwtKey } from '../features/auth/accessToken';
import { linkFrom, startSmtp } from './smtp';
import { createTestServer, type TestContext } from './testServer';

let ctx: TestContext;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
const ORIGIN = 'http://localhost:3000';

beforeAll(async () => {
  smtp = await startSmtp();
  ctx = await createTestServer({ SMTP_URL: smtp.url, PUBLIC_URL: ORIGIN });
});
afterAll(async () => {
  await ctx?.close();
  await smtp?.close();
});

type Res = Awaited<ReturnType<TestContext['server']['inject']>>;
// biome-ignore lint/suspicious/noExplicitAny: response bodies are checked field by field
const body = (res: Res) => res.result as { data: any; meta: { message?: string; code?: string } };

let ipCounter = 0;
/** Each scenario its own client address, so rate limits of one do not leak into another. */
const newIp = () => `10.9.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

async function call(
  method: string,
  url: string,
  opts: {
    payload?: unknown;
    token?: string;
    cookie?: string;
    lang?: 'ja' | 'en';
    ip?: string;
    origin?: string | null;
    headers?: Record<string, string>;
  } = {},
) {
  const headers: Record<string, string> = { 'accept-language': opts.lang ?? 'ja', ...opts.headers };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  if (opts.cookie) headers.cookie = opts.cookie;
  if (opts.ip) headers['x-forwarded-for'] = opts.ip;
  if (opts.origin !== null) headers.origin = opts.origin ?? ORIGIN;
  return ctx.server.inject({ method, url, payload: opts.payload as object, headers });
}

async function botToken() {
  return body(await call('GET', '/api/v1/auth/bot-check')).data.token as string;
}

const PASSWORD = 'Kirin2026';

async function registerAndVerify(email: string, name = '山田 花子', ip = newIp()) {
  const res = await call('POST', '/api/v1/auth/register', {
    ip,
    payload: { email, password: PASSWORD, password_confirmation: PASSWORD, name, bot_token: await botToken() },
  });
  expect(res.statusCode, JSON.stringify(res.result)).toBe(201);
  const link = linkFrom(await smtp.latest(email), /http:\/\/localhost:3000\/email\/verify\/[\w-]+/);
  const token = link.split('/').at(-1) as string;
  expect((await call('GET', `/api/v1/email/verify/${token}`)).statusCode).toBe(200);
  return token;
}

async function login(email: string, password = PASSWORD, ip = newIp()) {
  const res = await call('POST', '/api/v1/auth/login', {
    ip,
    payload: { email, password, bot_token: await botToken() },
  });
  expect(res.statusCode, JSON.stringify(res.result)).toBe(200);
  return res.result as { access_token: string; expires_in: number };
}

describe('e-mail registration and verification', () => {
  it('registers, mails a 10-minute link, blocks login until verified, then signs in', async () => {
    const email = 'hanako@example.jp';
    const ip = newIp();
    const res = await call('POST', '/api/v1/auth/register', {
      ip,
      payload: {
        email: ' Hanako@Example.jp ',
        password: PASSWORD,
        password_confirmation: PASSWORD,
        name: '山田 花子',
        bot_token: await botToken(),
      },
    });
    expect(res.statusCode).toBe(201);
    expect(body(res).meta.message).toBe(
      '仮登録を受け付けました。10分以内にメールに記載のリンクから登録を完了してください。',
    );
    const mail = await smtp.latest(email);
    expect(mail.text).toContain('10分以内');
    const link = linkFrom(mail, /http:\/\/localhost:3000\/email\/verify\/[\w-]+/);

    const blocked = await call('POST', '/api/v1/auth/login', {
      ip,
      lang: 'en',
      payload: { email, password: PASSWORD, bot_token: await botToken() },
    });
    expect(blocked.statusCode).toBe(403);
    expect(body(blocked).meta.message).toBe(
      'Your e-mail address is not confirmed yet. Please open the link in the e-mail we sent you.',
    );

    const verified = await call('GET', `/api/v1/email/verify/${link.split('/').at(-1)}`, { lang: 'en' });
    expect(verified.statusCode).toBe(200);
    expect(body(verified).meta.message).toBe('Your e-mail address is confirmed and your registration is complete.');

    const token = await login(email, PASSWORD, ip);
    expect(token.expires_in).toBeGreaterThan(0);
    const me = await call('GET', '/api/v1/me', { token: token.access_token });
    expect(body(me).data).toMatchObject({ email, name: '山田 花子', child_flag: 0, prefecture_id: 0, language: 0 });
    // A verified address cannot be registered again.
    const again = await call('POST', '/api/v1/auth/register', {
      ip: newIp(),
      payload: { email, password: PASSWORD, password_confirmation: PASSWORD, name: 'x', bot_token: await botToken() },
    });
    expect(again.statusCode).toBe(409);
    expect(
      body(await call('POST', '/api/v1/auth/register/check-email-exists', { payload: { email } })).data.exists,
    ).toBe(true);
    expect(
      body(await call('POST', '/api/v1/auth/register/check-email-exists', { payload: { email: 'nobody@example.jp' } }))
        .data.exists,
    ).toBe(false);
  });

  it('refuses an expired link (10 minutes) and an unknown one, and resends', async () => {
    const email = 'taro@example.jp';
    await call('POST', '/api/v1/auth/register', {
      ip: newIp(),
      payload: {
        email,
        password: PASSWORD,
        password_confirmation: PASSWORD,
        name: '田中 太郎',
        bot_token: await botToken(),
      },
    });
    const token = linkFrom(await smtp.latest(email), /verify\/[\w-]+/).split('/')[1] as string;
    await ctx.db.knex('email_verifications').update({ expires_at: new Date(Date.now() - 1000) });
    const expired = await call('GET', `/api/v1/email/verify/${token}`);
    expect(expired.statusCode).toBe(410);
    expect(body(expired).meta.message).toBe('リンクの有効期限（10分）が切れています。確認メールを再送してください。');
    expect((await call('GET', '/api/v1/email/verify/not-a-token')).statusCode).toBe(400);

    const before = smtp.count(email);
    const resent = await call('GET', `/api/v1/auth/resend/email/verify?email=${encodeURIComponent(email)}`, {
      lang: 'en',
    });
    expect(resent.statusCode).toBe(200);
    expect(body(resent).meta.message).toBe('The verification e-mail has been resent.');
    await expect.poll(() => smtp.count(email)).toBe(before + 1);
    const fresh = linkFrom(await smtp.latest(email), /verify\/[\w-]+/).split('/')[1] as string;
    expect((await call('GET', `/api/v1/email/verify/${fresh}`)).statusCode).toBe(200);

    // Unknown addresses get the same answer and no mail.
    const unknown = await call('GET', '/api/v1/auth/resend/email/verify?email=ghost%40example.jp');
    expect(unknown.statusCode).toBe(200);
    expect(smtp.count('ghost@example.jp')).toBe(0);
  });

  it('gives the spec messages for bad input, in ja and en, and creates nothing', async () => {
    const base = {
      email: 'bad@example.jp',
      password: PASSWORD,
      password_confirmation: PASSWORD,
      name: 'x',
      bot_token: await botToken(),
    };
    const cases: [Record<string, unknown>, string, string][] = [
      [
        { email: 'not-an-email' },
        '正しい形式のメールアドレスを入力してください。',
        'Please enter a correctly formatted email address.',
      ],
      [
        { password: 'short1A', password_confirmation: 'short1A' },
        'パスワードは半角8文字以上で、英大文字・英小文字・数字をそれぞれ含めてください',
        'Use at least 8 half-width characters, including an upper-case letter, a lower-case letter and a digit.',
      ],
      [
        { password: 'alllowercase1', password_confirmation: 'alllowercase1' },
        'パスワードは半角8文字以上で、英大文字・英小文字・数字をそれぞれ含めてください',
        'Use at least 8 half-width characters, including an upper-case letter, a lower-case letter and a digit.',
      ],
      [{ password_confirmation: 'Different1' }, 'パスワードが一致しません', 'The passwords do not match'],
      [{ name: '' }, 'nameを入力してください', 'Please enter name'],
      [
        { bot_token: 'forged.token' },
        'ロボットではないことを確認できませんでした。もう一度お試しください',
        'We could not confirm that you are not a robot. Please try again',
      ],
    ];
    for (const [change, ja, en] of cases) {
      for (const [lang, text] of [
        ['ja', ja],
        ['en', en],
      ] as const) {
        const res = await call('POST', '/api/v1/auth/register', { ip: newIp(), lang, payload: { ...base, ...change } });
        expect(res.statusCode, JSON.stringify(change)).toBe(400);
        expect(body(res).meta.message).toBe(text);
      }
    }
    expect(await ctx.db.knex('users').where({ email: 'bad@example.jp' }).first()).toBeUndefined();
  });

  it('answers a wrong password with one message whether or not the address exists', async () => {
    await registerAndVerify('wrongpw@example.jp');
    const a = await call('POST', '/api/v1/auth/login', {
      ip: newIp(),
      payload: { email: 'wrongpw@example.jp', password: 'Wrong1234', bot_token: await botToken() },
    });
    const b = await call('POST', '/api/v1/auth/login', {
      ip: newIp(),
      payload: { email: 'nobody@example.jp', password: 'Wrong1234', bot_token: await botToken() },
    });
    expect(a.statusCode).toBe(401);
    expect(b.statusCode).toBe(401);
    expect(body(a).meta.message).toBe('メールアドレスまたはパスワードが正しくありません');
    expect(body(b).meta.message).toBe(body(a).meta.message);
  });
});

describe('rate limits', () => {
  it('limits login per address and per client with a clear message', async () => {
    const ip = newIp();
    let last: Res | undefined;
    for (let i = 0; i < 11; i++) {
      last = await call('POST', '/api/v1/auth/login', {
        ip: i % 2 ? ip : newIp(),
        lang: 'en',
        payload: { email: 'target@example.jp', password: 'Wrong1234', bot_token: await botToken() },
      });
    }
    expect(last?.statusCode).toBe(429);
    expect(body(last as Res).meta.message).toMatch(/^Too many attempts. Please wait about \d+ minutes and try again$/);
  });

  it('limits forgot-password and resend per address', async () => {
    const email = 'flood@example.jp';
    const codes: number[] = [];
    for (let i = 0; i < 4; i++)
      codes.push((await call('POST', '/api/v1/auth/password/forgot', { ip: newIp(), payload: { email } })).statusCode);
    expect(codes).toEqual([200, 200, 200, 429]);
    const resend: number[] = [];
    for (let i = 0; i < 4; i++)
      resend.push((await call('GET', `/api/v1/auth/resend/email/verify?email=${email}`, { ip: newIp() })).statusCode);
    expect(resend).toEqual([200, 200, 200, 429]);
  });

  it('limits registration per client', async () => {
    const ip = newIp();
    const codes: number[] = [];
    for (let i = 0; i < 21; i++) {
      const res = await call('POST', '/api/v1/auth/register', {
        ip,
        payload: {
          email: `many${i}@example.jp`,
          password: PASSWORD,
          password_confirmation: PASSWORD,
          name: 'x',
          bot_token: 'x',
        },
      });
      codes.push(res.statusCode);
    }
    expect(codes.at(-1)).toBe(429);
  });
});

describe('password reset', () => {
  it('never reveals whether an address exists, and resets with the mailed link', async () => {
    const email = 'forgetful@example.jp';
    await registerAndVerify(email, '佐藤 次郎');
    const old = await login(email);
    const unknown = await call('POST', '/api/v1/auth/password/forgot', {
      ip: newIp(),
      payload: { email: 'unknown@example.jp' },
    });
    const known = await call('POST', '/api/v1/auth/password/forgot', { ip: newIp(), payload: { email } });
    expect(unknown.statusCode).toBe(200);
    expect(body(unknown).meta.message).toBe(body(known).meta.message);
    expect(smtp.count('unknown@example.jp')).toBe(0);
    const link = linkFrom(await smtp.latest(email), /http:\/\/localhost:3000\/reset-password\?\S+/);
    const url = new URL(link);
    expect(url.searchParams.get('email')).toBe(email);
    const token = url.searchParams.get('token') as string;

    const bad = await call('POST', '/api/v1/auth/password/reset', {
      payload: { email, token: 'nope', password: 'NewPass2026', password_confirmation: 'NewPass2026' },
    });
    expect(bad.statusCode).toBe(400);
    const res = await call('POST', '/api/v1/auth/password/reset', {
      lang: 'en',
      payload: { email, token, password: 'NewPass2026', password_confirmation: 'NewPass2026' },
    });
    expect(res.statusCode).toBe(200);
    expect(body(res).meta.message).toBe('Your new password has been set.');
    // Used once; old sessions ended; the new password works.
    expect(
      (
        await call('POST', '/api/v1/auth/password/reset', {
          payload: { email, token, password: 'NewPass2027', password_confirmation: 'NewPass2027' },
        })
      ).statusCode,
    ).toBe(400);
    expect((await call('GET', '/api/v1/me', { token: old.access_token })).statusCode).toBe(401);
    await login(email, 'NewPass2026');
  });
});

describe('tokens and cookies', () => {
  it('sets the token cookie, accepts it, protects writes against other origins, and logs out', async () => {
    const email = 'cookie@example.jp';
    await registerAndVerify(email);
    const token = await login(email);
    const set = await call('POST', '/api/access-token', { payload: token });
    expect(set.statusCode).toBe(204);
    const cookies = ([] as string[]).concat(set.headers['set-cookie'] ?? []);
    const tokenCookie = cookies.find((c) => c.startsWith('access_token='));
    expect(tokenCookie).toMatch(/HttpOnly/);
    expect(tokenCookie).toMatch(/SameSite=Lax/);
    expect(tokenCookie).toMatch(/Path=\//);
    expect(cookies.find((c) => c.startsWith('access_token_expires_at='))).not.toMatch(/HttpOnly/);
    const cookie = `access_token=${token.access_token}`;

    expect((await call('GET', '/api/v1/me', { cookie, origin: null })).statusCode).toBe(200);
    const foreign = await call('PUT', '/api/v1/me', { cookie, origin: 'https://evil.example', payload: { name: 'x' } });
    expect(foreign.statusCode).toBe(403);
    expect((await call('PUT', '/api/v1/me', { cookie, origin: null, payload: { name: 'x' } })).statusCode).toBe(403);
    expect((await call('PUT', '/api/v1/me', { cookie, payload: { name: 'Cookie User' } })).statusCode).toBe(200);
    // Setting the cookie from another site is refused too.
    expect(
      (await call('POST', '/api/access-token', { payload: token, origin: 'https://evil.example' })).statusCode,
    ).toBe(403);

    const out = await call('POST', '/api/access-token', { cookie, payload: { access_token: null, expires_in: -1 } });
    expect(out.statusCode).toBe(204);
    expect(([] as string[]).concat(out.headers['set-cookie'] ?? []).some((c) => /^access_token=;/.test(c))).toBe(true);
    expect((await call('GET', '/api/v1/me', { token: token.access_token })).statusCode).toBe(401);
  });

  it('uses a __Host- cookie over https', async () => {
    const secure = await createTestServer({ PUBLIC_URL: 'https://zoopass.example' });
    try {
      const db = secure.db.knex;
      const [user] = await db('users')
        .insert({ email: 's@example.jp', name: 's', email_verified_at: new Date() })
        .returning('id');
      const { issueAccessToken } = await import('../features/auth/accessToken');
      const token = await issueAccessToken(db, secure.server.app.config, user.id);
      const res = await secure.server.inject({
        method: 'POST',
        url: '/api/access-token',
        payload: token,
        headers: { origin: 'https://zoopass.example' },
      });
      const cookie = ([] as string[])
        .concat(res.headers['set-cookie'] ?? [])
        .find((c) => c.startsWith('__Host-access_token='));
      expect(cookie).toMatch(/Secure/);
      expect(cookie).toMatch(/HttpOnly/);
      expect(cookie).not.toMatch(/Domain=/);
    } finally {
      await secure.close();
    }
  });

  it('refuses expired, revoked, foreign-audience and unsigned tokens', async () => {
    const email = 'tokens@example.jp';
    await registerAndVerify(email);
    const { access_token } = await login(email);
    const key = jwtKey(ctx.server.app.config);
    const claims = Jwt.token.decode(access_token).decoded.payload as Record<string, unknown>;
    const forge = (changes: Record<string, unknown>, secret: Buffer | string = key) =>
      Jwt.token.generate({ ...claims, ...changes }, { key: secret, algorithm: 'HS256' }, { iat: false });
    const expired = forge({ exp: Math.floor(Date.now() / 1000) - 60 });
    const otherAud = forge({ aud: 'https://elsewhere.example' });
    const otherKey = forge({}, 'another-secret-another-secret-another');
    const [h, p] = access_token.split('.');
    const unsigned = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${p}.`;
    for (const bad of [expired, otherAud, otherKey, unsigned, `${h}.${p}.AAAA`]) {
      expect((await call('GET', '/api/v1/me', { token: bad })).statusCode).toBe(401);
    }
    expect((await call('GET', '/api/v1/me', { token: access_token })).statusCode).toBe(200);
    const out = await call('POST', '/api/v1/auth/logout', { token: access_token });
    expect(out.statusCode).toBe(200);
    const after = await call('GET', '/api/v1/me', { token: access_token, lang: 'en' });
    expect(after.statusCode).toBe(401);
    expect(body(after).meta.message).toBe('Please sign in');
  });
});

describe('profile', () => {
  it('updates the spec fields, changes the language, validates, and changes the password', async () => {
    const email = 'profile@example.jp';
    await registerAndVerify(email);
    const { access_token: token } = await login(email);
    const update = {
      name: '鈴木 一郎',
      email,
      telephone: '090-1234-5678',
      prefecture_id: 13,
      birthdate: '1988-04-01',
      language: 1,
    };
    const res = await call('PUT', '/api/v1/me', { token, payload: update, lang: 'en' });
    expect(res.statusCode).toBe(200);
    expect(body(res).meta.message).toBe('Your account has been updated.');
    expect(body(res).data).toMatchObject(update);
    expect((await call('PUT', '/api/v1/me', { token, payload: { ...update, prefecture_id: 48 } })).statusCode).toBe(
      400,
    );
    expect((await call('PUT', '/api/v1/me', { token, payload: { ...update, telephone: 'abc' } })).statusCode).toBe(400);

    expect(
      (await call('POST', '/api/v1/auth/password/verify-password', { token, payload: { password: PASSWORD } }))
        .statusCode,
    ).toBe(200);
    const wrong = await call('POST', '/api/v1/auth/password/verify-password', {
      token,
      payload: { password: 'Nope12345' },
    });
    expect(wrong.statusCode).toBe(422);
    const changed = await call('PUT', '/api/v1/me/reset-password', {
      token,
      payload: { current_password: PASSWORD, password: 'Changed2026', password_confirmation: 'Changed2026' },
    });
    expect(body(changed).meta.message).toBe('パスワードを変更しました。');
    await login(email, 'Changed2026');

    const off = await call('PUT', '/api/v1/me/notification', { token, payload: { enabled: false } });
    expect(body(off).data.notifications_enabled).toBe(false);
  });

  it('takes a JPEG or PNG icon up to 10MB', async () => {
    await registerAndVerify('icon@example.jp');
    const { access_token: token } = await login('icon@example.jp');
    const upload = (bytes: Buffer, type: string) => {
      const boundary = '----zoo';
      const payload = Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="icon"; filename="a"\r\nContent-Type: ${type}\r\n\r\n`,
        ),
        bytes,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      return ctx.server.inject({
        method: 'POST',
        url: '/api/v1/me/icon',
        payload,
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'accept-language': 'en',
        },
      });
    };
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(100)]);
    const ok = await upload(png, 'image/png');
    expect(ok.statusCode).toBe(200);
    const url = body(ok).data.icon_url as string;
    const img = await call('GET', url, { token });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
    expect(img.rawPayload.equals(png)).toBe(true);
    const gif = await upload(Buffer.from('GIF89a....'), 'image/gif');
    expect(body(gif).meta.message).toBe('Please choose a JPEG or PNG image');
    const big = await upload(
      Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(10 * 1024 * 1024 + 10)]),
      'image/jpeg',
    );
    expect(big.statusCode).toBe(413);
    expect(body(big).meta.message).toBe('The photo exceeds 10MB');
    // Nobody else sees it.
    await registerAndVerify('other-icon@example.jp');
    const other = await login('other-icon@example.jp');
    expect((await call('GET', url, { token: other.access_token })).statusCode).toBe(404);
  });

  it('deletes the account after confirmation and frees the address', async () => {
    await registerAndVerify('leaving@example.jp');
    const { access_token: token } = await login('leaving@example.jp');
    const res = await call('DELETE', '/api/v1/me', { token, payload: { password: PASSWORD } });
    expect(res.statusCode).toBe(200);
    expect((await call('GET', '/api/v1/me', { token })).statusCode).toBe(401);
    expect(
      body(await call('POST', '/api/v1/auth/register/check-email-exists', { payload: { email: 'leaving@example.jp' } }))
        .data.exists,
    ).toBe(false);
  });
});

describe('family accounts', () => {
  it('lets a parent create, edit and switch to a kid who cannot do parent things; strangers see nothing', async () => {
    await registerAndVerify('parent@example.jp', '高橋 優子');
    const parent = await login('parent@example.jp');
    const created = await call('POST', '/api/v1/me/childs', {
      token: parent.access_token,
      payload: { name: 'たろう', birthdate: '2018-05-05' },
    });
    expect(created.statusCode).toBe(201);
    const kid = body(created).data as { id: number };
    const edited = await call('PUT', `/api/v1/me/childs/${kid.id}`, {
      token: parent.access_token,
      payload: { name: 'たろうくん', birthdate: '2018-05-05' },
    });
    expect(body(edited).data.name).toBe('たろうくん');
    const list = await call('GET', '/api/v1/me/childs', { token: parent.access_token });
    expect(body(list).data.map((c: { id: number }) => c.id)).toEqual([kid.id]);

    const switched = await call('POST', `/api/v1/auth/switch/${kid.id}`, { token: parent.access_token });
    expect(switched.statusCode).toBe(200);
    const kidToken = (switched.result as { access_token: string }).access_token;
    // The parent's old session ended with the switch.
    expect((await call('GET', '/api/v1/me', { token: parent.access_token })).statusCode).toBe(401);
    const kidMe = body(await call('GET', '/api/v1/me', { token: kidToken })).data;
    expect(kidMe).toMatchObject({ id: kid.id, child_flag: 1, acting_parent_id: expect.any(Number) });
    expect(body(await call('GET', '/api/v1/me/parent', { token: kidToken })).data.name).toBe('高橋 優子');
    for (const [method, url, payload] of [
      ['POST', '/api/v1/me/childs', { name: 'x', birthdate: '2020-01-01' }],
      ['GET', '/api/v1/me/childs', undefined],
      ['PUT', '/api/v1/me/reset-password', { password: 'Kid12345a', password_confirmation: 'Kid12345a' }],
      ['DELETE', '/api/v1/me', undefined],
    ] as const) {
      const res = await call(method, url, { token: kidToken, payload, lang: 'en' });
      expect(res.statusCode, url).toBe(403);
      expect(body(res).meta.message).toBe('Kids accounts cannot use this');
    }
    // Back to the parent only with the parent's password.
    const bare = await call('POST', `/api/v1/auth/switch/${kidMe.acting_parent_id}`, { token: kidToken });
    expect(bare.statusCode).toBe(400);
    const back = await call('POST', `/api/v1/auth/switch/${kidMe.acting_parent_id}`, {
      token: kidToken,
      payload: { password: PASSWORD },
    });
    expect(back.statusCode).toBe(200);
    const parentAgain = (back.result as { access_token: string }).access_token;
    expect(body(await call('GET', '/api/v1/me', { token: parentAgain })).data.child_flag).toBe(0);

    await registerAndVerify('stranger@example.jp');
    const stranger = await login('stranger@example.jp');
    expect((await call('GET', `/api/v1/me/childs/${kid.id}`, { token: stranger.access_token })).statusCode).toBe(404);
    expect(
      (
        await call('PUT', `/api/v1/me/childs/${kid.id}`, {
          token: stranger.access_token,
          payload: { name: 'x', birthdate: '2018-01-01' },
        })
      ).statusCode,
    ).toBe(404);
    expect((await call('POST', `/api/v1/auth/switch/${kid.id}`, { token: stranger.access_token })).statusCode).toBe(
      404,
    );
    expect(body(await call('GET', '/api/v1/me/childs', { token: stranger.access_token })).data).toEqual([]);
  });

  it('asks a parent without a password to set one first', async () => {
    const db = ctx.db.knex;
    const [user] = await db('users')
      .insert({ email: 'social-only@example.jp', name: 'S', email_verified_at: new Date() })
      .returning('id');
    const { issueAccessToken } = await import('../features/auth/accessToken');
    const token = await issueAccessToken(db, ctx.server.app.config, user.id);
    const res = await call('POST', '/api/v1/me/childs', {
      token: token.access_token,
      payload: { name: 'はなこ', birthdate: '2019-01-01' },
    });
    expect(res.statusCode).toBe(409);
    expect(body(res).meta.message).toBe(
      'キッズアカウントを作成するには、先に保護者アカウントのパスワードを設定してください',
    );
  });
});

describe('account changes need proof', () => {
  it('an e-mail change needs the current password, a link sent to the new address, and tells the old one', async () => {
    await registerAndVerify('owner@example.jp', '持ち主 太郎');
    const { access_token: token } = await login('owner@example.jp');
    const profile = { name: '持ち主 太郎', email: 'thief@example.jp' };
    const bare = await call('PUT', '/api/v1/me', { token, payload: profile, lang: 'en' });
    expect(bare.statusCode).toBe(400);
    expect(body(bare).meta.code).toBe('currentPasswordRequired');
    const wrong = await call('PUT', '/api/v1/me', { token, payload: { ...profile, current_password: 'Wrong2026x' } });
    expect(wrong.statusCode).toBe(403);
    const asked = await call('PUT', '/api/v1/me', { token, payload: { ...profile, current_password: PASSWORD } });
    expect(asked.statusCode, JSON.stringify(asked.result)).toBe(200);
    // Nothing changed yet: the old address stays until the link is used.
    expect(body(asked).data.email).toBe('owner@example.jp');
    expect(body(asked).meta.code).toBe('emailChangeSent');
    const told = await smtp.latest('owner@example.jp');
    expect(told.text).toContain('thief@example.jp');
    const link = linkFrom(await smtp.latest('thief@example.jp'), /http:\/\/localhost:3000\/email\/verify\/[\w-]+/);
    const verified = await call('GET', `/api/v1/email/verify/${link.split('/').at(-1)}`);
    expect(verified.statusCode, JSON.stringify(verified.result)).toBe(200);
    expect(body(await call('GET', '/api/v1/me', { token })).data.email).toBe('thief@example.jp');
    await login('thief@example.jp');
  });

  it('deleting the account needs the password on the server', async () => {
    await registerAndVerify('leaving@example.jp');
    const { access_token: token } = await login('leaving@example.jp');
    expect((await call('DELETE', '/api/v1/me', { token })).statusCode).toBe(400);
    expect((await call('DELETE', '/api/v1/me', { token, payload: { password: 'Wrong2026x' } })).statusCode).toBe(403);
    expect((await call('GET', '/api/v1/me', { token })).statusCode).toBe(200);
    const gone = await call('DELETE', '/api/v1/me', { token, payload: { password: PASSWORD } });
    expect(gone.statusCode, JSON.stringify(gone.result)).toBe(200);
  });

  it('registering an unverified address again leaves the pending account alone until its own link is used', async () => {
    const email = 'pending@example.jp';
    const first = await call('POST', '/api/v1/auth/register', {
      ip: newIp(),
      payload: {
        email,
        password: PASSWORD,
        password_confirmation: PASSWORD,
        name: '本人',
        bot_token: await botToken(),
      },
    });
    expect(first.statusCode).toBe(201);
    const ownLink = linkFrom(await smtp.latest(email), /http:\/\/localhost:3000\/email\/verify\/[\w-]+/);
    const before = await ctx.db.knex('users').where({ email }).first('name', 'password_hash');
    const other = 'Other2026x';
    const second = await call('POST', '/api/v1/auth/register', {
      ip: newIp(),
      payload: { email, password: other, password_confirmation: other, name: '他人', bot_token: await botToken() },
    });
    expect(second.statusCode).toBe(201);
    expect(await ctx.db.knex('users').where({ email }).first('name', 'password_hash')).toEqual(before);
    // The owner's own link still works, with the owner's password; the other link then does nothing.
    expect((await call('GET', `/api/v1/email/verify/${ownLink.split('/').at(-1)}`)).statusCode).toBe(200);
    await login(email);
    const otherLink = linkFrom(await smtp.latest(email), /http:\/\/localhost:3000\/email\/verify\/[\w-]+/);
    expect(otherLink).not.toBe(ownLink);
    expect((await call('GET', `/api/v1/email/verify/${otherLink.split('/').at(-1)}`)).statusCode).toBe(400);
    expect((await ctx.db.knex('users').where({ email }).first('name')).name).toBe('本人');
  });
});
