// The wallet over real HTTP (the card sandbox refunds over HTTP, so the server listens): My Tickets with signed
// tokens, ownership, kids, usage marks (day of use, idempotent replays), gate scans (earliest wins),
// cancellation refunds, shares (receive, expiry, cancel, reissue), history, key rotation.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TicketKey, WalletTicket } from '../../common/dto/wallet';
import { decodeTicketToken, verifyTicketToken } from '../../common/rules/ticketToken';
import { addDays } from '../../common/time';
import { expireShares } from '../features/wallet/services/expireShares';
import { retireOldKeys, rotateParkKey } from '../features/wallet/services/rotateKeys';
import { oneTokyoDayPerTest } from './clock';
import { body, type Caller, commerce } from './commerceFixtures';
import { createHttpTestServer, type TestContext } from './testServer';

let ctx: TestContext;
let base = '';
const c = commerce(() => ctx);

// Set once the run is clear of midnight in Tokyo (tests use tickets on their day of use).
let today = '';
oneTokyoDayPerTest((d) => {
  today = d;
});
beforeAll(async () => {
  const listening = await createHttpTestServer();
  ctx = listening;
  base = listening.base;
  await ctx.server.start();
}, 240_000);
afterAll(async () => {
  await ctx?.close();
});

async function tokenize(cardno: string): Promise<string> {
  const res = await fetch(`${base}/sandbox/gmo/token`, {
    method: 'POST',
    body: JSON.stringify({ cardno, expire: '12/30', securitycode: '123', holdername: 'HANAKO YAMADA' }),
    headers: { 'content-type': 'application/json' },
  });
  return (await res.json()).tokenObject.token[0];
}

/** Buys `adults` adult tickets of the item (coins, or a card with some coins) and answers the order and tickets. */
async function buy(who: Caller & { id: number }, item: { id: number; parkId: number }, adults: number, card = false) {
  await c
    .knex()('coin_entries')
    .insert({
      user_id: who.id,
      kind: 'plus',
      reason: 'reward',
      amount: 20_000,
      expires_at: new Date(Date.now() + 86_400_000 * 30),
    });
  await c.addToCart(who, item, adults);
  const payload = card
    ? { payment_method: 1, coins: 100, card_token: await tokenize('4111111111111111') }
    : { payment_method: 4, coins: adults * 1000 };
  const res = await c.call('POST', '/api/v1/orders', who, { park_id: item.parkId, agreement: true, ...payload });
  expect(res.statusCode, res.payload).toBe(201);
  const orderId = body(res).data.orderId as number;
  expect((await c.knex()('orders').where({ id: orderId }).first()).state).toBe('paid');
  const tickets = (await c.knex()('tickets').where({ order_id: orderId }).orderBy('ticket_number')) as {
    id: string;
    useDate: string;
  }[];
  return { orderId, ticketIds: tickets.map((t) => t.id), useDate: tickets[0]?.useDate as string };
}

const wallet = async (who: Caller) => {
  const res = await c.call('GET', '/api/v1/me/tickets', who);
  expect(res.statusCode, res.payload).toBe(200);
  return body(res).data.tickets as WalletTicket[];
};
const keysOf = async (parkId: number) =>
  body(await c.call('GET', `/api/v1/parks/${parkId}/ticket-keys`)).data as TicketKey[];
const setUseDate = (ids: string[], date: string) => c.knex()('tickets').whereIn('id', ids).update({ use_date: date });
const staffOf = async (parkId: number): Promise<Caller> => {
  const row = await c.knex()('park_staff').where({ park_id: parkId, role: 'scanner' }).first('user_id');
  const { issueAccessToken } = await import('../features/auth/accessToken');
  const { access_token } = await issueAccessToken(c.knex(), ctx.server.app.config, row.userId);
  return { token: access_token };
};

describe('My Tickets', () => {
  it('lists tickets with one signed token each (verified by the common verifier), hides them from others and kids', async () => {
    const buyer = await c.user();
    const other = await c.user();
    const kid = await c.user({ child_flag: 1, parent_id: buyer.id, email: null });
    const item = await c.makeItem();
    const { ticketIds, useDate } = await buy(buyer, item, 2);

    const list = await wallet(buyer);
    expect(list.map((t) => t.id).sort()).toEqual([...ticketIds].sort());
    const t = list[0] as WalletTicket;
    expect(t).toMatchObject({ useDate, state: 'available', usageTrigger: 1, shareId: null, receivedFromShare: false });
    expect(t.park.mapImageUrls.length).toBeGreaterThan(0);
    expect(t.token).toMatch(/^[\w-]+\.[\w-]+$/);
    // Reading again gives the same tokens: a ticket has one live token.
    expect((await wallet(buyer)).map((x) => x.token).sort()).toEqual(list.map((x) => x.token).sort());
    expect(await c.knex()('ticket_tokens').whereIn('ticket_id', ticketIds)).toHaveLength(2);

    const keys = await keysOf(item.parkId);
    expect(keys[0]).toMatchObject({ alg: 'Ed25519', parkId: item.parkId, retiredAt: null });
    const keysRes = await c.call('GET', `/api/v1/parks/${item.parkId}/ticket-keys`);
    expect(keysRes.headers['cache-control']).toContain('public');
    expect((await c.call('GET', '/api/v1/parks/999999/ticket-keys')).statusCode).toBe(404);
    const onTheDay = new Date(`${useDate}T10:00:00+09:00`);
    const verdict = verifyTicketToken(t.token as string, { parkId: item.parkId, keys, now: onTheDay, today: useDate });
    expect(verdict).toMatchObject({
      ok: true,
      payload: { tid: t.id, park: item.parkId, item: item.id, date: useDate },
    });
    expect(verifyTicketToken(t.token as string, { parkId: item.parkId, keys, now: new Date(), today })).toMatchObject({
      ok: false,
      reason: 'wrongDay',
    });

    expect((await c.call('GET', `/api/v1/me/tickets/${t.id}`, buyer)).statusCode).toBe(200);
    for (const url of [`/api/v1/me/tickets/${t.id}`, `/api/v1/me/tickets/${t.id}/detail`]) {
      expect((await c.call('GET', url, other)).statusCode).toBe(404);
      expect((await c.call('GET', url)).statusCode).toBe(401);
      const k = await c.call('GET', url, kid);
      expect(k.statusCode).toBe(403);
      expect(body(k).meta.code).toBe('childRestricted');
    }
    const use = await c.call('POST', `/api/v1/me/tickets/${t.id}/use`, other, {
      client_id: randomUUID(),
      used_at: new Date().toISOString(),
    });
    expect(use.statusCode).toBe(404);
    expect(await wallet(other)).toHaveLength(0);
    expect((await c.call('GET', `/api/v1/me/tickets/cancellation-quote?ticket_ids=${t.id}`, other)).statusCode).toBe(
      404,
    );
    expect((await c.call('POST', '/api/v1/me/ticket-shares', other, { ticket_ids: [t.id] })).statusCode).toBe(404);
  });

  it('shows the order detail with the holder’s advance information', async () => {
    const buyer = await c.user();
    const item = await c.makeItem({
      advanceInfo: [{ key: 'name', kind: 'text', labelJa: 'お名前', labelEn: 'Name', required: true, maxLength: 40 }],
    });
    const lineId = await c.addToCart(buyer, item, 2);
    await c.call('PUT', '/api/v1/carts', buyer, {
      data: { lines: [{ id: lineId, advance_info: { tickets: [{ name: '山田太郎' }, { name: '山田花子' }] } }] },
    });
    await c
      .knex()('coin_entries')
      .insert({
        user_id: buyer.id,
        kind: 'plus',
        reason: 'reward',
        amount: 5000,
        expires_at: new Date(Date.now() + 9e8),
      });
    const res = await c.call('POST', '/api/v1/orders', buyer, {
      park_id: item.parkId,
      agreement: true,
      payment_method: 4,
      coins: 2000,
    });
    expect(res.statusCode, res.payload).toBe(201);
    const tickets = await wallet({ ...buyer, lang: 'en' });
    const second = tickets.find((t) => t.ticketNumber.endsWith('-02')) as WalletTicket;
    const detail = body(await c.call('GET', `/api/v1/me/tickets/${second.id}/detail`, { ...buyer, lang: 'en' })).data;
    expect(detail).toMatchObject({
      subtotal: 2000,
      coinDiscount: 2000,
      total: 0,
      ticketSubtotal: 2000,
      orderState: 'paid',
    });
    expect(detail.advanceInformation).toEqual([{ key: 'name', label: 'Name', value: '山田花子', photoUrl: null }]);
  });
});

describe('marking used', () => {
  it('reads the app clock, not the wall clock: on its day of use (a test clock moved there) the button marks it', async () => {
    const buyer = await c.user();
    const item = await c.makeItem();
    await c.knex()('items').where({ id: item.id }).update({ usage_trigger: 3 });
    const { ticketIds, useDate } = await buy(buyer, item, 1);
    const onTheDay = new Date(`${useDate}T10:00:00+09:00`);
    const clock = ctx.server.app.testClock as NonNullable<typeof ctx.server.app.testClock>;
    clock.set(onTheDay);
    try {
      const act = { client_id: randomUUID(), used_at: onTheDay.toISOString() };
      const res = await c.call('POST', `/api/v1/me/tickets/${ticketIds[0]}/use`, buyer, act);
      expect(res.statusCode, res.payload).toBe(200);
      expect(body(res).data).toMatchObject({ applied: true, ticket: { state: 'used' } });
    } finally {
      clock.reset();
    }
  });

  it('refuses before the day of use (localised 409, still valid), then marks once for 5 concurrent replays', async () => {
    const buyer = await c.user();
    const item = await c.makeItem();
    await c.knex()('items').where({ id: item.id }).update({ usage_trigger: 3 });
    const { ticketIds } = await buy(buyer, item, 2);
    const [id, otherId] = ticketIds as [string, string];
    const act = { client_id: randomUUID(), used_at: new Date().toISOString() };

    const early = await c.call('POST', `/api/v1/me/tickets/${id}/use`, { ...buyer, lang: 'en' }, act);
    expect(early.statusCode).toBe(409);
    expect(body(early).meta).toMatchObject({
      code: 'notUseDay',
      message: 'This ticket can only be used on its day of use. It is still valid',
    });
    expect(body(early).data.ticket).toMatchObject({ id, state: 'available', usedAt: null });
    expect(body(early).data.applied).toBe(false);
    const ja = await c.call('POST', `/api/v1/me/tickets/${id}/use`, buyer, act);
    expect(body(ja).meta.message).toContain('利用日当日のみ');

    await setUseDate([id, otherId], today);
    expect((await wallet(buyer)).find((t) => t.id === id)?.state).toBe('during_use_period');
    const replays = await Promise.all(
      Array.from({ length: 5 }, () => c.call('POST', `/api/v1/me/tickets/${id}/use`, buyer, act)),
    );
    for (const r of replays) {
      expect(r.statusCode, r.payload).toBe(200);
      expect(body(r).data).toMatchObject({ applied: true, ticket: { id, state: 'used', token: null } });
    }
    expect(await c.knex()('ticket_usages').where({ ticket_id: id })).toHaveLength(1);
    expect(await c.knex()('ticket_usages').where({ client_id: act.client_id })).toHaveLength(1);

    const again = await c.call('POST', `/api/v1/me/tickets/${id}/use`, buyer, {
      client_id: randomUUID(),
      used_at: new Date().toISOString(),
    });
    expect(again.statusCode).toBe(409);
    expect(body(again).meta.code).toBe('alreadyUsed');
    expect(body(again).data.ticket.state).toBe('used');

    const future = await c.call('POST', `/api/v1/me/tickets/${otherId}/use`, buyer, {
      client_id: randomUUID(),
      used_at: new Date(Date.now() + 3_600_000).toISOString(),
    });
    expect(future.statusCode).toBe(400);
    expect(body(future).meta.code).toBe('usedAtInvalid');
  });

  it('URL access: the trigger link exists only from the day of use', async () => {
    const buyer = await c.user();
    const item = await c.makeItem();
    await c.knex()('items').where({ id: item.id }).update({ usage_trigger: 2 });
    const { ticketIds } = await buy(buyer, item, 1);
    const id = ticketIds[0] as string;
    expect((await wallet(buyer))[0]?.triggerUrl).toBeNull();
    const before = await c.call('GET', `/api/v1/me/tickets/${id}/trigger`, buyer);
    expect(body(before).data).toMatchObject({ usable: false, reason: 'notUseDay', ticket: { id } });
    const early = await c.call('POST', `/api/v1/me/tickets/${id}/trigger`, buyer, {});
    expect(early.statusCode).toBe(409);
    expect(body(early).meta.code).toBe('notUseDay');
    await setUseDate([id], today);
    expect((await wallet(buyer))[0]?.triggerUrl).toBe(`/product/trigger/${id}`);
    const view = await c.call('GET', `/api/v1/me/tickets/${id}/trigger`, buyer);
    expect(body(view).data).toMatchObject({ usable: true, reason: null });
    const used = await c.call('POST', `/api/v1/me/tickets/${id}/trigger`, buyer, {});
    expect(used.statusCode, used.payload).toBe(200);
    expect(body(used).data.ticket.state).toBe('used');
    expect((await c.knex()('ticket_usages').where({ ticket_id: id }).first()).source).toBe('url');
    const after = body(await c.call('GET', `/api/v1/me/tickets/${id}/trigger`, buyer)).data;
    expect(after).toMatchObject({ usable: false, reason: 'alreadyUsed' });
    const other = await c.makeItem(); // QR presentation: no URL access
    const { ticketIds: qr } = await buy(buyer, other, 1);
    expect((await c.call('GET', `/api/v1/me/tickets/${qr[0]}/trigger`, buyer)).statusCode).toBe(404);
  });

  it('disabled holders confirm the certificate before use', async () => {
    const buyer = await c.user();
    const item = await c.makeItem();
    await c.knex()('items').where({ id: item.id }).update({ usage_trigger: 3 }); // used by the button
    const { ticketIds } = await buy(buyer, item, 1);
    const id = ticketIds[0] as string;
    await c.knex()('tickets').where({ id }).update({ unit_kind: 'disability', use_date: today });
    const t = (await wallet(buyer))[0] as WalletTicket;
    expect(t).toMatchObject({ needsCertificate: true, state: 'wait_certificate' });
    const refused = await c.call('POST', `/api/v1/me/tickets/${id}/use`, buyer, {
      client_id: randomUUID(),
      used_at: new Date().toISOString(),
    });
    expect(refused.statusCode).toBe(409);
    expect(body(refused).meta.code).toBe('notUsable');
    const confirmed = await c.call('POST', `/api/v1/me/tickets/${id}/certificate`, buyer);
    expect(body(confirmed).data).toMatchObject({ needsCertificate: false, state: 'during_use_period' });
    const ok = await c.call('POST', `/api/v1/me/tickets/${id}/use`, buyer, {
      client_id: randomUUID(),
      used_at: new Date().toISOString(),
    });
    expect(ok.statusCode).toBe(200);
  });
});

describe('gate scans', () => {
  it('staff of the park only; idempotent by scan_id; the earliest scan wins, later ones are flagged duplicates', async () => {
    const buyer = await c.user();
    const item = await c.makeItem();
    const { ticketIds } = await buy(buyer, item, 2);
    const [id, tomorrowId] = ticketIds as [string, string];
    await setUseDate([id], today);
    const list = await wallet(buyer);
    const token = list.find((t) => t.id === id)?.token as string;
    const staff = await staffOf(item.parkId);
    const scan = (who: Caller, scannedAt: Date, scanId = randomUUID(), tok = token) =>
      c.call('POST', '/api/v1/staff/scans', who, { scan_id: scanId, token: tok, scanned_at: scannedAt.toISOString() });

    const notStaff = await scan(buyer, new Date());
    expect(notStaff.statusCode).toBe(403);
    expect(body(notStaff).meta.code).toBe('notParkStaff');

    const t2 = new Date(Date.now() - 60_000);
    const first = await scan(staff, t2);
    expect(first.statusCode, first.payload).toBe(200);
    expect(body(first).data).toMatchObject({ ticketId: id, result: 'accepted', usedAt: t2.toISOString() });
    const replay = await scan(staff, t2, body(first).data.scanId);
    expect(body(replay).data).toEqual(body(first).data);

    // An offline scan made earlier but uploaded later wins; the first one becomes the duplicate.
    const t1 = new Date(Date.now() - 120_000);
    const earlier = await scan(staff, t1);
    expect(body(earlier).data).toMatchObject({ result: 'accepted', usedAt: t1.toISOString() });
    const later = await scan(staff, new Date());
    expect(body(later).data).toMatchObject({ result: 'duplicate', usedAt: t1.toISOString() });
    const usages = await c.knex()('ticket_usages').where({ ticket_id: id }).orderBy('acted_at');
    expect(usages.map((u: { duplicate: boolean }) => u.duplicate)).toEqual([false, true, true]);
    expect((await c.knex()('tickets').where({ id }).first()).usedAt.toISOString()).toBe(t1.toISOString());
    // The visitor's wallet tells the truth.
    const mine = body(await c.call('GET', `/api/v1/me/tickets/${id}`, buyer)).data;
    expect(mine).toMatchObject({ state: 'used', usedAt: t1.toISOString() });

    // A ticket for another day, and a tampered token, are refused.
    const tomorrowToken = list.find((t) => t.id === tomorrowId)?.token as string;
    const wrongDay = await scan(staff, new Date(), randomUUID(), tomorrowToken);
    expect(wrongDay.statusCode).toBe(409);
    expect(body(wrongDay).meta.code).toBe('ticketWrongDay');
    const [p, s] = token.split('.') as [string, string];
    const tampered = await scan(staff, new Date(), randomUUID(), `${p}.${s.slice(0, -4)}AAAA`);
    expect(tampered.statusCode).toBe(400);
    expect(body(tampered).meta.code).toBe('ticketTokenInvalid');
  });
});

describe('cancellation', () => {
  it('quotes and refunds by policy: partial card refund, coins returned, stock released; waitlist wins refused', async () => {
    const buyer = await c.user();
    const other = await c.user();
    const item = await c.makeItem();
    await c
      .knex()('item_cancellation_policies')
      .insert([
        { item_id: item.id, days_before: 7, charge_rate: 0 },
        { item_id: item.id, days_before: 3, charge_rate: 30 },
        { item_id: item.id, days_before: 1, charge_rate: 50 },
        { item_id: item.id, days_before: 0, charge_rate: 100 },
      ]);
    const { orderId, ticketIds } = await buy(buyer, item, 2, true);
    const [id, keepId] = ticketIds as [string, string];
    const order = await c.knex()('orders').where({ id: orderId }).first();
    expect(order).toMatchObject({ subtotal: 2000, coinDiscount: 100, amountPaid: 1900 });
    // Two days before use: 30% (the row for 3 days or fewer).
    await setUseDate([id, keepId], addDays(today, 2));
    const tokenBefore = (await wallet(buyer)).find((t) => t.id === id)?.token as string;
    expect((await wallet(buyer)).find((t) => t.id === id)?.cancellable).toBe(true);

    const quote = await c.call('GET', `/api/v1/me/tickets/cancellation-quote?ticket_ids[]=${id}`, buyer);
    expect(quote.statusCode, quote.payload).toBe(200);
    // 1,000 paid for it (no coupon); fee 30% = 300; 700 back: coins in the proportion paid (100/2000) = 35.
    expect(body(quote).data).toEqual({
      ticketIds: [id],
      daysBefore: 2,
      chargeRate: 30,
      fee: 300,
      refundAmount: 665,
      refundCoins: 35,
      // The 10 reward coins the ticket earned go back from the balance (which covers them).
      rewardCoinsBack: 10,
      refundReducedBy: 0,
      needsProviderConfirmation: true,
      refundByBankTransfer: false,
    });

    const done = await c.call('POST', '/api/v1/me/tickets/cancellations', buyer, { ticket_ids: [id] });
    expect(done.statusCode, done.payload).toBe(200);
    expect(body(done).data).toMatchObject({ state: 'done', quote: { fee: 300, refundAmount: 665, refundCoins: 35 } });
    expect(body(done).data.tickets[0]).toMatchObject({ id, state: 'cancelled', token: null });
    const payment = await c.knex()('payments').where({ order_id: orderId, state: 'partially_refunded' }).first();
    expect(payment.refundedAmount).toBe(665);
    const back = await c.knex()('coin_entries').where({ user_id: buyer.id, kind: 'return' });
    expect(back.map((e: { amount: number }) => e.amount)).toEqual([35]);
    expect((await c.knex()('orders').where({ id: orderId }).first()).state).toBe('partially_cancelled');
    // The cancelled ticket's token is revoked and published.
    const revoked = body(await c.call('GET', `/api/v1/parks/${item.parkId}/ticket-revocations`)).data;
    expect(revoked.revoked.map((r: { jti: string }) => r.jti)).toContain(decodeTicketToken(tokenBefore)?.jti);
    expect(await wallet(buyer)).toHaveLength(1);

    // Replaying the cancellation does not refund twice.
    const again = await c.call('POST', '/api/v1/me/tickets/cancellations', buyer, { ticket_ids: [id] });
    expect(again.statusCode).toBe(409);
    expect((await c.knex()('payments').where({ id: payment.id }).first()).refundedAmount).toBe(665);

    await c.knex()('tickets').where({ id: keepId }).update({ won_via_waitlist: true });
    const waitlisted = await c.call(
      'POST',
      '/api/v1/me/tickets/cancellations',
      { ...buyer, lang: 'en' },
      {
        ticket_ids: [keepId],
      },
    );
    expect(waitlisted.statusCode).toBe(409);
    expect(body(waitlisted).meta).toMatchObject({
      code: 'waitlistNotCancellable',
      message: 'Tickets won via the waitlist cannot be cancelled',
    });
    expect((await c.call('POST', '/api/v1/me/tickets/cancellations', other, { ticket_ids: [keepId] })).statusCode).toBe(
      404,
    );
  });

  it('gives the place back to stock so it can be sold again', async () => {
    const buyer = await c.user();
    const item = await c.makeItem();
    await c.knex()('item_cancellation_policies').insert({ item_id: item.id, days_before: 0, charge_rate: 100 });
    const { ticketIds, useDate } = await buy(buyer, item, 2);
    const unit = () => c.knex()('stock_units').where({ item_id: item.id, date: useDate }).first();
    expect((await unit()).sold).toBe(2);
    const done = await c.call('POST', '/api/v1/me/tickets/cancellations', buyer, { ticket_ids: [ticketIds[0]] });
    expect(done.statusCode, done.payload).toBe(200);
    // More than 0 days before use with only a 0-day row: free (rate 0), all coins back.
    expect(body(done).data.quote).toMatchObject({ chargeRate: 0, fee: 0, refundAmount: 0, refundCoins: 1000 });
    expect((await unit()).sold).toBe(1);
  });
});

describe('cancellation refunds the provider refuses, and replays', () => {
  async function cardOrder() {
    const buyer = await c.user();
    const item = await c.makeItem();
    await c.knex()('item_cancellation_policies').insert({ item_id: item.id, days_before: 30, charge_rate: 10 });
    const bought = await buy(buyer, item, 2, true);
    return { buyer, item, ...bought };
  }

  it('keeps the tickets cancel_waiting when the refund fails, and the same request retries it once', async () => {
    const { buyer, orderId, ticketIds } = await cardOrder();
    const payment = await c.knex()('payments').where({ order_id: orderId }).first();
    // The provider cannot refund now (the payment is not in a refundable state at this moment).
    await c.knex()('payments').where({ id: payment.id }).update({ state: 'authorized' });
    const failed = await c.call('POST', '/api/v1/me/tickets/cancellations', buyer, { ticket_ids: ticketIds });
    expect(failed.statusCode, failed.payload).toBe(202);
    expect(body(failed).data).toMatchObject({ state: 'refund_failed', quote: { needsProviderConfirmation: true } });
    expect(body(failed).data.tickets.map((t: WalletTicket) => t.state)).toEqual(['cancel_waiting', 'cancel_waiting']);
    expect(await c.knex()('coin_entries').where({ user_id: buyer.id, kind: 'return' })).toHaveLength(0);

    await c.knex()('payments').where({ id: payment.id }).update({ state: 'captured' });
    const retried = await c.call('POST', '/api/v1/me/tickets/cancellations', buyer, { ticket_ids: ticketIds });
    expect(retried.statusCode, retried.payload).toBe(200);
    const answer = body(retried).data;
    expect(answer.cancellationId).toBe(body(failed).data.cancellationId);
    // 2,000 of tickets, 100 coins, 1,900 card; 10%: fee 200, 1,800 back = 90 coins + 1,710 money.
    expect(answer.quote).toMatchObject({ fee: 200, refundAmount: 1710, refundCoins: 90 });
    expect(answer.tickets.map((t: WalletTicket) => t.state)).toEqual(['cancelled', 'cancelled']);
    expect((await c.knex()('payments').where({ id: payment.id }).first()).refundedAmount).toBe(1710);
    expect(await c.knex()('payment_refunds').where({ payment_id: payment.id })).toHaveLength(1);
    expect((await c.knex()('orders').where({ id: orderId }).first()).state).toBe('cancelled');
  });

  it('a job retries a refused refund an hour later (once per run), then it is done', async () => {
    const { buyer, orderId, ticketIds } = await cardOrder();
    const payment = await c.knex()('payments').where({ order_id: orderId }).first();
    await c.knex()('payments').where({ id: payment.id }).update({ state: 'authorized' });
    const failed = await c.call('POST', '/api/v1/me/tickets/cancellations', buyer, { ticket_ids: ticketIds });
    expect(body(failed).data.state).toBe('refund_failed');
    const jobs = ctx.server.plugins.jobs;
    // Still refused an hour later: tried once, stays owed.
    const hour = (h: number) => new Date(Date.now() + h * 3_600_000 + 60_000);
    expect(((await jobs.runOnce(hour(1))) as Record<string, unknown>).retryRefunds).toEqual({ done: 0, failed: 1 });
    await c.knex()('payments').where({ id: payment.id }).update({ state: 'captured' });
    // Too soon after the last try: left alone.
    expect(((await jobs.runOnce(new Date())) as Record<string, unknown>).retryRefunds).toEqual({ done: 0, failed: 0 });
    expect(((await jobs.runOnce(hour(2))) as Record<string, unknown>).retryRefunds).toEqual({ done: 1, failed: 0 });
    const tickets = await c.knex()('tickets').whereIn('id', ticketIds).pluck('state');
    expect(tickets).toEqual(['cancelled', 'cancelled']);
    expect((await c.knex()('payments').where({ id: payment.id }).first()).refundedAmount).toBe(1710);
    expect(await c.knex()('coin_entries').where({ user_id: buyer.id, kind: 'return' })).toHaveLength(1);
  });

  it('three concurrent cancellations of the same ticket refund once', async () => {
    const { buyer, orderId, ticketIds } = await cardOrder();
    const results = await Promise.all(
      Array.from({ length: 3 }, () =>
        c.call('POST', '/api/v1/me/tickets/cancellations', buyer, { ticket_ids: [ticketIds[0]] }),
      ),
    );
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes.filter((x) => x === 200).length).toBeGreaterThanOrEqual(1);
    for (const x of codes) expect([200, 409]).toContain(x);
    const payment = await c.knex()('payments').where({ order_id: orderId }).first();
    expect(payment.refundedAmount).toBe(855);
    expect(await c.knex()('cancellations').where({ order_id: orderId })).toHaveLength(1);
    expect(await c.knex()('coin_entries').where({ user_id: buyer.id, kind: 'return' })).toHaveLength(1);
  });
});

describe('sharing', () => {
  async function shareable(buyer: Caller & { id: number }, n = 2) {
    const item = await c.makeItem();
    await c
      .knex()('items')
      .where({ id: item.id })
      .update({ shareable_until: addDays(today, 60) });
    return { item, ...(await buy(buyer, item, n)) };
  }

  it('shares tickets out of My Tickets; a guest sees the preview; the receiver gets them with new tokens', async () => {
    const sharer = await c.user();
    const receiver = await c.user();
    const stranger = await c.user();
    const { ticketIds, item } = await shareable(sharer);
    const before = await wallet(sharer);
    const oldToken = before.find((t) => t.id === ticketIds[0])?.token as string;

    const made = await c.call('POST', '/api/v1/me/ticket-shares', sharer, { ticket_ids: ticketIds });
    expect(made.statusCode, made.payload).toBe(201);
    const share = body(made).data;
    expect(share).toMatchObject({ state: 'open', url: `${base}/my-tickets/ticket/share/${share.id}` });
    expect(Date.parse(share.expiresAt) - Date.now()).toBeLessThanOrEqual(24 * 3_600_000);
    expect(Date.parse(share.expiresAt) - Date.now()).toBeGreaterThan(23 * 3_600_000);
    expect(await wallet(sharer)).toHaveLength(0);
    expect(body(await c.call('GET', '/api/v1/me/ticket-shares', sharer)).data[0].id).toBe(share.id);
    expect((await c.call('DELETE', `/api/v1/me/ticket-shares/${share.id}`, stranger)).statusCode).toBe(404);
    expect((await c.call('POST', `/api/v1/me/ticket-shares/${share.id}/reissue`, stranger)).statusCode).toBe(404);
    expect(body(await c.call('GET', '/api/v1/me/ticket-shares', stranger)).data).toEqual([]);

    const preview = await c.call('GET', `/api/v1/ticket-shares/${share.id}`, { lang: 'en' });
    expect(preview.statusCode).toBe(200);
    expect(body(preview).data).toMatchObject({ state: 'open', sharerName: expect.any(String) });
    expect(body(preview).data.tickets).toHaveLength(2);

    expect((await c.call('POST', `/api/v1/ticket-shares/${share.id}/receive`, sharer)).statusCode).toBe(400);
    expect((await c.call('POST', `/api/v1/ticket-shares/${share.id}/receive`)).statusCode).toBe(401);
    // Partial receipt: one ticket now, the other later.
    const one = await c.call('POST', `/api/v1/ticket-shares/${share.id}/receive`, receiver, {
      ticket_ids: [ticketIds[0]],
    });
    expect(one.statusCode, one.payload).toBe(200);
    const got = body(one).data.tickets[0] as WalletTicket;
    expect(got).toMatchObject({ id: ticketIds[0], receivedFromShare: true, state: 'available' });
    expect(got.token).not.toBe(oldToken);
    const keys = await keysOf(item.parkId);
    const revoked = body(await c.call('GET', `/api/v1/parks/${item.parkId}/ticket-revocations`)).data.revoked as {
      jti: string;
    }[];
    const oldJti = decodeTicketToken(oldToken)?.jti as string;
    expect(revoked.map((r) => r.jti)).toContain(oldJti);
    const useDate = got.useDate;
    const at = new Date(`${useDate}T10:00:00+09:00`);
    const isRevoked = (jti: string) => revoked.some((r) => r.jti === jti);
    expect(verifyTicketToken(oldToken, { parkId: item.parkId, keys, isRevoked, now: at, today: useDate }).ok).toBe(
      false,
    );
    expect(
      verifyTicketToken(got.token as string, { parkId: item.parkId, keys, isRevoked, now: at, today: useDate }).ok,
    ).toBe(true);
    expect((await c.call('GET', `/api/v1/me/tickets/${ticketIds[0]}`, sharer)).statusCode).toBe(404);

    const rest = await c.call('POST', `/api/v1/ticket-shares/${share.id}/receive`, receiver);
    expect(rest.statusCode).toBe(200);
    expect((await wallet(receiver)).map((t) => t.id).sort()).toEqual([...ticketIds].sort());
    expect(body(await c.call('GET', `/api/v1/ticket-shares/${share.id}`)).data.state).toBe('received');
    const history = body(await c.call('GET', '/api/v1/me/tickets/usage-histories', sharer));
    expect(history.data.map((e: { outcome: string }) => e.outcome)).toEqual(['shared', 'shared']);
    expect(history.data[0].ticket.token).toBeNull();
    expect(history.meta.total).toBe(2);
    // The receiver may share on; cancelling stays the sharer's (their payment).
    const on = await c.call('POST', '/api/v1/me/ticket-shares', receiver, { ticket_ids: [ticketIds[1]] });
    expect(on.statusCode, on.payload).toBe(201);
    expect((await wallet(receiver)).find((t) => t.id === ticketIds[0])?.cancellable).toBe(false);
  });

  it('an expired share cannot be received ("share expired", 410) and its tickets return to the sharer', async () => {
    const sharer = await c.user();
    const receiver = await c.user();
    const { ticketIds } = await shareable(sharer);
    const share = body(await c.call('POST', '/api/v1/me/ticket-shares', sharer, { ticket_ids: ticketIds })).data;
    await c
      .knex()('ticket_shares')
      .where({ id: share.id })
      .update({ expires_at: new Date(Date.now() - 1000) });
    const late = await c.call('POST', `/api/v1/ticket-shares/${share.id}/receive`, { ...receiver, lang: 'en' });
    expect(late.statusCode).toBe(410);
    expect(body(late).meta).toMatchObject({ code: 'shareExpired', message: 'The share has expired' });
    const ja = await c.call('POST', `/api/v1/ticket-shares/${share.id}/receive`, receiver);
    expect(body(ja).meta.message).toBe('共有の有効期限が切れています');
    expect((await wallet(sharer)).map((t) => t.id).sort()).toEqual([...ticketIds].sort());
    expect(await wallet(receiver)).toHaveLength(0);
  });

  it('the job expires shares after 24 hours and returns their tickets; cancel and reissue', async () => {
    const sharer = await c.user();
    const { ticketIds } = await shareable(sharer);
    const share = body(await c.call('POST', '/api/v1/me/ticket-shares', sharer, { ticket_ids: ticketIds })).data;
    expect(await expireShares(c.knex(), new Date())).toMatchObject({ shares: 0 });
    const r = await expireShares(c.knex(), new Date(Date.now() + 25 * 3_600_000));
    expect(r.shares).toBeGreaterThanOrEqual(1);
    expect((await c.knex()('ticket_shares').where({ id: share.id }).first()).state).toBe('expired');
    expect(await wallet(sharer)).toHaveLength(2);

    const second = body(await c.call('POST', '/api/v1/me/ticket-shares', sharer, { ticket_ids: ticketIds })).data;
    const reissued = await c.call('POST', `/api/v1/me/ticket-shares/${second.id}/reissue`, sharer);
    expect(reissued.statusCode, reissued.payload).toBe(201);
    const third = body(reissued).data;
    expect(third.id).not.toBe(second.id);
    expect(third.tickets).toHaveLength(2);
    expect(body(await c.call('GET', `/api/v1/ticket-shares/${second.id}`)).data.state).toBe('cancelled');
    const cancelled = await c.call('DELETE', `/api/v1/me/ticket-shares/${third.id}`, sharer);
    expect(body(cancelled).data.state).toBe('cancelled');
    const receiver = await c.user();
    const closed = await c.call('POST', `/api/v1/ticket-shares/${third.id}/receive`, receiver);
    expect(closed.statusCode).toBe(409);
    expect(body(closed).meta.code).toBe('shareClosed');
    expect(await wallet(sharer)).toHaveLength(2);
    const notShareable = await c.call('POST', '/api/v1/me/ticket-shares', sharer, { ticket_ids: ticketIds });
    expect(notShareable.statusCode).toBe(201);
  });

  it('a ticket used at the gate while shared stays the sharer’s; the receiver gets the unused ones', async () => {
    const sharer = await c.user();
    const receiver = await c.user();
    const { ticketIds, item } = await shareable(sharer);
    await setUseDate(ticketIds, today);
    const tokens = await wallet(sharer);
    const share = body(await c.call('POST', '/api/v1/me/ticket-shares', sharer, { ticket_ids: ticketIds })).data;
    const staff = await staffOf(item.parkId);
    const scanned = await c.call('POST', '/api/v1/staff/scans', staff, {
      scan_id: randomUUID(),
      token: tokens.find((t) => t.id === ticketIds[0])?.token,
      scanned_at: new Date().toISOString(),
    });
    expect(body(scanned).data.result).toBe('accepted');
    const got = await c.call('POST', `/api/v1/ticket-shares/${share.id}/receive`, receiver);
    expect(got.statusCode, got.payload).toBe(200);
    expect(body(got).data.tickets.map((t: WalletTicket) => t.id)).toEqual([ticketIds[1]]);
    const mine = body(await c.call('GET', `/api/v1/me/tickets/${ticketIds[0]}`, sharer)).data;
    expect(mine).toMatchObject({ state: 'used', shareId: null });
    expect(body(await c.call('GET', `/api/v1/ticket-shares/${share.id}`)).data.state).toBe('received');
  });

  it('refuses tickets that are not shareable', async () => {
    const buyer = await c.user();
    const item = await c.makeItem(); // no shareable_until
    const { ticketIds } = await buy(buyer, item, 1);
    const res = await c.call('POST', '/api/v1/me/ticket-shares', buyer, { ticket_ids: ticketIds });
    expect(res.statusCode).toBe(409);
    expect(body(res).meta.code).toBe('notShareable');
  });
});

describe('history, photos and keys', () => {
  it('seeds one gate staff account per park (scanner), and one for two parks', async () => {
    const { verifyPassword } = await import('../lib/passwords');
    const parks = await c.knex()('parks').count({ n: '*' }).first();
    const staff = await c
      .knex()('park_staff')
      .join('users', 'users.id', 'park_staff.user_id')
      .join('parks', 'parks.id', 'park_staff.park_id')
      .where('users.email', 'like', 'gate.%')
      .select('users.email', 'users.password_hash', 'parks.slug', 'park_staff.role');
    expect(staff).toHaveLength(Number(parks?.n));
    expect(new Set(staff.map((s: { role: string }) => s.role))).toEqual(new Set(['scanner']));
    const multi = await c
      .knex()('park_staff')
      .join('users', 'users.id', 'park_staff.user_id')
      .where('users.email', 'gate@staff.zoopass.jp');
    expect(multi).toHaveLength(2);
    const one = staff[0] as { email: string; passwordHash: string; slug: string };
    expect(one.email).toBe(`gate.${one.slug}@staff.zoopass.jp`);
    expect(await verifyPassword(one.passwordHash, 'GateStaff2026')).toBe(true);
  });

  it('pages the usage history and sets the gate face photo', async () => {
    const buyer = await c.user();
    const item = await c.makeItem();
    const { ticketIds } = await buy(buyer, item, 3);
    await setUseDate(ticketIds, addDays(today, -1));
    const page1 = body(await c.call('GET', '/api/v1/me/tickets/usage-histories?page=1&per_page=2', buyer));
    expect(page1.data).toHaveLength(2);
    expect(page1.meta).toMatchObject({ total: 3, totalPages: 2 });
    expect(page1.data[0]).toMatchObject({ outcome: 'expired' });
    expect(page1.data[0].ticket.state).toBe('unused_remains');

    await setUseDate(ticketIds, addDays(today, 3));
    const [upload] = await c
      .knex()('uploads')
      .insert({
        id: randomUUID(),
        owner_id: buyer.id,
        purpose: 'face',
        content_type: 'image/png',
        size: 1,
        bytes: Buffer.from([1]),
      })
      .returning('id');
    const set = await c.call('PUT', '/api/v1/me/tickets/image', buyer, { ticket_ids: ticketIds, photo_id: upload.id });
    expect(set.statusCode, set.payload).toBe(200);
    expect(body(set).data.map((t: WalletTicket) => t.faceImageUrl)).toEqual(
      ticketIds.map(() => `/api/v1/uploads/${upload.id}`),
    );
    const stranger = await c.user();
    const refused = await c.call('PUT', '/api/v1/me/tickets/image', stranger, {
      ticket_ids: ticketIds,
      photo_id: upload.id,
    });
    expect(refused.statusCode).toBe(404);
  });

  it('rotates keys: old tokens stay valid until the old key retires, then wallets get new tokens', async () => {
    const buyer = await c.user();
    const item = await c.makeItem();
    const { ticketIds } = await buy(buyer, item, 1);
    const first = (await wallet(buyer))[0]?.token as string;
    const config = ctx.server.app.config;
    const next = await rotateParkKey(c.knex(), config.appSecret, item.parkId);
    expect((await wallet(buyer))[0]?.token).toBe(first);
    const kids = (await keysOf(item.parkId)).map((k) => k.kid);
    expect(kids).toContain(next.kid);
    expect(kids).toContain(decodeTicketToken(first)?.kid);
    expect(await retireOldKeys(c.knex(), new Date())).toEqual([]);
    const retired = await retireOldKeys(c.knex(), new Date(Date.now() + 4 * 86_400_000));
    expect(retired).toContain(decodeTicketToken(first)?.kid);
    const renewed = (await wallet(buyer))[0]?.token as string;
    expect(decodeTicketToken(renewed)?.kid).toBe(next.kid);
    expect(await c.knex()('ticket_tokens').where({ ticket_id: ticketIds[0] }).whereNull('revoked_at')).toHaveLength(1);
  });
});
