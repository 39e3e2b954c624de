// The gate's token and scan protocol, as independent checks found it wanting (issue 16). Each block was written
// before its fix and seen failing: a scan binds the presented token to the stored one; revocations come by a
// commit-ordered cursor, paged; a scan of a token revoked meanwhile is stored flagged; the earliest act of any kind
// wins; `/use` keeps to the ticket's usage trigger; clocks that cannot be right are flagged; the next key is
// published before it signs. PGlite, and PostgreSQL with DATABASE_URL.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WalletTicket } from '../../common/dto/wallet';
import { decodeTicketToken, encodePayload, joinToken } from '../../common/rules/ticketToken';
import { signBytes, signingKey } from '../features/wallet/keys';
import { rotateParkKey } from '../features/wallet/services/rotateKeys';
import { oneTokyoDayPerTest } from './clock';
import { body, type Caller, commerce } from './commerceFixtures';
import { createTestServer, type TestContext } from './testServer';

let ctx: TestContext;
const c = commerce(() => ctx);
let today = '';
oneTokyoDayPerTest((d) => {
  today = d;
});

beforeAll(async () => {
  ctx = await createTestServer();
}, 240_000);
afterAll(async () => {
  await ctx?.close();
});

const secret = () => ctx.server.app.config.appSecret;

/** An item of our own in the given park (default: the first public park), on sale, 1,000 yen an adult. */
async function itemIn(parkId?: number, usageTrigger = 1) {
  const item = await c.makeItem();
  const park = parkId ?? item.parkId;
  await c.knex()('items').where({ id: item.id }).update({ park_id: park, usage_trigger: usageTrigger });
  return { ...item, parkId: park };
}

/** Buys `n` adult tickets with coins; they are for today (the day of use is moved to today). */
async function buyToday(who: Caller & { id: number }, item: { id: number; parkId: number }, n = 1) {
  await c
    .knex()('coin_entries')
    .insert({
      user_id: who.id,
      kind: 'plus',
      reason: 'reward',
      amount: n * 1000,
      expires_at: new Date(Date.now() + 86_400_000 * 30),
    });
  await c.addToCart(who, item, n);
  const res = await c.call('POST', '/api/v1/orders', who, {
    park_id: item.parkId,
    agreement: true,
    payment_method: 4,
    coins: n * 1000,
  });
  expect(res.statusCode, res.payload).toBe(201);
  const ids = (await c
    .knex()('tickets')
    .where({ order_id: body(res).data.orderId })
    .orderBy('ticket_number')
    .pluck('id')) as string[];
  await c.knex()('tickets').whereIn('id', ids).update({ use_date: today });
  return ids;
}

const wallet = async (who: Caller) =>
  body(await c.call('GET', '/api/v1/me/tickets', who)).data.tickets as WalletTicket[];
const tokenOf = async (who: Caller, ticketId: string) =>
  (await wallet(who)).find((t) => t.id === ticketId)?.token as string;

async function staffOf(parkId: number): Promise<Caller> {
  const row = await c.knex()('park_staff').where({ park_id: parkId, role: 'scanner' }).first('user_id');
  const { issueAccessToken } = await import('../features/auth/accessToken');
  const { access_token } = await issueAccessToken(c.knex(), ctx.server.app.config, row.userId);
  return { token: access_token };
}

const scan = (who: Caller, token: string, at = new Date(), scanId: string = randomUUID()) =>
  c.call('POST', '/api/v1/staff/scans', who, { scan_id: scanId, token, scanned_at: at.toISOString() });

const ticketRow = (id: string) => c.knex()('tickets').where({ id }).first('state', 'used_at');
const usagesOf = (id: string) =>
  c.knex()('ticket_usages').where({ ticket_id: id }).orderBy('acted_at') as Promise<Record<string, unknown>[]>;

/** A second public park (the first one is where makeItem puts items). */
async function secondPark(): Promise<number> {
  const first = (await c.knex()('parks').where('is_private', false).orderBy('id').first('id')).id as number;
  return (await c.knex()('parks').where('is_private', false).whereNot('id', first).orderBy('id').first('id'))
    .id as number;
}

describe('a scan binds the presented token to the stored one', () => {
  it('refuses a token of this park’s ticket re-signed with another park’s key, another key of the park, or other bytes', async () => {
    const buyer = await c.user();
    const item = await itemIn();
    const [id] = (await buyToday(buyer, item)) as [string];
    const genuine = await tokenOf(buyer, id);
    const payload = decodeTicketToken(genuine);
    if (!payload) throw new Error('no token');

    // Park B's key (leaked) signs a token naming park B, with park A's ticket and token ids; B's gate scans it.
    const parkB = await secondPark();
    const keyB = await signingKey(c.knex(), parkB, secret());
    const bytesB = encodePayload({ ...payload, park: parkB, kid: keyB.kid });
    const forged = joinToken(bytesB, signBytes(keyB, secret(), bytesB));
    const atB = await scan(await staffOf(parkB), forged);
    expect(atB.statusCode, atB.payload).toBe(400);
    expect(body(atB).meta.code).toBe('ticketTokenInvalid');

    // Another key of the same park (not the one that signed the stored token), and other bytes under the right key.
    const staffA = await staffOf(item.parkId);
    const other = await rotateParkKey(c.knex(), secret(), item.parkId);
    const bytesK = encodePayload({ ...payload, kid: other.kid });
    const otherKey = await scan(staffA, joinToken(bytesK, signBytes(other, secret(), bytesK)));
    expect(otherKey.statusCode, otherKey.payload).toBe(400);
    expect(body(otherKey).meta.code).toBe('ticketTokenInvalid');
    const keyA = (await c.knex()('ticket_signing_keys').where({ kid: payload.kid }).first()) as Parameters<
      typeof signBytes
    >[0];
    const bytesI = encodePayload({ ...payload, item: payload.item + 1 });
    const otherBytes = await scan(staffA, joinToken(bytesI, signBytes(keyA, secret(), bytesI)));
    expect(otherBytes.statusCode, otherBytes.payload).toBe(400);
    expect(body(otherBytes).meta.code).toBe('ticketTokenInvalid');

    expect(await ticketRow(id)).toMatchObject({ state: 'available', usedAt: null });
    expect(await usagesOf(id)).toHaveLength(0);

    // The token as issued passes.
    const ok = await scan(staffA, genuine);
    expect(ok.statusCode, ok.payload).toBe(200);
    expect(body(ok).data).toMatchObject({ ticketId: id, result: 'accepted' });
  });
});

describe('revocations by a commit-ordered cursor', () => {
  interface Page {
    parkId: number;
    revoked: { jti: string; revokedAt: string; seq: number }[];
    next: number;
    more: boolean;
    asOf: string;
  }
  const page = async (parkId: number, after?: number, limit?: number) => {
    const q = new URLSearchParams();
    if (after !== undefined) q.set('after', String(after));
    if (limit !== undefined) q.set('limit', String(limit));
    const res = await c.call('GET', `/api/v1/parks/${parkId}/ticket-revocations?${q}`);
    expect(res.statusCode, res.payload).toBe(200);
    return body(res).data as Page;
  };
  /** Every page from `after` on: the jtis seen and the cursor to keep. */
  const drain = async (parkId: number, after = 0, limit?: number) => {
    const seen: string[] = [];
    let cursor = after;
    let pages = 0;
    for (;;) {
      const p = await page(parkId, cursor, limit);
      pages++;
      seen.push(...p.revoked.map((r) => r.jti));
      expect(p.next).toBeGreaterThanOrEqual(cursor);
      cursor = p.next;
      if (!p.more) return { seen, cursor, pages };
    }
  };

  it('a revocation stamped before the last answer but committed after it is still delivered', async () => {
    const { revokeTokens } = await import('../features/wallet/tokens');
    const buyer = await c.user();
    const park = await secondPark();
    const item = await itemIn(park);
    const ids = await buyToday(buyer, item, 2);
    const tokens = await wallet(buyer);
    const jti = (id: string) => decodeTicketToken(tokens.find((t) => t.id === id)?.token as string)?.jti as string;
    const synced = await drain(park);

    // The transaction took its clock a minute ago (before the device's last answer) and commits now.
    await revokeTokens(c.knex(), [ids[0] as string], 'changed', new Date(Date.now() - 60_000));
    const after = await drain(park, synced.cursor);
    expect(after.seen).toEqual([jti(ids[0] as string)]);
    // Nothing twice.
    expect((await drain(park, after.cursor)).seen).toEqual([]);
  });

  it('hands out revocations in commit order while another transaction holds an earlier one open', async () => {
    const { revokeTokens } = await import('../features/wallet/tokens');
    const buyer = await c.user();
    const park = await secondPark();
    const item = await itemIn(park);
    const [x, y] = (await buyToday(buyer, item, 2)) as [string, string];
    const tokens = await wallet(buyer);
    const jti = (id: string) => decodeTicketToken(tokens.find((t) => t.id === id)?.token as string)?.jti as string;
    const start = await drain(park);

    // T1 revokes x and stays open; meanwhile T2 revokes y and a device syncs. PGlite has one connection, so there
    // the steps run one after another; on PostgreSQL they interleave as they would on a busy server.
    let release = () => {};
    const held = new Promise<void>((r) => {
      release = r;
    });
    let revokedInT1 = () => {};
    const t1Revoked = new Promise<void>((r) => {
      revokedInT1 = r;
    });
    const t1 = c.knex().transaction(async (trx) => {
      await revokeTokens(trx, [x], 'changed');
      revokedInT1();
      await held;
    });
    await t1Revoked;
    const pglite = ctx.db.kind === 'pglite';
    if (pglite) release();
    const t2 = revokeTokens(c.knex(), [y], 'changed');
    await new Promise((r) => setTimeout(r, 200));
    const during = await drain(park, start.cursor);
    release();
    await Promise.all([t1, t2]);
    const afterwards = await drain(park, during.cursor);
    // Whatever the device saw in between, it ends up with both, each once.
    expect([...during.seen, ...afterwards.seen].sort()).toEqual([jti(x), jti(y)].sort());
  });

  it('pages: every revocation once, in order, whatever the page size', async () => {
    const { revokeTokens } = await import('../features/wallet/tokens');
    const buyer = await c.user();
    const park = await secondPark();
    const item = await itemIn(park);
    const ids = await buyToday(buyer, item, 5);
    const start = await drain(park);
    const revoked: string[] = [];
    // Five rounds: each wallet read issues new tokens, which are then revoked (25 revocations).
    for (let round = 0; round < 5; round++) {
      for (const t of await wallet(buyer)) revoked.push(decodeTicketToken(t.token as string)?.jti as string);
      await revokeTokens(c.knex(), ids, 'changed');
    }
    const paged = await drain(park, start.cursor, 10);
    expect(paged.pages).toBe(3);
    expect(paged.seen).toHaveLength(25);
    expect(new Set(paged.seen)).toEqual(new Set(revoked));
    const first = await page(park, start.cursor, 10);
    expect(first.more).toBe(true);
    const seqs = first.revoked.map((r) => r.seq);
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
    // A page size beyond the limit is refused, not silently cut.
    expect((await c.call('GET', `/api/v1/parks/${park}/ticket-revocations?limit=100000`)).statusCode).toBe(400);
  });
});

describe('acts at the gate and on the phone', () => {
  it('an offline scan of a token revoked meanwhile is stored, flagged for review, and changes no ticket', async () => {
    const buyer = await c.user();
    const item = await itemIn();
    await c.knex()('item_cancellation_policies').insert({ item_id: item.id, days_before: 0, charge_rate: 0 });
    const [before, after] = (await buyToday(buyer, item, 2)) as [string, string];
    const tokens = await wallet(buyer);
    const staff = await staffOf(item.parkId);
    const scannedEarlier = new Date(Date.now() - 120_000);
    // Cancelled (token revoked) after a scan that is uploaded later: the visitor was let in, on record.
    // And a token revoked before an offline gate (that did not know yet) let its holder in.
    const cancelled = await c.call('POST', '/api/v1/me/tickets/cancellations', buyer, { ticket_ids: [before, after] });
    expect(cancelled.statusCode, cancelled.payload).toBe(200);
    const late = await scan(staff, tokens.find((t) => t.id === before)?.token as string, scannedEarlier);
    expect(late.statusCode, late.payload).toBe(200);
    expect(body(late).data).toMatchObject({ ticketId: before, result: 'revoked', flag: 'revoked' });
    const offline = await scan(staff, tokens.find((t) => t.id === after)?.token as string, new Date());
    expect(offline.statusCode, offline.payload).toBe(200);
    expect(body(offline).data).toMatchObject({ ticketId: after, result: 'revoked', flag: 'revoked' });
    // Replayed: the same answer, one row.
    const again = await scan(
      staff,
      tokens.find((t) => t.id === after)?.token as string,
      new Date(),
      body(offline).data.scanId,
    );
    expect(body(again).data).toEqual(body(offline).data);
    for (const id of [before, after]) {
      expect((await ticketRow(id)).state).toBe('cancelled');
      const rows = await usagesOf(id);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ source: 'scan', duplicate: true, flag: 'revoked', reviewedAt: null });
    }
  });

  it('the earliest act of any kind wins: a button mark made before a scan already uploaded takes its place', async () => {
    const buyer = await c.user();
    const item = await itemIn(undefined, 3); // button operation
    const [id] = (await buyToday(buyer, item)) as [string];
    const token = await tokenOf(buyer, id);
    const staff = await staffOf(item.parkId);
    const t1 = new Date(Date.now() - 90_000);
    const t2 = new Date(Date.now() - 60_000);
    const t3 = new Date(Date.now() - 30_000);
    const scanned = await scan(staff, token, t2);
    expect(body(scanned).data).toMatchObject({ result: 'accepted', usedAt: t2.toISOString() });

    const button = { client_id: randomUUID(), used_at: t1.toISOString() };
    const pressed = await c.call('POST', `/api/v1/me/tickets/${id}/use`, buyer, button);
    expect(pressed.statusCode, pressed.payload).toBe(200);
    expect(body(pressed).data).toMatchObject({ applied: true, ticket: { state: 'used', usedAt: t1.toISOString() } });
    expect((await ticketRow(id)).usedAt.toISOString()).toBe(t1.toISOString());
    // The scan is now the flagged duplicate; its replay says so.
    const replay = await scan(staff, token, t2, body(scanned).data.scanId);
    expect(body(replay).data).toMatchObject({ result: 'duplicate', flag: 'duplicate', usedAt: t1.toISOString() });

    // A later mark is refused (409) but on record, flagged.
    const later = await c.call('POST', `/api/v1/me/tickets/${id}/use`, buyer, {
      client_id: randomUUID(),
      used_at: t3.toISOString(),
    });
    expect(later.statusCode).toBe(409);
    expect(body(later).meta.code).toBe('alreadyUsed');
    const rows = await usagesOf(id);
    expect(rows.map((r) => [r.source, r.duplicate, r.flag])).toEqual([
      ['button', false, null],
      ['scan', true, 'duplicate'],
      ['button', true, 'duplicate'],
    ]);
    // Replaying the winning mark still answers applied.
    const same = await c.call('POST', `/api/v1/me/tickets/${id}/use`, buyer, button);
    expect(same.statusCode).toBe(200);
  });

  it('online, a gate that waits for the answer is told "already used" when another gate admitted first, whatever the clocks say', async () => {
    const buyer = await c.user();
    const item = await itemIn(undefined, 1);
    const [id] = (await buyToday(buyer, item)) as [string];
    const token = await tokenOf(buyer, id);
    const staff = await staffOf(item.parkId);
    // Two phones read the same ticket within 100 ms; the second one's clock runs 50 ms behind, and its request
    // reaches the server second. Earliest-wins would make it the admission: it must be refused at the gate instead.
    const now = Date.now();
    const east = await c.call('POST', '/api/v1/staff/scans', staff, {
      scan_id: randomUUID(),
      token,
      scanned_at: new Date(now - 20_000).toISOString(),
      confirm: true,
    });
    expect(body(east).data).toMatchObject({ result: 'accepted' });
    const westId = randomUUID();
    const west = await c.call('POST', '/api/v1/staff/scans', staff, {
      scan_id: westId,
      token,
      scanned_at: new Date(now - 20_050).toISOString(),
      confirm: true,
    });
    expect(body(west).data).toMatchObject({ result: 'duplicate', flag: 'duplicate', usedAt: body(east).data.usedAt });
    expect((await ticketRow(id)).usedAt.toISOString()).toBe(body(east).data.usedAt);
    // Its replay (the outbox sends it again) answers the same.
    const replay = await c.call('POST', '/api/v1/staff/scans', staff, {
      scan_id: westId,
      token,
      scanned_at: new Date(now - 20_050).toISOString(),
    });
    expect(body(replay).data).toMatchObject({ result: 'duplicate' });
    expect((await usagesOf(id)).map((r) => r.duplicate)).toEqual([true, false]);
  });

  it('POST /use refuses a ticket used by showing its QR code at the gate', async () => {
    const buyer = await c.user();
    const item = await itemIn(undefined, 1); // QR presentation
    const [id] = (await buyToday(buyer, item)) as [string];
    const res = await c.call(
      'POST',
      `/api/v1/me/tickets/${id}/use`,
      { ...buyer, lang: 'en' },
      {
        client_id: randomUUID(),
        used_at: new Date().toISOString(),
      },
    );
    expect(res.statusCode, res.payload).toBe(409);
    expect(body(res).meta).toMatchObject({
      code: 'notUsable',
      message: 'This ticket is used by showing its QR code at the gate',
    });
    expect(body(res).data.ticket).toMatchObject({ id, state: 'during_use_period' });
    expect(await usagesOf(id)).toHaveLength(0);
    expect((await ticketRow(id)).state).toBe('available');
  });

  it('a scan timed before its token was issued is a clock suspect: flagged, and it never beats a plausible act', async () => {
    const buyer = await c.user();
    const item = await itemIn();
    const [first, second] = (await buyToday(buyer, item, 2)) as [string, string];
    const tokens = await wallet(buyer);
    const tokenFor = (id: string) => tokens.find((t) => t.id === id)?.token as string;
    // The tokens were issued three minutes from now, as the server's clock has it: a device that says it scanned two
    // minutes ago is five minutes (more than the tolerance) before them.
    const issued = new Date(Date.now() + 180_000);
    await c.knex()('ticket_tokens').whereIn('ticket_id', [first, second]).update({ issued_at: issued });
    const staff = await staffOf(item.parkId);

    // A plausible scan first; then a device whose clock is behind says it scanned before the token existed.
    const plausible = new Date(issued.getTime() - 60_000);
    expect(body(await scan(staff, tokenFor(first), plausible)).data.result).toBe('accepted');
    const suspect = await scan(staff, tokenFor(first), new Date(issued.getTime() - 300_000));
    expect(suspect.statusCode, suspect.payload).toBe(200);
    expect(body(suspect).data).toMatchObject({ result: 'duplicate', flag: 'clock', usedAt: plausible.toISOString() });
    expect((await ticketRow(first)).usedAt.toISOString()).toBe(plausible.toISOString());

    // Alone, a clock suspect still admits (the gate let someone in), flagged, dated no earlier than the token.
    const alone = await scan(staff, tokenFor(second), new Date(issued.getTime() - 300_000));
    expect(body(alone).data).toMatchObject({ result: 'accepted', flag: 'clock', usedAt: issued.toISOString() });
    // A plausible act that comes later takes its place.
    const later = await scan(staff, tokenFor(second), new Date(issued.getTime() - 60_000));
    expect(body(later).data).toMatchObject({ result: 'accepted', flag: null });
    const rows = await usagesOf(second);
    expect(rows.map((r) => [r.duplicate, r.flag])).toEqual([
      [true, 'clock'],
      [false, null],
    ]);
  });
});

describe('key rotation', () => {
  it('publishes the next key before it signs (devices keep the key list for 300 s), then signs with it', async () => {
    const buyer = await c.user();
    const parks = (await c.knex()('parks').where('is_private', false).orderBy('id').pluck('id')) as number[];
    const park = parks[2] as number;
    const item = await itemIn(park);
    const [a] = (await buyToday(buyer, item)) as [string];
    const current = decodeTicketToken(await tokenOf(buyer, a))?.kid as string;

    const next = await rotateParkKey(c.knex(), secret(), park);
    const keys = body(await c.call('GET', `/api/v1/parks/${park}/ticket-keys`)).data as {
      kid: string;
      signsFrom: string;
    }[];
    const announced = keys.find((k) => k.kid === next.kid);
    expect(announced, 'the next key is listed at once').toBeTruthy();
    expect(Date.parse(announced?.signsFrom as string) - Date.now()).toBeGreaterThan(300_000);
    // Tickets issued meanwhile are still signed with the current key.
    const [b] = (await buyToday(buyer, item)) as [string];
    expect(decodeTicketToken(await tokenOf(buyer, b))?.kid).toBe(current);

    // Once its time has come, the next key signs.
    await c.knex()('ticket_signing_keys').where({ kid: next.kid }).update({ signs_from: new Date() });
    const [d] = (await buyToday(buyer, item)) as [string];
    expect(decodeTicketToken(await tokenOf(buyer, d))?.kid).toBe(next.kid);
  });
});

describe('exit and re-entry (issue 28)', () => {
  const move = (
    who: Caller,
    token: string,
    direction: 'in' | 'out',
    at: Date,
    extra: { scanId?: string; confirm?: boolean } = {},
  ) =>
    c.call('POST', '/api/v1/staff/scans', who, {
      scan_id: extra.scanId ?? randomUUID(),
      token,
      direction,
      scanned_at: at.toISOString(),
      ...(extra.confirm ? { confirm: true } : {}),
    });
  const presence = (id: string) => c.knex()('tickets').where({ id }).first('state', 'inside', 'entries');
  const ago = (s: number) => new Date(Date.now() - s * 1000);
  const occupancy = async (who: Caller, parkId: number) =>
    (
      body(await c.call('GET', '/api/v1/staff/parks', who)).data as { id: number; today: { occupancy: unknown } }[]
    ).find((p) => p.id === parkId)?.today.occupancy as {
      inside: number;
      entries: number;
      exits: number;
      hours: { inside: number }[];
    };

  it('one entry by default: exit marks the ticket out, a second entry is refused (entries exhausted)', async () => {
    const buyer = await c.user();
    const item = await itemIn();
    const [id] = (await buyToday(buyer, item)) as [string];
    const token = await tokenOf(buyer, id);
    const staff = await staffOf(item.parkId);
    const enter = await move(staff, token, 'in', ago(80));
    expect(body(enter).data).toMatchObject({ result: 'accepted', direction: 'in', inside: true, entries: 1 });
    const exit = await move(staff, token, 'out', ago(60));
    expect(body(exit).data).toMatchObject({ result: 'accepted', direction: 'out', inside: false, entries: 1 });
    const again = await move(staff, token, 'in', ago(40), { confirm: true });
    expect(body(again).data).toMatchObject({ result: 'duplicate', flag: 'duplicate', inside: false, entries: 1 });
    expect(await presence(id)).toMatchObject({ state: 'used', inside: false, entries: 1 });
  });

  it('with re-entry: exit then re-enter while entries remain; refused while inside; refused when exhausted', async () => {
    const buyer = await c.user();
    const item = await itemIn();
    await c.knex()('items').where({ id: item.id }).update({ reentry: true, max_entries: 2 });
    const [id] = (await buyToday(buyer, item)) as [string];
    const token = await tokenOf(buyer, id);
    const staff = await staffOf(item.parkId);
    expect(body(await move(staff, token, 'in', ago(100))).data).toMatchObject({ result: 'accepted', inside: true });
    // Inside: another entry (an online gate waiting for the answer) is refused.
    const inside = await move(staff, token, 'in', ago(90), { confirm: true });
    expect(body(inside).data).toMatchObject({ result: 'duplicate', inside: true, entries: 1 });
    expect(body(await move(staff, token, 'out', ago(80))).data).toMatchObject({ result: 'accepted', inside: false });
    const back = await move(staff, token, 'in', ago(70), { confirm: true });
    expect(body(back).data).toMatchObject({ result: 'accepted', inside: true, entries: 2 });
    expect(body(await move(staff, token, 'out', ago(60))).data).toMatchObject({ result: 'accepted', inside: false });
    const third = await move(staff, token, 'in', ago(50), { confirm: true });
    expect(body(third).data).toMatchObject({ result: 'duplicate', inside: false, entries: 2 });
    expect(await presence(id)).toMatchObject({ state: 'used', inside: false, entries: 2 });
  });

  it('offline devices that disagree: acts are placed by their time whatever order they arrive in, misfits flagged', async () => {
    const buyer = await c.user();
    const item = await itemIn();
    await c.knex()('items').where({ id: item.id }).update({ reentry: true, max_entries: null });
    const [id] = (await buyToday(buyer, item)) as [string];
    const token = await tokenOf(buyer, id);
    const staff = await staffOf(item.parkId);
    // Gate A admitted at -90 s, gate B (offline, not knowing) admitted again at -30 s: B's is flagged (inside).
    await move(staff, token, 'in', ago(90));
    const b = await move(staff, token, 'in', ago(30));
    expect(body(b).data).toMatchObject({ result: 'duplicate', flag: 'duplicate' });
    // The exit at -60 s (gate C, offline) arrives last: now B's entry is a re-entry and counts.
    const exit = await move(staff, token, 'out', ago(60));
    expect(body(exit).data).toMatchObject({ result: 'accepted', inside: true, entries: 2 });
    const acts = await usagesOf(id);
    expect(acts.map((a) => [a.direction, a.duplicate, a.flag])).toEqual([
      ['in', false, null],
      ['out', false, null],
      ['in', false, null],
    ]);
    // An exit of a ticket that is out is flagged and changes nothing.
    await move(staff, token, 'out', ago(20));
    const strayId = randomUUID();
    const stray = await move(staff, token, 'out', ago(10), { scanId: strayId });
    expect(body(stray).data).toMatchObject({ result: 'duplicate', inside: false });
    // Staff review it as an exit.
    const flagged = body(await c.call('GET', `/api/v1/staff/parks/${item.parkId}/scans`, staff)).data as {
      act: { scanId: string; direction: string };
    }[];
    expect(flagged.find((f) => f.act.scanId === strayId)?.act.direction).toBe('out');
  });

  it('occupancy: entries minus exits now and per hour; a replayed act is counted once', async () => {
    const item = await itemIn();
    const staff = await staffOf(item.parkId);
    const before = await occupancy(staff, item.parkId);
    const buyer = await c.user();
    const ids = await buyToday(buyer, item, 3);
    const tokens = await Promise.all(ids.map((id) => tokenOf(buyer, id)));
    const replayed = randomUUID();
    for (const t of tokens) await move(staff, t, 'in', ago(60));
    await move(staff, tokens[0] as string, 'out', ago(30), { scanId: replayed });
    const again = await move(staff, tokens[0] as string, 'out', ago(30), { scanId: replayed });
    expect(body(again).data).toMatchObject({ result: 'accepted', inside: false });
    const after = await occupancy(staff, item.parkId);
    expect(after.inside - before.inside).toBe(2);
    expect(after.entries - before.entries).toBe(3);
    expect(after.exits - before.exits).toBe(1);
    expect(after.hours.at(-1)?.inside).toBe(after.inside);
    expect(Number((await c.knex()('ticket_usages').where({ client_id: replayed }).count('* as n'))[0]?.n)).toBe(1);
  });
});
