// Web push and the inbox, with real encrypted payloads: a local HTTPS push service (self-signed certificate that the
// server is told to trust) receives what the server sends, decrypts it with the subscription's private key and auth
// secret (aes128gcm), and checks the VAPID JWT. 410 deletes the subscription; 503 then 201 is delivered once.
import { execFileSync } from 'node:child_process';
import { createECDH, randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
// @ts-expect-error http_ece (web-push's own encryption library) ships no types
import ece from 'http_ece';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oneTokyoDayPerTest } from './clock';
import { body, commerce } from './commerceFixtures';
import { createTestServer, type TestContext } from './testServer';

let ctx: TestContext;
let dir = '';
let push: Server;
let pushOrigin = '';
oneTokyoDayPerTest();
const received: { path: string; headers: Record<string, string | string[] | undefined>; body: Buffer }[] = [];
/** Status the push service answers next, per path (default 201). */
const answers = new Map<string, number[]>();

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'zoo-push-'));
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:P-256',
      '-nodes',
      '-days',
      '2',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
      '-keyout',
      join(dir, 'key.pem'),
      '-out',
      join(dir, 'cert.pem'),
    ],
    { stdio: 'ignore' },
  );
  push = createServer(
    { key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(join(dir, 'cert.pem')) },
    (req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        received.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
        const next = answers.get(req.url ?? '')?.shift() ?? 201;
        res.statusCode = next;
        res.end();
      });
    },
  );
  await new Promise<void>((r) => push.listen(0, '127.0.0.1', r));
  pushOrigin = `https://127.0.0.1:${(push.address() as { port: number }).port}`;
  ctx = await createTestServer({ PUSH_CA_FILE: join(dir, 'cert.pem') });
});
afterAll(async () => {
  await ctx?.close();
  push?.close();
  rmSync(dir, { recursive: true, force: true });
});

const c = commerce(() => ctx);

/** A browser's subscription: its ECDH key pair and auth secret, as PushSubscription.toJSON() gives them. */
function device(path: string) {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return {
    ecdh,
    auth,
    json: {
      endpoint: `${pushOrigin}${path}`,
      expirationTime: null,
      keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
    },
  };
}

/** A paid order (coins pay a 500 yen child ticket in full): the orderPaid notification is queued with it. */
async function paidOrder(who: { token: string }) {
  const item = await c.makeItem();
  await c.addToCart(who, item, 0, 1);
  const res = await c.call('POST', '/api/v1/orders', who, {
    park_id: item.parkId,
    payment_method: 4,
    coins: 500,
    agreement: true,
  });
  expect(res.statusCode, res.payload).toBe(201);
}

const decrypt = (d: ReturnType<typeof device>, payload: Buffer) =>
  JSON.parse(ece.decrypt(payload, { version: 'aes128gcm', privateKey: d.ecdh, authSecret: d.auth }).toString('utf8'));

describe('web push', () => {
  it('serves the public key, and sends each notification encrypted, signed, with TTL, urgency and Topic', async () => {
    const key = body(await c.call('GET', '/api/v1/push/public-key')).data.publicKey as string;
    expect(Buffer.from(key, 'base64url')).toHaveLength(65);
    const buyer = await c.user({ language: 1 });
    const d = device('/push/a');
    expect(
      (await c.call('POST', '/api/v1/me/push-subscriptions', buyer, { ...d.json, language: 'en' })).statusCode,
    ).toBe(201);
    await paidOrder(buyer);
    await ctx.server.plugins.jobs.runOnce();
    const sent = received.filter((r) => r.path === '/push/a');
    expect(sent).toHaveLength(1);
    const message = decrypt(d, sent[0]?.body as Buffer);
    expect(message).toMatchObject({ web_push: 8030, notification: { title: 'Payment complete', lang: 'en' } });
    expect(message.notification.navigate).toMatch(/\/my-tickets$/);
    expect(Buffer.byteLength(JSON.stringify(message))).toBeLessThanOrEqual(3072);
    const h = sent[0]?.headers ?? {};
    expect(h['content-encoding']).toBe('aes128gcm');
    expect(Number(h.ttl)).toBeGreaterThan(0);
    expect(h.urgency).toBe('normal');
    expect(String(h.topic)).toMatch(/^[\w-]{1,32}$/);
    // VAPID: vapid t=<JWT>, k=<our public key>; aud is the push service's origin, exp within 24 h, sub not localhost.
    const auth = String(h.authorization);
    const [, jwt, k] = /^vapid t=([^,]+), k=(.+)$/.exec(auth) ?? [];
    expect(k).toBe(key);
    const claims = JSON.parse(Buffer.from((jwt as string).split('.')[1] as string, 'base64url').toString());
    expect(claims.aud).toBe(pushOrigin);
    expect(claims.exp * 1000 - Date.now()).toBeLessThanOrEqual(24 * 3600_000);
    expect(claims.sub).toMatch(/^(mailto:|https:)/);
    expect(claims.sub).not.toMatch(/localhost/);
  });

  it('a 410 deletes the subscription; a 503 is retried once and delivered once', async () => {
    const buyer = await c.user();
    const gone = device('/push/gone');
    const flaky = device('/push/flaky');
    answers.set('/push/gone', [410]);
    answers.set('/push/flaky', [503]);
    for (const d of [gone, flaky]) {
      expect((await c.call('POST', '/api/v1/me/push-subscriptions', buyer, d.json)).statusCode).toBe(201);
    }
    await paidOrder(buyer);
    await ctx.server.plugins.jobs.runOnce();
    expect(await c.knex()('push_subscriptions').where({ user_id: buyer.id }).pluck('endpoint')).toEqual([
      flaky.json.endpoint,
    ]);
    expect(received.filter((r) => r.path === '/push/flaky')).toHaveLength(1);
    // pg-boss retries after its backoff (2 to 4 s for the first retry).
    for (let i = 0; i < 20 && received.filter((r) => r.path === '/push/flaky').length < 2; i++) {
      await new Promise((r) => setTimeout(r, 400));
      await ctx.server.plugins.jobs.runOnce();
    }
    const flakyGot = received.filter((r) => r.path === '/push/flaky');
    expect(flakyGot).toHaveLength(2);
    expect(decrypt(flaky, flakyGot[1]?.body as Buffer).notification.title).toBe('お支払いが完了しました');
    await ctx.server.plugins.jobs.runOnce();
    expect(received.filter((r) => r.path === '/push/flaky')).toHaveLength(2);
  });
});

describe('the inbox', () => {
  it('lists notifications newest first with the unread count, marks them read, and keeps them when push is off', async () => {
    const buyer = await c.user();
    expect(
      (await c.call('PUT', '/api/v1/me/notification-settings', buyer, { kinds: { orderPaid: false } })).statusCode,
    ).toBe(200);
    const d = device('/push/quiet');
    await c.call('POST', '/api/v1/me/push-subscriptions', buyer, d.json);
    await paidOrder(buyer);
    await ctx.server.plugins.jobs.runOnce();
    expect(received.filter((r) => r.path === '/push/quiet')).toHaveLength(0); // this kind is off for push
    const inbox = await c.call('GET', '/api/v1/me/notifications', buyer);
    expect(body(inbox).meta.unread).toBe(1);
    expect(body(inbox).data[0]).toMatchObject({ kind: 'orderPaid', read: false, navigate: '/my-tickets' });
    const read = await c.call('PUT', '/api/v1/me/notifications/read', buyer, { all: true });
    expect(body(read).data.unread).toBe(0);
    expect(body(await c.call('GET', '/api/v1/me/notifications', buyer)).data[0].read).toBe(true);
    const settings = body(await c.call('GET', '/api/v1/me/notification-settings', buyer)).data;
    expect(settings.kinds).toMatchObject({ orderPaid: false, shareReceived: true, newStory: false });
    // Someone else's inbox is empty for them; signed out is 401.
    const other = await c.user();
    expect(body(await c.call('GET', '/api/v1/me/notifications', other)).data).toEqual([]);
    expect((await c.call('GET', '/api/v1/me/notifications')).statusCode).toBe(401);
  });
});

describe('kinds sent by sweeps, and durability', () => {
  it('tells the holder of a URL-access ticket on its day of use (from 7:00 in Tokyo), once', async () => {
    const buyer = await c.user();
    const item = await c.makeItem();
    await c.knex()('items').where({ id: item.id }).update({ usage_trigger: 2 });
    const add = await c.call('POST', '/api/v1/carts', buyer, {
      item_id: item.id,
      date: c.today,
      quantities: [{ age_group_id: 2, quantity: 1 }],
    });
    expect(add.statusCode, add.payload).toBe(201);
    const res = await c.call('POST', '/api/v1/orders', buyer, {
      park_id: item.parkId,
      payment_method: 4,
      coins: 500,
      agreement: true,
    });
    expect(res.statusCode, res.payload).toBe(201);
    const kinds = async () =>
      (body(await c.call('GET', '/api/v1/me/notifications', buyer)).data as { kind: string }[]).map((n) => n.kind);
    const at = (hour: number) => new Date(`${c.today}T${String(hour).padStart(2, '0')}:30:00+09:00`);
    await ctx.server.plugins.jobs.runOnce(at(6));
    expect(await kinds()).not.toContain('ticketUsableToday');
    await ctx.server.plugins.jobs.runOnce(at(8));
    await ctx.server.plugins.jobs.runOnce(at(9));
    expect((await kinds()).filter((k) => k === 'ticketUsableToday')).toHaveLength(1);
  });

  it('tells followers of a park of its new story: pushed only to those who turned the kind on', async () => {
    const [fan, quiet] = await Promise.all([c.user(), c.user()]);
    const d = device('/push/story');
    expect((await c.call('POST', '/api/v1/me/push-subscriptions', fan, d.json)).statusCode).toBe(201);
    const q = device('/push/story-quiet');
    expect((await c.call('POST', '/api/v1/me/push-subscriptions', quiet, q.json)).statusCode).toBe(201);
    const on = await c.call('PUT', '/api/v1/me/notification-settings', fan, { kinds: { newStory: true } });
    expect(on.statusCode, on.payload).toBe(200);
    const model = await c.knex()('stories').where('is_private', false).first();
    for (const who of [fan, quiet]) {
      await c.knex()('follows').insert({ user_id: who.id, target_type: 'park', target_id: model.parkId });
    }
    const { id: _id, code: _code, announcedAt: _a, createdAt: _c, updatedAt: _u, searchText: _s, ...rest } = model;
    const row = Object.fromEntries(
      Object.entries({
        ...rest,
        code: `story-push-${Date.now()}`,
        linkId: randomUUID(),
        titleJa: '赤ちゃんが生まれました',
        publishedAt: new Date(),
      }).map(([k, v]) => [k.replace(/[A-Z]/g, (m) => `_${m.toLowerCase()}`), v]),
    );
    await c.knex()('stories').insert(row);
    await ctx.server.plugins.jobs.runOnce();
    await ctx.server.plugins.jobs.runOnce();
    const inbox = (who: { token: string }) =>
      c.call('GET', '/api/v1/me/notifications', who).then((r) => body(r).data as { kind: string; body: string }[]);
    expect((await inbox(fan)).find((n) => n.kind === 'newStory')?.body).toBe('赤ちゃんが生まれました');
    expect((await inbox(quiet)).some((n) => n.kind === 'newStory')).toBe(true);
    expect(received.filter((r) => r.path === '/push/story')).toHaveLength(1);
    expect(received.filter((r) => r.path === '/push/story-quiet')).toHaveLength(0);
  });

  it('a notification queued while no instance ran its job is delivered once by the instance that starts after', async () => {
    const buyer = await c.user();
    const d = device('/push/restart');
    expect((await c.call('POST', '/api/v1/me/push-subscriptions', buyer, d.json)).statusCode).toBe(201);
    // Queued in the order's transaction; this instance then goes away without running any job.
    await paidOrder(buyer);
    expect(received.filter((r) => r.path === '/push/restart')).toHaveLength(0);
    const { createServer: makeServer } = await import('../server');
    const { loadConfig } = await import('../config');
    const next = await makeServer(
      loadConfig({
        NODE_ENV: 'test',
        DEMO: 'true',
        LOG_LEVEL: 'silent',
        PORT: '0',
        PUSH_CA_FILE: join(dir, 'cert.pem'),
      }),
      { knex: ctx.db.knex, closeDbOnStop: false },
    );
    await next.initialize();
    try {
      await next.plugins.jobs.runOnce();
      await next.plugins.jobs.runOnce();
    } finally {
      await next.stop();
    }
    const sent = received.filter((r) => r.path === '/push/restart');
    expect(sent).toHaveLength(1);
    expect(decrypt(d, sent[0]?.body as Buffer).notification.title).toBe('お支払いが完了しました');
  });
});
