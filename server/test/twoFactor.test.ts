// Two-factor sign-in (TOTP) for staff: turning it on (otpauth URI, first code), signing in with a code (±1 step,
// never the same code twice), recovery codes (each once), turning it off, and an owner requiring it for the park
// (members without it get a clear 403 on that park's staff routes until they turn it on). PGlite, and PostgreSQL
// with DATABASE_URL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../lib/passwords';
import { base32Decode, totp } from '../lib/totp';
import { body, commerce } from './commerceFixtures';
import { createTestServer, type TestContext } from './testServer';
import type { TestUser } from './users';

let ctx: TestContext;
const c = commerce(() => ctx);
const PASSWORD = 'Kirin2026';
let passwordHash = '';
let parkA = 0;
let parkB = 0;

beforeAll(async () => {
  ctx = await createTestServer({ PUBLIC_URL: 'http://localhost:3000' });
  passwordHash = await hashPassword(PASSWORD);
  [parkA, parkB] = (await c
    .knex()('parks')
    .where('is_private', false)
    .orderBy('id')
    .offset(3)
    .limit(2)
    .pluck('id')) as [number, number];
}, 240_000);
afterAll(async () => {
  await ctx?.close();
});

const now = () => Math.floor(Date.now() / 1000);

async function member(parkId: number, role: string) {
  const user = await c.user({ password_hash: passwordHash });
  await c.knex()('park_staff').insert({ user_id: user.id, park_id: parkId, role });
  return user;
}

async function signIn(user: TestUser, lang: 'ja' | 'en' = 'ja') {
  const bot = body(await c.call('GET', '/api/v1/auth/bot-check')).data.token as string;
  return c.call('POST', '/api/v1/auth/login', { lang }, { email: user.email, password: PASSWORD, bot_token: bot });
}

/** Turns TOTP on for the user: answers the secret and the recovery codes. */
async function enable(user: TestUser) {
  const setup = await c.call('POST', '/api/v1/me/two-factor/setup', user);
  expect(setup.statusCode, setup.payload).toBe(200);
  const uri = new URL(body(setup).data.otpauthUri);
  const secret = base32Decode(uri.searchParams.get('secret') as string);
  expect(body(setup).data.secret).toBe(uri.searchParams.get('secret'));
  const res = await c.call('POST', '/api/v1/me/two-factor/confirm', user, { code: totp(secret, now()) });
  expect(res.statusCode, res.payload).toBe(200);
  return { secret, recoveryCodes: body(res).data.recoveryCodes as string[] };
}

describe('two-factor sign-in', () => {
  it('is turned on with a first code; the otpauth URI names the issuer and account; a wrong code changes nothing', async () => {
    const user = await member(parkA, 'editor');
    const setup = await c.call('POST', '/api/v1/me/two-factor/setup', user);
    const uri = body(setup).data.otpauthUri as string;
    expect(uri).toMatch(/^otpauth:\/\/totp\/ZooPass:/);
    expect(decodeURIComponent(uri)).toContain(user.email);
    const wrong = await c.call('POST', '/api/v1/me/two-factor/confirm', { ...user, lang: 'en' }, { code: '000000' });
    // 422, not 401: a signed-in account keeps its session.
    expect(wrong.statusCode).toBe(422);
    expect(body(wrong).meta).toMatchObject({
      code: 'totpSettingCodeWrong',
      message: 'The verification code is not correct',
    });
    const status = body(await c.call('GET', '/api/v1/me/two-factor', user)).data;
    expect(status.enabled).toBe(false);
    const bad = await c.call('POST', '/api/v1/me/two-factor/confirm', { ...user, lang: 'en' }, { code: '12ab' });
    expect(bad.statusCode).toBe(400);
    expect(body(bad).meta.message).toContain('code');

    const { recoveryCodes } = await enable(user);
    expect(recoveryCodes).toHaveLength(10);
    const after = body(await c.call('GET', '/api/v1/me/two-factor', user)).data;
    expect(after).toMatchObject({ enabled: true, recoveryCodesLeft: 10 });
    // Codes are stored hashed, the secret sealed.
    const stored = await c.knex()('totp_recovery_codes').where({ user_id: user.id }).pluck('code_hash');
    expect(stored).not.toContain(recoveryCodes[0]);
    const row = await c.knex()('user_totp').where({ user_id: user.id }).first('secret_enc');
    expect(row.secretEnc).not.toContain(new URL(uri).searchParams.get('secret'));
    // Recorded in the park's audit trail.
    const audit = await c
      .knex()('staff_audit')
      .where({ park_id: parkA, entity: 'member', entity_id: String(user.id) });
    expect(audit.map((a) => a.action)).toContain('totp.enable');
  });

  it('sign-in then asks for the code: a wrong code is refused, a right one signs in once, a replay is refused', async () => {
    const user = await member(parkA, 'editor');
    const { secret } = await enable(user);
    const first = await signIn(user);
    expect(first.statusCode, first.payload).toBe(202);
    const { challenge, two_factor_required } = JSON.parse(first.payload);
    expect(two_factor_required).toBe(true);
    expect(JSON.parse(first.payload).access_token).toBeUndefined();

    const wrong = await c.call('POST', '/api/v1/auth/login/two-factor', {}, { challenge, code: '000000' });
    expect(wrong.statusCode).toBe(401);
    expect(body(wrong).meta.code).toBe('totpCodeWrong');
    // The step after the confirming one (the confirmation used the current step).
    const next = totp(secret, now() + 30);
    const ok = await c.call('POST', '/api/v1/auth/login/two-factor', {}, { challenge, code: next });
    expect(ok.statusCode, ok.payload).toBe(200);
    const token = JSON.parse(ok.payload).access_token as string;
    expect((await c.call('GET', `/api/v1/staff/parks/${parkA}/stories`, { token })).statusCode).toBe(200);

    // The same code again, on a new challenge: refused as used.
    const again = JSON.parse((await signIn(user, 'en')).payload).challenge;
    const replay = await c.call(
      'POST',
      '/api/v1/auth/login/two-factor',
      { lang: 'en' },
      { challenge: again, code: next },
    );
    expect(replay.statusCode).toBe(401);
    expect(body(replay).meta).toMatchObject({ code: 'totpCodeUsed' });
    expect(body(replay).meta.message).toMatch(/already been used/);
    // A used challenge cannot be answered again either.
    const reuse = await c.call(
      'POST',
      '/api/v1/auth/login/two-factor',
      {},
      { challenge, code: totp(secret, now() + 60) },
    );
    expect(reuse.statusCode).toBe(401);
    expect(body(reuse).meta.code).toBe('totpChallengeExpired');
  });

  it('a recovery code signs in once; the challenge allows five tries', async () => {
    const user = await member(parkA, 'scanner');
    const { recoveryCodes } = await enable(user);
    const challenge = JSON.parse((await signIn(user)).payload).challenge;
    const code = (recoveryCodes[3] as string).toUpperCase();
    const ok = await c.call('POST', '/api/v1/auth/login/two-factor', {}, { challenge, recovery_code: code });
    expect(ok.statusCode, ok.payload).toBe(200);
    const second = JSON.parse((await signIn(user)).payload).challenge;
    const used = await c.call('POST', '/api/v1/auth/login/two-factor', {}, { challenge: second, recovery_code: code });
    expect(used.statusCode).toBe(401);
    expect(body(used).meta.code).toBe('totpCodeWrong');
    expect(body(await c.call('GET', '/api/v1/me/two-factor', user)).data.recoveryCodesLeft).toBe(9);

    for (let i = 0; i < 4; i++) {
      await c.call('POST', '/api/v1/auth/login/two-factor', {}, { challenge: second, code: '000000' });
    }
    const tooMany = await c.call(
      'POST',
      '/api/v1/auth/login/two-factor',
      {},
      { challenge: second, recovery_code: recoveryCodes[0] },
    );
    expect(tooMany.statusCode).toBe(401);
    expect(body(tooMany).meta.code).toBe('totpChallengeExpired');
  });

  it('turning it on ends the other sessions; turning it off needs a code', async () => {
    const user = await member(parkA, 'editor');
    const signedIn = await signIn(user);
    const other = { token: JSON.parse(signedIn.payload).access_token as string };
    expect((await c.call('GET', '/api/v1/me', other)).statusCode).toBe(200);
    const { secret } = await enable(user);
    expect((await c.call('GET', '/api/v1/me', other)).statusCode).toBe(401);
    expect((await c.call('GET', '/api/v1/me', user)).statusCode).toBe(200);

    const wrong = await c.call('POST', '/api/v1/me/two-factor/disable', user, { code: '000000' });
    expect(wrong.statusCode).toBe(422);
    expect(body(wrong).meta.code).toBe('totpSettingCodeWrong');
    const off = await c.call('POST', '/api/v1/me/two-factor/disable', user, { code: totp(secret, now() + 30) });
    expect(off.statusCode, off.payload).toBe(200);
    expect((await signIn(user)).statusCode).toBe(200);
  });

  it("an owner requires it for the park: members without it get a clear 403 on that park's routes until they turn it on", async () => {
    const owner = await member(parkB, 'owner');
    const editor = await member(parkB, 'editor');
    await c.knex()('park_staff').insert({ user_id: editor.id, park_id: parkA, role: 'editor' });
    const url = `/api/v1/staff/parks/${parkB}/two-factor`;

    const early = await c.call('PUT', url, { ...owner, lang: 'en' }, { required: true });
    expect(early.statusCode).toBe(409);
    expect(body(early).meta.code).toBe('totpSetupFirst');
    const byEditor = await c.call('PUT', url, editor, { required: true });
    expect(byEditor.statusCode).toBe(403);
    const bad = await c.call('PUT', url, { ...owner, lang: 'en' }, { required: 'sometimes' });
    expect(bad.statusCode).toBe(400);
    expect(body(bad).meta.message).toContain('required');

    await enable(owner);
    const set = await c.call('PUT', url, owner, { required: true });
    expect(set.statusCode, set.payload).toBe(200);
    expect(body(set).data).toEqual({ requireTotp: true });

    const refused = await c.call('GET', `/api/v1/staff/parks/${parkB}/stories`, { ...editor, lang: 'en' });
    expect(refused.statusCode).toBe(403);
    expect(body(refused).meta.code).toBe('totpRequiredByPark');
    expect(body(refused).meta.message).toMatch(/requires two-step sign-in/);
    const ja = await c.call('GET', `/api/v1/staff/parks/${parkB}/stories`, editor);
    expect(body(ja).meta.message).toContain('2段階認証');
    // Another park of the same member, without the rule, still answers.
    expect((await c.call('GET', `/api/v1/staff/parks/${parkA}/stories`, editor)).statusCode).toBe(200);
    // The owner sees who lacks it.
    const members = body(await c.call('GET', `/api/v1/staff/parks/${parkB}/members`, owner)).data;
    expect(members.requireTotp).toBe(true);
    expect(members.members.find((m: { userId: number }) => m.userId === editor.id).twoFactor).toBe(false);
    expect(body(await c.call('GET', '/api/v1/me/two-factor', editor)).data.requiredByParks).toEqual([parkB]);

    const { secret } = await enable(editor);
    expect((await c.call('GET', `/api/v1/staff/parks/${parkB}/stories`, editor)).statusCode).toBe(200);
    // While the park requires it, the member cannot turn it off.
    const off = await c.call('POST', '/api/v1/me/two-factor/disable', editor, { code: totp(secret, now() + 30) });
    expect(off.statusCode).toBe(409);
    expect(body(off).meta.code).toBe('totpRequiredCannotDisable');

    const audit = await c.knex()('staff_audit').where({ park_id: parkB, entity: 'park' }).first();
    expect(audit).toMatchObject({ action: 'twoFactor.rule', actorUserId: owner.id });
    expect(audit.before).toEqual({ requireTotp: false });
    expect(audit.after).toEqual({ requireTotp: true });
  });
});
