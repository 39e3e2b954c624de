// An annual pass's owner cancels it before its first entry, and reissues a holder's card on a new phone (issue 29,
// server/features/passes/README.md 2.4 and 2.6), over real HTTP (the card sandbox refunds over HTTP): the existing
// cancellation routes take a term ticket and cancel the whole pass (every holder of that term) at the product's flat
// rate, refunded to the yen through the payment's refund; after a gate entry, or on a renewal term, it is refused
// and nothing moves; a cancellation racing a first entry at the gate ends with one of them, never both. PGlite, and
// PostgreSQL with DATABASE_URL.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MemberCard } from '../../common/dto/pass';
import type { ScanAnswer } from '../../common/dto/wallet';
import { decodeTicketToken } from '../../common/rules/ticketToken';
import { issueAccessToken } from '../features/auth/accessToken';
import { findProblems } from '../features/finance/services/reconcileLedgers';
import { body, type Caller, commerce } from './commerceFixtures';
import { makePassProduct, PASS_PRICES, type PassProductOptions, passShop } from './support/passFixtures';
import { createHttpTestServer, type TestContext } from './testServer';

let ctx: TestContext;
let base = '';
const c = commerce(() => ctx);
const shop = passShop(c);

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

async function scannerOf(parkId: number): Promise<Caller> {
  const staff = await c.user();
  await c.knex()('park_staff').insert({ user_id: staff.id, park_id: parkId, role: 'scanner' });
  const { access_token } = await issueAccessToken(c.knex(), ctx.server.app.config, staff.id);
  return { token: access_token };
}

const SUBTOTAL = 2 * PASS_PRICES.adult + PASS_PRICES.child;

/** A family pass (parent, a named adult, the kid) paid by card, its member cards and a scanner of its park. */
async function cardPaidPass(o: PassProductOptions = {}) {
  const product = await makePassProduct(c.knex(), { kind: 'family', maxHolders: 4, cancelRatePercent: 10, ...o });
  const parent = await c.user();
  const kid = await shop.kidOf(parent.id);
  const added = await shop.addPass(parent, product.itemId, {
    quantities: [
      { age_group_id: 5, quantity: 2 },
      { age_group_id: 2, quantity: 1 },
    ],
  });
  expect(added.statusCode, added.payload).toBe(201);
  const named = await shop.setHolders(parent, product.parkId, body(added).data.id, [
    { position: 1, holder_user_id: parent.id, name: '動物 花子', age_group_id: 5, unit_kind: 'basic' },
    { position: 2, name: '動物 太郎', age_group_id: 5, unit_kind: 'basic' },
    { position: 3, holder_user_id: kid.id, name: '動物 こども', age_group_id: 2, unit_kind: 'basic' },
  ]);
  expect(named.statusCode, named.payload).toBe(200);
  const paid = await c.call('POST', '/api/v1/orders', parent, {
    park_id: product.parkId,
    agreement: true,
    payment_method: 1,
    card_token: await tokenize('4111111111111111'),
  });
  expect(paid.statusCode, paid.payload).toBe(201);
  const orderId = body(paid).data.orderId as number;
  expect((await c.knex()('orders').where({ id: orderId }).first()).state).toBe('paid');
  const pass = await c.knex()('passes').where({ first_order_id: orderId }).first();
  const terms = (await c
    .knex()('tickets')
    .where({ order_id: orderId })
    .orderBy('ticket_number')
    .pluck('id')) as string[];
  const cards = (await shop.cards(parent)).filter((x) => x.passId === pass.id);
  const scanner = await scannerOf(product.parkId);
  return { product, parent, kid, orderId, pass, terms, cards, scanner };
}

const tokenOf = (card: MemberCard | undefined) => card?.terms[0]?.token as string;

async function scan(who: Caller, token: string, confirm = true) {
  const res = await c.call('POST', '/api/v1/staff/scans', who, {
    scan_id: randomUUID(),
    token,
    scanned_at: new Date().toISOString(),
    confirm,
    direction: 'in',
    gate_name: 'East gate',
  });
  return { res, answer: body(res).data as ScanAnswer };
}

const quote = (who: Caller, ids: string[]) =>
  c.call('GET', `/api/v1/me/tickets/cancellation-quote?${ids.map((id) => `ticket_ids[]=${id}`).join('&')}`, who);
const cancel = (who: Caller, ids: string[]) =>
  c.call('POST', '/api/v1/me/tickets/cancellations', who, { ticket_ids: ids });

/** What a cancellation may have moved: the terms' states, the payment's refunds, the cancellations. */
async function moneyAndTickets(orderId: number, terms: string[]) {
  const payment = await c.knex()('payments').where({ order_id: orderId }).first('refunded_amount', 'state');
  const states = (await c.knex()('tickets').whereIn('id', terms).orderBy('id').pluck('state')) as string[];
  const cancellations = await c.knex()('cancellations').where({ order_id: orderId });
  return { refunded: payment.refundedAmount as number, states, cancellations: cancellations.length };
}

describe('cancelling a pass before its first entry', () => {
  it('quotes the whole pass at the product rate, cancels every holder, refunds the price minus the fee to the yen', async () => {
    const { parent, kid, orderId, pass, terms, cards, product } = await cardPaidPass();
    expect(cards.map((x) => x.cancellable)).toEqual([true, true, true]);
    // The kid's own card offers no cancellation (a kids account cannot cancel).
    expect((await shop.cards(kid)).map((x) => x.cancellable)).toEqual([false]);

    // One holder's term asked for: the quote covers the pass (all three terms). 10% of 15,000 = 1,500.
    const q = await quote(parent, [terms[1] as string]);
    expect(q.statusCode, q.payload).toBe(200);
    expect(body(q).data).toEqual({
      ticketIds: [...terms].sort(),
      daysBefore: 0,
      chargeRate: 10,
      fee: 1500,
      refundAmount: SUBTOTAL - 1500,
      refundCoins: 0,
      rewardCoinsBack: 0,
      refundReducedBy: 0,
      needsProviderConfirmation: true,
      refundByBankTransfer: false,
    });
    const before = tokenOf(cards[0]);

    const done = await cancel(parent, [terms[0] as string]);
    expect(done.statusCode, done.payload).toBe(200);
    expect(body(done).data).toMatchObject({ state: 'done', quote: { fee: 1500, refundAmount: 13_500 } });
    const after = await moneyAndTickets(orderId, terms);
    expect(after).toEqual({ refunded: 13_500, states: ['cancelled', 'cancelled', 'cancelled'], cancellations: 1 });
    expect((await c.knex()('orders').where({ id: orderId }).first()).state).toBe('cancelled');
    // The cards' QR codes are revoked (onto the revocation cursor) and the cards leave My Tickets.
    const revoked = body(await c.call('GET', `/api/v1/parks/${product.parkId}/ticket-revocations?after=0`)).data;
    expect(revoked.revoked.map((r: { jti: string }) => r.jti)).toContain(decodeTicketToken(before)?.jti);
    expect((await shop.cards(parent)).filter((x) => x.passId === pass.id)).toEqual([]);
    expect(await shop.cards(kid)).toEqual([]);
    // Every yen accounted for: nothing for the reconciliation to find.
    const problems = await findProblems(c.knex(), new Date(Date.now() + 3_600_000));
    expect(problems.filter((p) => p.orderId === orderId)).toEqual([]);
    // A replay refunds nothing more.
    expect((await cancel(parent, [terms[2] as string])).statusCode).toBe(409);
    expect((await moneyAndTickets(orderId, terms)).refunded).toBe(13_500);
  });

  it('after a first entry at the gate it is refused (passUsed, ja and en) and nothing changes', async () => {
    const { parent, orderId, terms, cards, scanner } = await cardPaidPass();
    const entry = await scan(scanner, tokenOf(cards[2]));
    expect(entry.answer).toMatchObject({ result: 'accepted', refusal: null });
    const before = await moneyAndTickets(orderId, terms);

    const ja = await cancel(parent, [terms[0] as string]);
    expect(ja.statusCode, ja.payload).toBe(409);
    expect(body(ja).meta).toMatchObject({
      code: 'passUsed',
      message: '年間パスポートは初回入園後のキャンセルはできません',
    });
    const en = await quote({ ...parent, lang: 'en' }, [terms[1] as string]);
    expect(en.statusCode).toBe(409);
    expect(body(en).meta.message).toBe('An annual pass cannot be cancelled after its first entry');
    expect(await moneyAndTickets(orderId, terms)).toEqual(before);
    expect(before).toMatchObject({ refunded: 0, states: ['available', 'available', 'available'], cancellations: 0 });
    expect((await shop.cards(parent)).filter((x) => terms.includes(x.terms[0]?.ticketId ?? ''))).toHaveLength(3);
    expect((await shop.cards(parent)).every((x) => !x.cancellable || !terms.includes(x.terms[0]?.ticketId ?? ''))).toBe(
      true,
    );
  });

  it('a renewal term is not cancellable, nor the first term once renewed; a day visit is no ticket to cancel', async () => {
    // Valid from purchase for 30 days: the renewal window (60 days) is open at once.
    const { parent, pass, terms, scanner, cards } = await cardPaidPass({ validityStart: 'purchase', validityDays: 30 });
    await shop.grantCoins(parent.id);
    const renewal = await c.call('POST', `/api/v1/me/passes/${pass.id}/renewal`, parent);
    expect(renewal.statusCode, renewal.payload).toBe(201);
    const paid = await shop.pay(parent, pass.parkId, 2 * PASS_PRICES.renewAdult + PASS_PRICES.renewChild);
    expect(paid.statusCode, paid.payload).toBe(201);
    const renewalTerms = (await c
      .knex()('tickets')
      .where({ order_id: body(paid).data.orderId })
      .pluck('id')) as string[];
    expect(renewalTerms).toHaveLength(3);
    const refused = await cancel({ ...parent, lang: 'en' }, [renewalTerms[0] as string]);
    expect(refused.statusCode, refused.payload).toBe(409);
    expect(body(refused).meta).toMatchObject({
      code: 'passRenewalNotCancellable',
      message: 'A renewed annual pass cannot be cancelled',
    });
    expect(body(await cancel(parent, [terms[0] as string])).meta.code).toBe('passRenewalNotCancellable');

    const entry = await scan(scanner, tokenOf(cards[0]));
    expect(entry.answer.result).toBe('accepted');
    expect((await cancel(parent, [entry.answer.ticketId])).statusCode).toBe(404);
    // Someone else's pass: not found.
    const stranger = await c.user();
    expect((await cancel(stranger, [terms[0] as string])).statusCode).toBe(404);
  });

  it('a cancellation racing a first entry: one of them wins, and money and tickets agree with it', async () => {
    for (let round = 0; round < 3; round++) {
      const { parent, orderId, terms, cards, scanner } = await cardPaidPass();
      const [cancelled, entered] = await Promise.all([
        cancel(parent, [terms[round] as string]),
        scan(scanner, tokenOf(cards[round])),
      ]);
      expect(entered.res.statusCode, entered.res.payload).toBe(200);
      const now = await moneyAndTickets(orderId, terms);
      const visits = await c.knex()('tickets').where({ parent_ticket_id: terms[round], unit_kind: 'pass_visit' });
      if (cancelled.statusCode === 200) {
        // The cancellation came first: the gate's act is stored flagged (revoked) on the term, no visit is issued.
        expect(entered.answer.result).toBe('revoked');
        expect(now).toEqual({ refunded: 13_500, states: ['cancelled', 'cancelled', 'cancelled'], cancellations: 1 });
        expect(visits).toEqual([]);
      } else {
        expect(cancelled.statusCode, cancelled.payload).toBe(409);
        expect(body(cancelled).meta.code).toBe('passUsed');
        expect(entered.answer.result).toBe('accepted');
        expect(now).toEqual({ refunded: 0, states: ['available', 'available', 'available'], cancellations: 0 });
        expect(visits.map((v: { state: string }) => v.state)).toEqual(['used']);
      }
      const problems = await findProblems(c.knex(), new Date(Date.now() + 3_600_000));
      expect(problems.filter((p) => p.orderId === orderId)).toEqual([]);
    }
  });
});

describe('reissuing a card on a new phone', () => {
  it('the owner reissues a holder’s card: new QR, the old one revoked and refused at the gate after a sync', async () => {
    const { parent, kid, cards, scanner, product, pass } = await cardPaidPass();
    const card = cards[2] as MemberCard;
    const old = tokenOf(card);
    const url = `/api/v1/me/passes/${pass.id}/holders/${card.holderId}/reissue`;

    // A kids account asks its parent; someone else's pass is not found.
    const byKid = await c.call('POST', url, kid);
    expect(byKid.statusCode).toBe(403);
    expect(body(byKid).meta.code).toBe('childRestricted');
    expect((await c.call('POST', url, await c.user())).statusCode).toBe(404);
    expect(
      (await c.call('POST', `/api/v1/me/passes/${pass.id + 1_000_000}/holders/${card.holderId}/reissue`, parent))
        .statusCode,
    ).toBe(404);

    const res = await c.call('POST', url, parent);
    expect(res.statusCode, res.payload).toBe(200);
    expect(body(res).data).toEqual({ revoked: 1 });
    const fresh = (await shop.cards(parent)).find((x) => x.holderId === card.holderId);
    expect(tokenOf(fresh)).toBeTruthy();
    expect(tokenOf(fresh)).not.toBe(old);
    // The gate's revocation sync lists the old QR; the server refuses it and admits the new one.
    const list = body(await c.call('GET', `/api/v1/parks/${product.parkId}/ticket-revocations?after=0`)).data;
    const row = list.revoked.find((r: { jti: string }) => r.jti === decodeTicketToken(old)?.jti);
    expect(row).toBeTruthy();
    expect((await scan(scanner, old)).answer.result).toBe('revoked');
    expect((await scan(scanner, tokenOf(fresh))).answer).toMatchObject({ result: 'accepted', refusal: null });
    // Other holders' cards are untouched.
    expect(tokenOf((await shop.cards(parent)).find((x) => x.holderId === cards[0]?.holderId))).toBe(tokenOf(cards[0]));
    const audit = await c
      .knex()('audit_logs')
      .where({ entity: 'pass', entity_id: String(pass.id), action: 'card_reissued' });
    expect(audit).toHaveLength(1);
  });

  it('tells the owner in the inbox, and allows five reissues of a holder a day (the sixth is 429, nothing revoked)', async () => {
    const { parent, cards, pass } = await cardPaidPass();
    const card = cards[1] as MemberCard;
    const url = `/api/v1/me/passes/${pass.id}/holders/${card.holderId}/reissue`;
    for (let i = 0; i < 5; i += 1) expect((await c.call('POST', url, parent)).statusCode).toBe(200);
    const notices = await c.knex()('notifications').where({ user_id: parent.id, kind: 'passCardReissued' });
    expect(notices).toHaveLength(5);
    expect(notices[0]?.body).toContain('動物 太郎');
    expect(notices[0]?.navigate).toBe(`/my-tickets/pass/${pass.id}`);
    const before = tokenOf((await shop.cards(parent)).find((x) => x.holderId === card.holderId));
    const sixth = await c.call('POST', url, parent);
    expect(sixth.statusCode).toBe(429);
    expect(body(sixth).meta.code).toBe('rateLimited');
    expect(tokenOf((await shop.cards(parent)).find((x) => x.holderId === card.holderId))).toBe(before);
    expect(await c.knex()('notifications').where({ user_id: parent.id, kind: 'passCardReissued' })).toHaveLength(5);
    // Another holder of the same pass has its own five.
    expect(
      (await c.call('POST', `/api/v1/me/passes/${pass.id}/holders/${cards[0]?.holderId}/reissue`, parent)).statusCode,
    ).toBe(200);
  });
});
