// Issue 32: tickets in Apple Wallet and Google Wallet. The .pkpass is unzipped and checked as Wallet would (every
// file's SHA-1 in manifest.json, the PKCS#7 detached signature against the local test chain with openssl), its
// barcode is the app's token; the PassKit web service lists a cancelled ticket's serial as changed since the tag,
// serves a void pass, and the push stand-in gets one push; the Google save JWT verifies with the test key.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inflateRawSync } from 'node:zlib';
import { importSPKI, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WalletTicket } from '../../common/dto/wallet';
import { addDays, tokyoDate } from '../../common/time';
import type { LocalApns, LocalGoogleWallet } from '../features/walletPasses';
import { oneTokyoDayPerTest } from './clock';
import { body, type Caller, commerce } from './commerceFixtures';
import { multipart, rotatedGpsJpeg } from './photoFixtures';
import { makePassProduct, PASS_PRICES, passShop } from './support/passFixtures';
import { createTestServer, type TestContext } from './testServer';

let ctx: TestContext;
const c = commerce(() => ctx);
oneTokyoDayPerTest();

beforeAll(async () => {
  ctx = await createTestServer();
}, 240_000);
afterAll(async () => {
  await ctx?.close();
});

const wallet = () => ctx.server.plugins.walletPasses;

/** The entries of a zip (stored or deflated), read from its central directory. */
function unzip(zip: Buffer): Map<string, Buffer> {
  const out = new Map<string, Buffer>();
  const eocd = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  let at = zip.readUInt32LE(eocd + 16);
  const count = zip.readUInt16LE(eocd + 10);
  for (let i = 0; i < count; i++) {
    const method = zip.readUInt16LE(at + 10);
    const size = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const extra = zip.readUInt16LE(at + 30);
    const comment = zip.readUInt16LE(at + 32);
    const local = zip.readUInt32LE(at + 42);
    const name = zip.toString('utf8', at + 46, at + 46 + nameLength);
    const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const raw = zip.subarray(start, start + size);
    out.set(name, method === 8 ? inflateRawSync(raw) : Buffer.from(raw));
    at += 46 + nameLength + extra + comment;
  }
  return out;
}

/** A visitor with one adult ticket 5 days ahead (cancellable for free), read from the wallet (token issued). */
async function bought() {
  const buyer = await c.user();
  const item = await c.makeItem();
  await c
    .knex()('coin_entries')
    .insert({
      user_id: buyer.id,
      kind: 'plus',
      reason: 'reward',
      amount: 1000,
      expires_at: new Date(Date.now() + 9e8),
    });
  await c.knex()('item_cancellation_policies').insert({ item_id: item.id, days_before: 3, charge_rate: 0 });
  await c
    .knex()('items')
    .where({ id: item.id })
    .update({ shareable_until: addDays(tokyoDate(), 60) });
  await c.addToCart(buyer, item, 1, 0, 5);
  const order = await c.call('POST', '/api/v1/orders', buyer, {
    park_id: item.parkId,
    agreement: true,
    payment_method: 4,
    coins: 1000,
  });
  expect(order.statusCode, order.payload).toBe(201);
  const tickets = (body(await c.call('GET', '/api/v1/me/tickets', buyer)).data.tickets as WalletTicket[]).filter(
    (t) => t.orderId === body(order).data.orderId,
  );
  const ticket = tickets[0] as WalletTicket;
  expect(ticket.token).toBeTruthy();
  return { buyer, ticket };
}

async function pkpassOf(buyer: Caller, ticketId: string) {
  const res = await c.call('GET', `/api/v1/me/tickets/${ticketId}/pkpass`, buyer);
  expect(res.statusCode, res.payload).toBe(200);
  expect(res.headers['content-type']).toContain('application/vnd.apple.pkpass');
  return unzip(res.rawPayload);
}

type Pass = ReturnType<typeof verifyPkpass>;

/** A device that added the pass, registered with the web service as Wallet does (push token `push-<name>`). */
async function registerDevice(pass: Pass, name: string) {
  const apple = { headers: { authorization: `ApplePass ${pass.authenticationToken}` } };
  const reg = `/api/passkit/v1/devices/device-${name}/registrations/${pass.passTypeIdentifier}`;
  const made = await c.call('POST', `${reg}/${pass.serialNumber}`, apple, { pushToken: `push-${name}` });
  expect(made.statusCode, made.payload).toBe(201);
  return { apple, reg, tag: JSON.parse((await c.call('GET', reg)).payload).lastUpdated as string };
}

/** What the device fetches after a change: the serial listed as updated since `tag`, then the pass served now. */
async function passAfterChange(pass: Pass, device: Awaited<ReturnType<typeof registerDevice>>) {
  const changed = await c.call('GET', `${device.reg}?passesUpdatedSince=${device.tag}`);
  expect(changed.statusCode).toBe(200);
  expect(JSON.parse(changed.payload).serialNumbers).toEqual([pass.serialNumber]);
  const latest = await c.call(
    'GET',
    `/api/passkit/v1/passes/${pass.passTypeIdentifier}/${pass.serialNumber}`,
    device.apple,
  );
  expect(latest.statusCode).toBe(200);
  return { lastUpdated: JSON.parse(changed.payload).lastUpdated as string, files: unzip(latest.rawPayload) };
}

/** Checks the manifest's SHA-1s and the detached PKCS#7 signature with openssl against the local root. */
function verifyPkpass(files: Map<string, Buffer>) {
  const manifest = JSON.parse(String(files.get('manifest.json'))) as Record<string, string>;
  const signed = [...files.keys()].filter((n) => n !== 'manifest.json' && n !== 'signature').sort();
  expect(Object.keys(manifest).sort()).toEqual(signed);
  for (const name of signed)
    expect(manifest[name], name).toBe(
      createHash('sha1')
        .update(files.get(name) as Buffer)
        .digest('hex'),
    );
  const dir = mkdtempSync(join(tmpdir(), 'pkpass-'));
  writeFileSync(join(dir, 'manifest.json'), files.get('manifest.json') as Buffer);
  writeFileSync(join(dir, 'signature'), files.get('signature') as Buffer);
  const root = wallet().config().testRootPath as string;
  // Throws (non-zero exit) when the signature or the chain does not verify.
  execFileSync(
    'openssl',
    [
      'smime',
      '-verify',
      '-binary',
      '-inform',
      'DER',
      '-content',
      'manifest.json',
      '-in',
      'signature',
      '-CAfile',
      root,
      '-purpose',
      'any',
      '-out',
      '/dev/null',
    ],
    { cwd: dir, stdio: 'pipe' },
  );
  return JSON.parse(String(files.get('pass.json')));
}

describe('Apple Wallet', () => {
  it('the .pkpass is signed under the chain, every file is in the manifest, its barcode is the app token', async () => {
    const { buyer, ticket } = await bought();
    const files = await pkpassOf(buyer, ticket.id);
    const pass = verifyPkpass(files);
    expect(pass.barcodes[0]).toMatchObject({ message: ticket.token, format: 'PKBarcodeFormatQR' });
    expect(pass.serialNumber).toBe(`${ticket.id}.${buyer.id}`);
    expect(pass.webServiceURL).toMatch(/\/api\/passkit$/);
    expect(pass.locations[0].latitude).toEqual(expect.any(Number));
    expect(new Date(pass.relevantDate).toISOString().slice(0, 10) <= ticket.useDate).toBe(true);
    expect(pass.voided).toBe(false);
    expect(String(files.get('ja.lproj/pass.strings'))).toContain(ticket.itemName);
    expect(String(files.get('en.lproj/pass.strings'))).toContain('"date" = "Date of use"');
    expect(String(files.get('ja.lproj/pass.strings'))).toContain('"date" = "利用日"');
    // Someone else's ticket is not found.
    const other = await c.user();
    expect((await c.call('GET', `/api/v1/me/tickets/${ticket.id}/pkpass`, other)).statusCode).toBe(404);
  });

  it('after a cancellation the web service lists the serial as changed, serves a void pass, and pushes once', async () => {
    const { buyer, ticket } = await bought();
    const pass = verifyPkpass(await pkpassOf(buyer, ticket.id));
    const forged = { headers: { authorization: 'ApplePass forged-token-000000000000' } };
    const path = `/api/passkit/v1/devices/device-1/registrations/${pass.passTypeIdentifier}/${pass.serialNumber}`;
    expect((await c.call('POST', path, forged, { pushToken: 'push-1' })).statusCode).toBe(401);
    const device = await registerDevice(pass, '1');
    const { apple, reg } = device;
    // Registering again is answered 200 (already registered).
    expect((await c.call('POST', `${reg}/${pass.serialNumber}`, apple, { pushToken: 'push-1' })).statusCode).toBe(200);
    const all = await c.call('GET', reg);
    expect(all.statusCode).toBe(200);
    expect(JSON.parse(all.payload).serialNumbers).toEqual([pass.serialNumber]);
    let tag = JSON.parse(all.payload).lastUpdated as string;
    // The tag is a transaction bound: while another transaction runs (other test files on a shared PostgreSQL) a
    // change may be listed again rather than skipped (the device fetches the same pass again). It settles.
    let since = await c.call('GET', `${reg}?passesUpdatedSince=${tag}`);
    for (let tries = 0; since.statusCode === 200 && tries < 100; tries++) {
      expect(JSON.parse(since.payload).serialNumbers).toEqual([pass.serialNumber]);
      tag = JSON.parse(since.payload).lastUpdated as string;
      await new Promise((r) => setTimeout(r, 100));
      since = await c.call('GET', `${reg}?passesUpdatedSince=${tag}`);
    }
    expect(since.statusCode).toBe(204);
    expect(await wallet().pushChanges()).toMatchObject({ pushed: 0 });

    const cancel = await c.call('POST', '/api/v1/me/tickets/cancellations', buyer, { ticket_ids: [ticket.id] });
    expect(cancel.statusCode, cancel.payload).toBe(200);

    const { lastUpdated, files } = await passAfterChange(pass, { ...device, tag });
    // The new tag is the bound again: later, or the same while another transaction holds it back.
    expect(Number(lastUpdated)).toBeGreaterThanOrEqual(Number(tag));
    const now = verifyPkpass(files);
    expect(now.voided).toBe(true);
    expect(now.barcodes ?? []).toEqual([]);
    expect(String(files.get('en.lproj/pass.strings'))).toContain('Void (cancelled or passed on)');

    const apns = wallet().apns as LocalApns;
    const before = apns.pushes.length;
    expect(await wallet().pushChanges()).toMatchObject({ pushed: 1 });
    expect(apns.pushes.slice(before)).toEqual([
      expect.objectContaining({ pushToken: 'push-1', topic: pass.passTypeIdentifier }),
    ]);
    expect(await wallet().pushChanges()).toMatchObject({ pushed: 0 });

    expect((await c.call('DELETE', `${reg}/${pass.serialNumber}`, apple)).statusCode).toBe(200);
    expect((await c.call('GET', reg)).statusCode).toBe(204);
  });
});

describe('Apple Wallet: a shared ticket', () => {
  it("passed on: the sharer's pass turns void without its QR (pushed once); the receiver's pass carries the new token", async () => {
    const { buyer, ticket } = await bought();
    const pass = verifyPkpass(await pkpassOf(buyer, ticket.id));
    const device = await registerDevice(pass, 's');
    await wallet().pushChanges();

    const made = await c.call('POST', '/api/v1/me/ticket-shares', buyer, { ticket_ids: [ticket.id] });
    expect(made.statusCode, made.payload).toBe(201);
    const receiver = await c.user();
    const got = await c.call('POST', `/api/v1/ticket-shares/${body(made).data.id}/receive`, receiver);
    expect(got.statusCode, got.payload).toBe(200);
    const received = body(got).data.tickets[0] as WalletTicket;
    expect(received.token).not.toBe(pass.barcodes[0].message);

    const now = verifyPkpass((await passAfterChange(pass, device)).files);
    expect(now.voided).toBe(true);
    expect(now.barcodes ?? []).toEqual([]);
    const apns = wallet().apns as LocalApns;
    const before = apns.pushes.length;
    expect(await wallet().pushChanges()).toMatchObject({ pushed: 1 });
    expect(apns.pushes.slice(before)).toEqual([expect.objectContaining({ pushToken: 'push-s' })]);

    // The receiver adds the ticket to their own wallet: the same ticket, the receiver's token; the sharer no longer
    // gets a pass of it.
    const theirs = verifyPkpass(await pkpassOf(receiver, ticket.id));
    expect(theirs.barcodes[0].message).toBe(received.token);
    expect((await c.call('GET', `/api/v1/me/tickets/${ticket.id}/pkpass`, buyer)).statusCode).toBe(404);
  });
});

describe('Apple Wallet: member cards', () => {
  const shop = passShop(c);
  /** A single pass (valid from purchase) whose holder is the buyer, with a face photo chosen at purchase. */
  async function member() {
    const product = await makePassProduct(c.knex(), { kind: 'single', validityStart: 'purchase' });
    const who = (await shop.buyer()) as Caller & { id: number; token: string };
    const { payload, type } = multipart({
      photo: { filename: 'face.jpg', type: 'image/jpeg', data: await rotatedGpsJpeg('#a33') },
    });
    const up = await ctx.server.inject({
      method: 'POST',
      url: '/api/v1/me/pass-photos',
      payload,
      headers: { authorization: `Bearer ${who.token}`, 'content-type': type },
    });
    expect(up.statusCode, up.payload).toBe(201);
    const added = await shop.addPass(who, product.itemId, { quantities: [{ age_group_id: 5, quantity: 1 }] });
    expect(added.statusCode, added.payload).toBe(201);
    const named = await shop.setHolders(who, product.parkId, body(added).data.id, [
      {
        position: 1,
        holder_user_id: who.id,
        name: '会員 花子',
        age_group_id: 5,
        unit_kind: 'basic',
        photo_id: body(up).data.id,
      },
    ]);
    expect(named.statusCode, named.payload).toBe(200);
    expect((await shop.pay(who, product.parkId, PASS_PRICES.adult)).statusCode).toBe(201);
    const [card] = await shop.cards(who);
    if (!card) throw new Error('no member card');
    return { who, card };
  }
  const cardUrl = (card: { passId: number; holderId: number }) =>
    `/api/v1/me/passes/${card.passId}/holders/${card.holderId}/pkpass`;

  it("a member card's .pkpass: signed, the card's QR, holder, pass number, validity and the holder's photo", async () => {
    const { who, card } = await member();
    const res = await c.call('GET', cardUrl(card), who);
    expect(res.statusCode, res.payload).toBe(200);
    expect(res.headers['content-type']).toContain('application/vnd.apple.pkpass');
    const files = unzip(res.rawPayload);
    const pass = verifyPkpass(files);
    expect(pass.barcodes[0]).toMatchObject({ message: card.terms[0]?.token, format: 'PKBarcodeFormatQR' });
    expect(pass.serialNumber).toBe(`${card.terms[0]?.ticketId}.${who.id}`);
    expect(pass.voided).toBe(false);
    expect(pass.generic).toBeTruthy();
    const ja = String(files.get('ja.lproj/pass.strings'));
    expect(ja).toContain('会員 花子');
    expect(pass.generic.secondaryFields).toContainEqual(
      expect.objectContaining({ key: 'number', value: card.passNumber }),
    );
    expect(ja).toContain(String(card.validUntil));
    expect(String(files.get('en.lproj/pass.strings'))).toContain('"holder" = "Holder"');
    // The holder's face as the pass's thumbnail (PNG, as Wallet requires).
    const thumb = files.get('thumbnail.png') as Buffer;
    expect(thumb.subarray(1, 4).toString()).toBe('PNG');
    // Someone else's card is not found.
    expect((await c.call('GET', cardUrl(card), await c.user())).statusCode).toBe(404);
  });

  it("a member card's Save to Google Wallet link: a generic object with the card's QR, holder and number", async () => {
    const { who, card } = await member();
    const url = `/api/v1/me/passes/${card.passId}/holders/${card.holderId}/google-wallet`;
    const res = await c.call('GET', url, who);
    expect(res.statusCode, res.payload).toBe(200);
    const link = body(res).data.url as string;
    expect(link).toMatch(/^https:\/\/pay\.google\.com\/gp\/v\/save\//);
    const key = await importSPKI(wallet().config().googlePublicKey as string, 'RS256');
    const { payload } = await jwtVerify(link.split('/').pop() as string, key, { audience: 'google' });
    const object = (payload.payload as { genericObjects: Record<string, unknown>[] }).genericObjects[0];
    expect(object?.barcode).toEqual({ type: 'QR_CODE', value: card.terms[0]?.token });
    expect(object?.state).toBe('ACTIVE');
    expect(JSON.stringify(object?.header)).toContain('会員 花子');
    expect(JSON.stringify(object?.textModulesData)).toContain(card.passNumber);
    expect((await c.call('GET', url, await c.user())).statusCode).toBe(404);

    // A reissued card (a new QR): its Google object is PATCHed once, as a generic object with the new token.
    const reissued = await c.call('POST', `/api/v1/me/passes/${card.passId}/holders/${card.holderId}/reissue`, who);
    expect(reissued.statusCode, reissued.payload).toBe(200);
    const google = wallet().google as LocalGoogleWallet;
    const before = google.patches.length;
    await wallet().pushChanges();
    await wallet().pushChanges();
    const mine = google.patches.slice(before).filter((p) => p.objectId === object?.id);
    expect(mine).toHaveLength(1);
    const [fresh] = await shop.cards(who);
    expect(mine[0]).toMatchObject({ kind: 'genericObject', object: { state: 'ACTIVE' } });
    expect(mine[0]?.object.barcode).toEqual({ type: 'QR_CODE', value: fresh?.terms[0]?.token });
    expect(fresh?.terms[0]?.token).not.toBe(card.terms[0]?.token);
  });

  it('a reissued card: the web service lists the serial as changed and serves the new QR', async () => {
    const { who, card } = await member();
    const pass = verifyPkpass(unzip((await c.call('GET', cardUrl(card), who)).rawPayload));
    const device = await registerDevice(pass, 'm');

    const reissued = await c.call('POST', `/api/v1/me/passes/${card.passId}/holders/${card.holderId}/reissue`, who);
    expect(reissued.statusCode, reissued.payload).toBe(200);
    const now = verifyPkpass((await passAfterChange(pass, device)).files);
    const [fresh] = await shop.cards(who);
    expect(now.barcodes[0].message).toBe(fresh?.terms[0]?.token);
    expect(now.barcodes[0].message).not.toBe(pass.barcodes[0].message);
  });
});

describe('Google Wallet', () => {
  it('the save link is a JWT that verifies with the test key and carries the token; a cancellation PATCHes it', async () => {
    const { buyer, ticket } = await bought();
    const res = await c.call('GET', `/api/v1/me/tickets/${ticket.id}/google-wallet`, buyer);
    expect(res.statusCode, res.payload).toBe(200);
    const url = body(res).data.url as string;
    expect(url).toMatch(/^https:\/\/pay\.google\.com\/gp\/v\/save\//);
    const key = await importSPKI(wallet().config().googlePublicKey as string, 'RS256');
    const { payload } = await jwtVerify(url.split('/').pop() as string, key, { audience: 'google' });
    const object = (payload.payload as { eventTicketObjects: Record<string, unknown>[] }).eventTicketObjects[0];
    expect(object?.barcode).toEqual({ type: 'QR_CODE', value: ticket.token });
    expect(object?.state).toBe('ACTIVE');
    const other = await c.user();
    expect((await c.call('GET', `/api/v1/me/tickets/${ticket.id}/google-wallet`, other)).statusCode).toBe(404);

    await c.call('POST', '/api/v1/me/tickets/cancellations', buyer, { ticket_ids: [ticket.id] });
    const google = wallet().google as LocalGoogleWallet;
    const before = google.patches.length;
    await wallet().pushChanges();
    const mine = google.patches.slice(before).filter((p) => p.objectId === object?.id);
    expect(mine).toHaveLength(1);
    expect(mine[0]?.kind).toBe('eventTicketObject');
    expect(mine[0]?.object).toMatchObject({ state: 'INACTIVE' });
    expect(mine[0]?.object.barcode).toBeUndefined();
  });
});
