// The gate's token and scan protocol, as independent checks found it wanting (issue 16). Each block was written
// before its fix and seen failing: a scan binds the presented token to the stored one; revocations come by a
// commit-ordered cursor, paged; a scan of a token revoked meanwhile is stored flagged; the earliest act of any kind
// wins; `/use` keeps to the ticket's usage trigger; clocks that cannot be right are flagged; the next key is
// published before it signs. PGlite, and PostgreSQL with DATABASE_URL.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WalletTicket } from '../../common/dto/wallet';
import { decodeTicketToken, encodePayload, joinToken } from '../../common/rules/ticketToken';
import { tokyoDate } from '../../common/time';
import { signBytes, signingKey } from '../features/wallet/keys';
import { rotateParkKey } from '../features/wallet/services/rotateKeys';
import { awayFromTokyoMidnight } from './clock';
import { body, type Caller, commerce } from './commerceFixtures';
import { createTestServer, type TestContext } from './testServer';

let ctx: TestContext;
const c = commerce(() => ctx);
let today = '';

beforeAll(async () => {
  await awayFromTokyoMidnight();
  today = tokyoDate();
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
  const row = await c.knex()('park_staff').where({ park_id: parkId }).first('user_id');
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
