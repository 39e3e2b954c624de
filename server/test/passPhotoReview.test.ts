// Annual passes (issue 29, server/features/passes/README.md 2.5): the park's editors and owners review holders'
// face photos. The queue lists the pending photos of the park's passes; approving keeps the photo as the holder's;
// rejecting needs a reason (named in ja and en when missing), puts the holder back on their last approved photo (or
// none), and tells the pass owner (and the holder, when it is another account) once, by inbox, push and mail, even
// when the staff member clicks twice. Another park's staff and visitors see nothing. PGlite, and PostgreSQL with
// DATABASE_URL.
import { execFileSync } from 'node:child_process';
import { createECDH, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
// @ts-expect-error http_ece (web-push's own encryption library) ships no types
import ece from 'http_ece';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, type Caller, commerce } from './commerceFixtures';
import { multipart, rotatedGpsJpeg } from './photoFixtures';
import { startSmtp } from './smtp';
import { makePassProduct, passShop } from './support/passFixtures';
import { createHttpTestServer, type TestContext } from './testServer';

let ctx: TestContext;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let push: Server;
let pushOrigin = '';
let dir = '';
const received: { path: string; body: Buffer }[] = [];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'zoo-review-push-'));
  execFileSync(
    'openssl',
    [
      ...['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes', '-days', '2'],
      ...['-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1'],
      ...['-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem')],
    ],
    { stdio: 'ignore' },
  );
  push = createServer(
    { key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(join(dir, 'cert.pem')) },
    (q, s) => {
      const chunks: Buffer[] = [];
      q.on('data', (b: Buffer) => chunks.push(b));
      q.on('end', () => {
        received.push({ path: q.url ?? '', body: Buffer.concat(chunks) });
        s.statusCode = 201;
        s.end();
      });
    },
  );
  await new Promise<void>((r) => push.listen(0, '127.0.0.1', r));
  pushOrigin = `https://127.0.0.1:${(push.address() as { port: number }).port}`;
  smtp = await startSmtp();
  ctx = await createHttpTestServer({ SMTP_URL: smtp.url, PUSH_CA_FILE: join(dir, 'cert.pem') });
}, 240_000);
afterAll(async () => {
  await ctx?.close();
  await smtp?.close();
  push?.close();
  rmSync(dir, { recursive: true, force: true });
});

const c = commerce(() => ctx);
const runJobs = () => ctx.server.plugins.jobs.runOnce();
const grantCoins = (userId: number) =>
  c
    .knex()('coin_entries')
    .insert({
      user_id: userId,
      kind: 'plus',
      reason: 'reward',
      amount: 100_000,
      expires_at: new Date(Date.now() + 86_400_000 * 30),
    });
const { buyer, kidOf, buyFamilyPass, cards } = passShop(c, grantCoins);

async function staff(parkId: number, role: string): Promise<Caller & { id: number }> {
  const who = await c.user();
  await c.knex()('park_staff').insert({ user_id: who.id, park_id: parkId, role });
  return who;
}

/** A browser's push subscription (its ECDH key pair and auth secret) registered for `who`. */
async function subscribe(who: Caller, path: string) {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  const json = {
    endpoint: `${pushOrigin}${path}`,
    expirationTime: null,
    keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
  };
  const res = await c.call('POST', '/api/v1/me/push-subscriptions', who, { ...json, language: 'ja' });
  expect(res.statusCode, res.payload).toBeLessThan(300);
  return (payload: Buffer) =>
    JSON.parse(ece.decrypt(payload, { version: 'aes128gcm', privateKey: ecdh, authSecret: auth }).toString('utf8'));
}

/** A family pass whose kid holder has a pending photo: the parent owns it. */
async function passWithPendingPhoto() {
  const product = await makePassProduct(c.knex(), { kind: 'family', maxHolders: 3 });
  const parent = await buyer();
  const kid = await kidOf(parent.id);
  const { pass } = await buyFamilyPass(product, parent, kid.id);
  const holder = await c.knex()('pass_holders').where({ pass_id: pass.id, holder_user_id: kid.id }).first();
  const { payload, type } = multipart({
    photo: { filename: 'face.jpg', type: 'image/jpeg', data: await rotatedGpsJpeg() },
  });
  const up = await ctx.server.inject({
    method: 'POST',
    url: '/api/v1/me/pass-photos',
    payload,
    headers: { authorization: `Bearer ${parent.token}`, 'content-type': type },
  });
  expect(up.statusCode, up.payload).toBe(201);
  const photoId = body(up).data.id as string;
  const linked = await c.call('PUT', `/api/v1/me/passes/${pass.id}/holders/${holder.id}/photo`, parent, {
    photo_id: photoId,
  });
  expect(linked.statusCode, linked.payload).toBe(200);
  return { product, parent, kid, pass, holder, photoId };
}

const queueUrl = (parkId: number) => `/api/v1/staff/parks/${parkId}/pass-photos?state=pending`;
const reviewUrl = (parkId: number, photoId: string) => `/api/v1/staff/parks/${parkId}/pass-photos/${photoId}/review`;

describe('photo review', () => {
  it("lists the park's pending photos and approves one: the holder keeps it, the card says approved", async () => {
    const { product, parent, pass, holder, photoId } = await passWithPendingPhoto();
    const editor = await staff(product.parkId, 'editor');
    const queue = await c.call('GET', queueUrl(product.parkId), editor);
    expect(queue.statusCode, queue.payload).toBe(200);
    const entry = (body(queue).data as { photoId: string }[]).find((p) => p.photoId === photoId);
    expect(entry).toMatchObject({
      photoId,
      holderId: holder.id,
      name: '動物 こども',
      passNumber: pass.passNumber,
      previousApprovedUrl: null,
      url: `/api/v1/staff/parks/${product.parkId}/pass-holders/${holder.id}/photos/${photoId}`,
    });
    const img = await c.call('GET', (entry as unknown as { url: string }).url, editor);
    expect(img.headers['content-type']).toBe('image/jpeg');

    const res = await c.call('POST', reviewUrl(product.parkId, photoId), editor, { decision: 'approve' });
    expect(res.statusCode, res.payload).toBe(204);
    const row = await c.knex()('pass_photos').where({ id: photoId }).first();
    expect(row).toMatchObject({ state: 'approved', reviewedBy: editor.id, rejectReason: null });
    expect((await c.knex()('pass_holders').where({ id: holder.id }).first('photo_id')).photoId).toBe(photoId);
    const card = (await cards(parent)).find((x) => x.holderId === holder.id);
    expect(card?.photo?.state).toBe('approved');
    const after = body(await c.call('GET', queueUrl(product.parkId), editor)).data as { photoId: string }[];
    expect(after.some((p) => p.photoId === photoId)).toBe(false);
    // Reviewed already: a second decision changes nothing.
    const again = await c.call('POST', reviewUrl(product.parkId, photoId), editor, {
      decision: 'reject',
      reason: 'x',
    });
    expect(again.statusCode).toBe(409);
    const audit = await c.knex()('staff_audit').where({ entity: 'pass_photo', park_id: product.parkId });
    expect(audit.length).toBeGreaterThanOrEqual(1);
  });

  it('rejects with a reason: the owner and the holder are told once by inbox, push and mail; the card says why', async () => {
    const { product, parent, kid, holder, photoId } = await passWithPendingPhoto();
    const owner = await staff(product.parkId, 'owner');
    const decrypt = await subscribe(parent, `/push/review-${photoId}`);
    await runJobs();
    const mailsBefore = smtp.mails.length;

    const reason = '顔がはっきり写っていません';
    const [first, second] = await Promise.all([
      c.call('POST', reviewUrl(product.parkId, photoId), owner, { decision: 'reject', reason }),
      c.call('POST', reviewUrl(product.parkId, photoId), owner, { decision: 'reject', reason }),
    ]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([204, 409]);
    // A retry after the fact changes nothing either.
    expect(
      (await c.call('POST', reviewUrl(product.parkId, photoId), owner, { decision: 'reject', reason })).statusCode,
    ).toBe(409);
    await runJobs();
    await runJobs();

    const row = await c.knex()('pass_photos').where({ id: photoId }).first();
    expect(row).toMatchObject({ state: 'rejected', rejectReason: reason, reviewedBy: owner.id });
    // No approved photo before: the gate and the card have none.
    expect((await c.knex()('pass_holders').where({ id: holder.id }).first('photo_id')).photoId).toBeNull();

    for (const who of [parent, kid]) {
      const inbox = body(await c.call('GET', '/api/v1/me/notifications', who)).data as {
        kind: string;
        body: string;
        navigate: string;
      }[];
      const told = inbox.filter((n) => n.kind === 'passPhotoRejected');
      expect(told, `inbox of ${who.id}`).toHaveLength(1);
      expect(told[0]?.body).toContain(reason);
      expect(told[0]?.navigate).toMatch(/^\/my-tickets\/pass\/\d+$/);
    }
    const pushed = received.filter((r) => r.path === `/push/review-${photoId}`);
    expect(pushed).toHaveLength(1);
    expect(decrypt(pushed[0]?.body as Buffer)).toMatchObject({ web_push: 8030 });
    const mails = smtp.mails.slice(mailsBefore).filter((m) => m.to === parent.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toContain('写真');
    expect(mails[0]?.text).toContain(reason);

    const card = (await cards(parent)).find((x) => x.holderId === holder.id);
    expect(card?.photo).toMatchObject({ state: 'rejected', rejectReason: reason });
  });

  it('a rejection puts the holder back on the last approved photo', async () => {
    const { product, parent, pass, holder, photoId } = await passWithPendingPhoto();
    const editor = await staff(product.parkId, 'editor');
    await c.call('POST', reviewUrl(product.parkId, photoId), editor, { decision: 'approve' });
    const { payload, type } = multipart({
      photo: { filename: 'b.jpg', type: 'image/jpeg', data: await rotatedGpsJpeg('#3a7') },
    });
    const up = await ctx.server.inject({
      method: 'POST',
      url: '/api/v1/me/pass-photos',
      payload,
      headers: { authorization: `Bearer ${parent.token}`, 'content-type': type },
    });
    const second = body(up).data.id as string;
    await c.call('PUT', `/api/v1/me/passes/${pass.id}/holders/${holder.id}/photo`, parent, { photo_id: second });
    const res = await c.call('POST', reviewUrl(product.parkId, second), editor, { decision: 'reject', reason: 'blur' });
    expect(res.statusCode, res.payload).toBe(204);
    expect((await c.knex()('pass_holders').where({ id: holder.id }).first('photo_id')).photoId).toBe(photoId);
  });

  it('needs a reason to reject (named in ja and en), and refuses other parks and visitors', async () => {
    const { product, parent, photoId } = await passWithPendingPhoto();
    const editor = await staff(product.parkId, 'editor');
    for (const lang of ['ja', 'en'] as const) {
      for (const payload of [{ decision: 'reject' }, { decision: 'reject', reason: '  ' }]) {
        const bad = await c.call('POST', reviewUrl(product.parkId, photoId), { ...editor, lang }, payload);
        expect(bad.statusCode, bad.payload).toBe(400);
        expect(body(bad).meta.message).toContain('reason');
      }
    }
    const otherPark = (await c.knex()('parks').whereNot({ id: product.parkId }).orderBy('id').first('id')).id;
    const other = await staff(otherPark, 'owner');
    expect((await c.call('GET', queueUrl(otherPark), other)).statusCode).toBe(200);
    const theirs = body(await c.call('GET', queueUrl(otherPark), other)).data as { photoId: string }[];
    expect(theirs.some((p) => p.photoId === photoId)).toBe(false);
    const foreign = await c.call('POST', reviewUrl(otherPark, photoId), other, { decision: 'approve' });
    expect(foreign.statusCode).toBe(404);
    const scanner = await staff(product.parkId, 'scanner');
    expect((await c.call('GET', queueUrl(product.parkId), scanner)).statusCode).toBe(403);
    for (const visitor of [parent, await c.user()]) {
      expect([403, 404]).toContain((await c.call('GET', queueUrl(product.parkId), visitor)).statusCode);
      const res = await c.call('POST', reviewUrl(product.parkId, photoId), visitor, { decision: 'approve' });
      expect([403, 404]).toContain(res.statusCode);
    }
    expect((await c.knex()('pass_photos').where({ id: photoId }).first('state')).state).toBe('pending');
  });
});
