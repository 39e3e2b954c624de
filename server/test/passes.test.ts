// Annual passes (issue 29, server/features/passes/README.md), server core: the pass product on the item page and
// in the catalogue, buying through the cart (holders named, no stock taken), fulfilment (passes, holders, one
// term ticket per holder), member cards with v3 tokens, and what the wallet leaves out.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MemberCard, PassProduct } from '../../common/dto/pass';
import type { TicketKey } from '../../common/dto/wallet';
import { decodeTicketToken, PASS_TOKEN_VERSION, verifyTicketToken } from '../../common/rules/ticketToken';
import { addDays } from '../../common/time';
import { body, commerce } from './commerceFixtures';
import { makePassProduct, PASS_PRICES, passShop } from './support/passFixtures';
import { createTestServer, type TestContext } from './testServer';

let ctx: TestContext;
const c = commerce(() => ctx);

beforeAll(async () => {
  ctx = await createTestServer();
}, 240_000);
afterAll(async () => {
  await ctx?.close();
});

describe('pass products', () => {
  it('the item page of a pass item carries its pass product (prices per age group, validity, benefits), a ticket none', async () => {
    const product = await makePassProduct(c.knex(), { kind: 'family', maxHolders: 4, reentry: true, maxEntries: 2 });
    const res = await c.call('GET', `/api/v1/items/${product.itemId}`, { lang: 'en' });
    expect(res.statusCode, res.payload).toBe(200);
    const pass = body(res).data.pass as PassProduct;
    expect(pass).toMatchObject({
      itemId: product.itemId,
      parkId: product.parkId,
      parkIds: [product.parkId],
      kind: 'family',
      maxHolders: 4,
      validityDays: 365,
      validityStart: 'first_entry',
      cancelRatePercent: 10,
      benefits: { dailyAdmission: true, reentry: true, maxEntries: 2 },
    });
    expect(pass.prices).toEqual([
      { ageGroupId: 2, ageGroupName: 'Elementary school', unitKind: 'basic', price: PASS_PRICES.child },
      expect.objectContaining({ ageGroupId: 5, unitKind: 'basic', price: PASS_PRICES.adult }),
      expect.objectContaining({ ageGroupId: null, unitKind: 'disability', price: PASS_PRICES.disability }),
      expect.objectContaining({ ageGroupId: null, unitKind: 'companion', price: PASS_PRICES.disability }),
    ]);
    expect(pass.renewal?.prices.find((p) => p.ageGroupId === 5)?.price).toBe(PASS_PRICES.renewAdult);

    const ticket = await c.makeItem();
    const plain = await c.call('GET', `/api/v1/items/${ticket.id}`);
    expect(body(plain).data.pass).toBeNull();
  });
});

const { buyer, kidOf, addPass, setHolders, pay } = passShop(c);

describe('buying a pass', () => {
  it('adds a pass line without stock or holds; kids accounts are refused; a family stays within max_holders', async () => {
    const product = await makePassProduct(c.knex(), { kind: 'family', maxHolders: 3 });
    const parent = await buyer();
    const kid = await kidOf(parent.id);

    const refused = await addPass(kid, product.itemId, { quantities: [{ age_group_id: 5, quantity: 1 }] });
    expect(refused.statusCode, refused.payload).toBe(403);
    expect(body(refused).meta.code).toBe('childRestricted');

    const tooMany = await addPass(parent, product.itemId, { quantities: [{ age_group_id: 5, quantity: 4 }] });
    expect(tooMany.statusCode, tooMany.payload).toBe(400);

    const res = await addPass(parent, product.itemId, {
      quantities: [
        { age_group_id: 5, quantity: 2 },
        { age_group_id: 2, quantity: 1 },
      ],
    });
    expect(res.statusCode, res.payload).toBe(201);
    const line = body(res).data;
    expect(line.kind).toBe('pass');
    expect(line.subtotal).toBe(2 * PASS_PRICES.adult + PASS_PRICES.child);
    expect(line.pass.complete).toBe(false);
    expect(line.pass.product.kind).toBe('family');
    expect(
      line.pass.details.holders.map((h: { position: number; ageGroupId: number }) => [h.position, h.ageGroupId]),
    ).toEqual([
      [1, 2],
      [2, 5],
      [3, 5],
    ]);
    expect(Number((await c.knex()('stock_holds').where({ cart_line_id: line.id }).count({ n: '*' }).first())?.n)).toBe(
      0,
    );
    expect(
      Number((await c.knex()('stock_units').where({ item_id: product.itemId }).count({ n: '*' }).first())?.n),
    ).toBe(0);

    // A second family pass is a line of its own (never merged with the first).
    const again = await addPass(parent, product.itemId, { quantities: [{ age_group_id: 5, quantity: 1 }] });
    expect(again.statusCode, again.payload).toBe(201);
    expect(body(again).data.id).not.toBe(line.id);
  });

  it('a pass line needs no date (the app sends none); a day ticket without one is refused naming the field', async () => {
    const product = await makePassProduct(c.knex(), { kind: 'single', maxHolders: 1 });
    const parent = await buyer();
    const added = await addPass(parent, product.itemId, { quantities: [{ age_group_id: 5, quantity: 1 }] });
    expect(added.statusCode, added.payload).toBe(201);
    const ticket = await c.makeItem();
    const undated = await c.call(
      'POST',
      '/api/v1/carts',
      { ...parent, lang: 'en' },
      {
        item_id: ticket.id,
        quantities: [{ age_group_id: 5, quantity: 1 }],
      },
    );
    expect(undated.statusCode, undated.payload).toBe(400);
    expect(body(undated).meta.message).toBe('Please enter date');
  });

  it('names holders (the buyer and own kids only), refuses checkout until all are named, then issues the pass', async () => {
    const product = await makePassProduct(c.knex(), { kind: 'family', maxHolders: 4, validityStart: 'first_entry' });
    const parent = await buyer();
    const kid = await kidOf(parent.id);
    const stranger = await c.user();
    const otherKid = await kidOf(stranger.id);
    const added = await addPass(parent, product.itemId, {
      quantities: [
        { age_group_id: 5, quantity: 2 },
        { age_group_id: 2, quantity: 1 },
      ],
    });
    expect(added.statusCode, added.payload).toBe(201);
    const lineId = body(added).data.id as number;

    const missing = await pay(parent, product.parkId, 15_000);
    expect(missing.statusCode, missing.payload).toBe(400);
    expect(body(missing).meta.code).toBe('passHoldersMissing');

    const holders = (kidId: number) => [
      { position: 1, holder_user_id: parent.id, name: '動物 花子', age_group_id: 5, unit_kind: 'basic' },
      { position: 2, name: '動物 太郎', age_group_id: 5, unit_kind: 'basic' },
      { position: 3, holder_user_id: kidId, name: '動物 こども', age_group_id: 2, unit_kind: 'basic' },
    ];
    const foreign = await setHolders(parent, product.parkId, lineId, holders(otherKid.id));
    expect(foreign.statusCode, foreign.payload).toBe(400);
    expect(body(foreign).meta.code).toBe('passHolderInvalid');
    const wrongAges = await setHolders(parent, product.parkId, lineId, [
      ...holders(kid.id).slice(0, 2),
      { position: 3, name: '動物 こども', age_group_id: 5, unit_kind: 'basic' },
    ]);
    expect(wrongAges.statusCode, wrongAges.payload).toBe(400);
    expect(body(wrongAges).meta.code).toBe('passHolderInvalid');
    const twice = await setHolders(parent, product.parkId, lineId, [
      ...holders(kid.id).slice(0, 2),
      { position: 3, holder_user_id: parent.id, name: '動物 こども', age_group_id: 2, unit_kind: 'basic' },
    ]);
    expect(twice.statusCode, twice.payload).toBe(400);
    const notMine = await setHolders(stranger, product.parkId, lineId, holders(kid.id));
    expect(notMine.statusCode, notMine.payload).toBe(404);

    const named = await setHolders(parent, product.parkId, lineId, holders(kid.id));
    expect(named.statusCode, named.payload).toBe(200);
    expect(body(named).data.pass.complete).toBe(true);

    const subtotal = 2 * PASS_PRICES.adult + PASS_PRICES.child;
    const paid = await pay(parent, product.parkId, subtotal);
    expect(paid.statusCode, paid.payload).toBe(201);
    const orderId = body(paid).data.orderId as number;
    expect((await c.knex()('orders').where({ id: orderId }).first()).state).toBe('paid');

    const pass = await c.knex()('passes').where({ first_order_id: orderId }).first();
    expect(pass).toMatchObject({ itemId: product.itemId, ownerUserId: parent.id, validFrom: null, validUntil: null });
    expect(pass.passNumber).toMatch(/^P\d{3}-\d{7}$/);
    const holderRows = await c.knex()('pass_holders').where({ pass_id: pass.id }).orderBy('position');
    expect(holderRows.map((h: { name: string; holderUserId: number | null }) => [h.name, h.holderUserId])).toEqual([
      ['動物 花子', parent.id],
      ['動物 太郎', null],
      ['動物 こども', kid.id],
    ]);
    const terms = await c.knex()('tickets').where({ order_id: orderId }).orderBy('ticket_number');
    expect(terms).toHaveLength(3);
    expect(
      terms.every((t: { unitKind: string; passId: number }) => t.unitKind === 'pass' && t.passId === pass.id),
    ).toBe(true);
    expect(terms.map((t: { ticketNumber: string }) => t.ticketNumber)).toEqual([
      `${pass.passNumber}-1-T1`,
      `${pass.passNumber}-2-T1`,
      `${pass.passNumber}-3-T1`,
    ]);
    expect(terms.reduce((n: number, t: { price: number }) => n + t.price, 0)).toBe(subtotal);
    // Not started: the term may be used until start_by + 364 days; no stock was ever taken.
    const { addDays } = await import('../../common/time');
    expect(terms[0].useDate).toBe(addDays(pass.startBy, 364));
    expect(terms[0].validFrom).toBeNull();
    expect(
      Number((await c.knex()('stock_units').where({ item_id: product.itemId }).count({ n: '*' }).first())?.n),
    ).toBe(0);
    // The receipt says again that a pass cannot be cancelled after its first entry.
    const { sendReceipt } = await import('../features/orders/services/sendReceipt');
    const sent: { text: string }[] = [];
    await sendReceipt(c.knex(), { send: async (m) => void sent.push(m) }, 'http://localhost', orderId);
    expect(sent[0]?.text).toContain('年間パスポートは初回入園後のキャンセルはできません');
    const { findProblems } = await import('../features/finance/services/reconcileLedgers');
    const problems = await findProblems(c.knex(), new Date(Date.now() + 3_600_000));
    expect(problems.filter((p) => p.orderId === orderId)).toEqual([]);
  });

  it('valid from purchase starts on the payment day; single passes are one pass per person', async () => {
    const product = await makePassProduct(c.knex(), { kind: 'single', validityStart: 'purchase' });
    const parent = await buyer();
    const added = await addPass(parent, product.itemId, { quantities: [{ age_group_id: 5, quantity: 2 }] });
    expect(added.statusCode, added.payload).toBe(201);
    const lineId = body(added).data.id as number;
    const named = await setHolders(parent, product.parkId, lineId, [
      { position: 1, name: '山田 一郎', age_group_id: 5, unit_kind: 'basic' },
      { position: 2, name: '山田 二郎', age_group_id: 5, unit_kind: 'basic' },
    ]);
    expect(named.statusCode, named.payload).toBe(200);
    const paid = await pay(parent, product.parkId, 2 * PASS_PRICES.adult);
    expect(paid.statusCode, paid.payload).toBe(201);
    const orderId = body(paid).data.orderId as number;
    const passes = await c.knex()('passes').where({ first_order_id: orderId }).orderBy('id');
    expect(passes).toHaveLength(2);
    const { addDays } = await import('../../common/time');
    for (const p of passes) {
      expect(p.validFrom).toBe(c.today);
      expect(p.validUntil).toBe(addDays(c.today, 364));
    }
    const terms = await c.knex()('tickets').where({ order_id: orderId });
    expect(terms.map((t: { validFrom: string; useDate: string }) => [t.validFrom, t.useDate])).toEqual([
      [c.today, addDays(c.today, 364)],
      [c.today, addDays(c.today, 364)],
    ]);
  });
});

const { buyFamilyPass } = passShop(c);

describe('member cards', () => {
  it('one card per holder with a v3 token signed by the issuing park; a kid sees only its own; others none', async () => {
    const product = await makePassProduct(c.knex(), { kind: 'family', maxHolders: 4 });
    const parent = await buyer();
    const kid = await kidOf(parent.id);
    const { pass, terms } = await buyFamilyPass(product, parent, kid.id);

    const res = await c.call('GET', '/api/v1/me/passes', parent);
    expect(res.statusCode, res.payload).toBe(200);
    const cards = (body(res).data.cards as MemberCard[]).filter((x) => x.passId === pass.id);
    expect(cards.map((x) => [x.position, x.holderName, x.isMe, x.ownerIsMe, x.state])).toEqual([
      [1, '動物 花子', true, true, 'not_started'],
      [2, '動物 太郎', false, true, 'not_started'],
      [3, '動物 こども', false, true, 'not_started'],
    ]);
    const card = cards[0] as MemberCard;
    expect(card).toMatchObject({
      passNumber: pass.passNumber,
      startBy: pass.startBy,
      validFrom: null,
      cancellable: true,
    });
    expect(card.terms).toHaveLength(1);
    const token = card.terms[0]?.token as string;
    const payload = decodeTicketToken(token);
    expect(payload).toMatchObject({ v: PASS_TOKEN_VERSION, tid: terms[0]?.id, park: product.parkId, from: null });
    expect(payload?.date).toBe(terms[0]?.useDate);
    const keys = body(await c.call('GET', `/api/v1/parks/${product.parkId}/ticket-keys`)).data as TicketKey[];
    const verdict = verifyTicketToken(token, {
      parkId: product.parkId,
      passParkIds: [product.parkId],
      keys,
      now: new Date(),
      today: c.today,
    });
    expect(verdict.ok).toBe(true);
    // Read again: the same token (one live token per term ticket).
    const again = (body(await c.call('GET', '/api/v1/me/passes', parent)).data.cards as MemberCard[]).find(
      (x) => x.holderId === card.holderId,
    );
    expect(again?.terms[0]?.token).toBe(token);

    const kidCards = body(await c.call('GET', '/api/v1/me/passes', kid)).data.cards as MemberCard[];
    expect(kidCards.map((x) => [x.holderName, x.isMe, x.ownerIsMe, x.cancellable])).toEqual([
      ['動物 こども', true, false, false],
    ]);
    const stranger = await c.user();
    expect(body(await c.call('GET', '/api/v1/me/passes', stranger)).data.cards).toEqual([]);

    const visits = await c.call('GET', `/api/v1/me/passes/${pass.id}/visits`, parent);
    expect(visits.statusCode, visits.payload).toBe(200);
    expect(body(visits).data).toEqual([]);
    expect((await c.call('GET', `/api/v1/me/passes/${pass.id}/visits`, stranger)).statusCode).toBe(404);
    expect((await c.call('GET', `/api/v1/me/passes/${pass.id}/visits`, kid)).statusCode).toBe(200);
  });

  it('term tickets stay out of My Tickets, the history, shares, usage marks and ticket photos', async () => {
    const product = await makePassProduct(c.knex(), { kind: 'family', maxHolders: 4 });
    const parent = await buyer();
    const kid = await kidOf(parent.id);
    const { terms } = await buyFamilyPass(product, parent, kid.id);
    const termIds = terms.map((t) => t.id);

    const wallet = body(await c.call('GET', '/api/v1/me/tickets', parent)).data.tickets as { id: string }[];
    expect(wallet.filter((t) => termIds.includes(t.id))).toEqual([]);
    await c.knex()('tickets').whereIn('id', termIds).update({ use_date: '2020-01-01' });
    const history = body(await c.call('GET', '/api/v1/me/tickets/usage-histories', parent)).data as {
      ticket: { id: string };
    }[];
    expect(history.filter((e) => termIds.includes(e.ticket.id))).toEqual([]);
    await c.knex()('tickets').whereIn('id', termIds).update({ use_date: terms[0]?.useDate });

    const share = await c.call('POST', '/api/v1/me/ticket-shares', parent, { ticket_ids: [termIds[0]] });
    expect(share.statusCode, share.payload).toBe(404);
    const use = await c.call('POST', `/api/v1/me/tickets/${termIds[0]}/use`, parent, {
      client_id: randomUUID(),
      used_at: new Date().toISOString(),
    });
    expect(use.statusCode, use.payload).toBe(404);
    expect((await c.call('GET', `/api/v1/me/tickets/${termIds[0]}`, parent)).statusCode).toBe(404);
    const image = await c.call('PUT', '/api/v1/me/tickets/image', parent, {
      ticket_ids: [termIds[0]],
      photo_id: randomUUID(),
    });
    expect(image.statusCode, image.payload).toBe(404);
  });
});

describe('renewal', () => {
  /** A started pass (valid from purchase) whose end is `daysLeft` days from today. */
  async function passEnding(daysLeft: number) {
    const product = await makePassProduct(c.knex(), { kind: 'family', maxHolders: 4, validityStart: 'purchase' });
    const parent = await buyer();
    const kid = await kidOf(parent.id);
    const bought = await buyFamilyPass(product, parent, kid.id);
    const end = addDays(c.today, daysLeft);
    await c
      .knex()('passes')
      .where({ id: bought.pass.id })
      .update({ valid_until: end, valid_from: addDays(end, -364) });
    await c
      .knex()('tickets')
      .where({ pass_id: bought.pass.id })
      .update({ use_date: end, valid_from: addDays(end, -364) });
    return { product, parent, kid, end, ...bought };
  }

  for (const daysLeft of [60, 30, 0]) {
    it(`renews ${daysLeft} days before the end: the new term runs from the old end + 1 for 365 days`, async () => {
      const { product, parent, pass, end } = await passEnding(daysLeft);
      const res = await c.call('POST', `/api/v1/me/passes/${pass.id}/renewal`, parent);
      expect(res.statusCode, res.payload).toBe(201);
      const line = body(res).data;
      expect(line.pass.details.renewsPassId).toBe(pass.id);
      expect(line.pass.complete).toBe(true);
      const price = 2 * PASS_PRICES.renewAdult + PASS_PRICES.renewChild;
      expect(line.subtotal).toBe(price);
      const paid = await pay(parent, product.parkId, price);
      expect(paid.statusCode, paid.payload).toBe(201);
      const orderId = body(paid).data.orderId as number;
      const renewed = await c.knex()('passes').where({ id: pass.id }).first();
      expect(renewed.validUntil).toBe(addDays(end, 365));
      const terms = await c.knex()('tickets').where({ order_id: orderId }).orderBy('ticket_number');
      expect(
        terms.map((t: { ticketNumber: string; validFrom: string; useDate: string }) => [
          t.ticketNumber,
          t.validFrom,
          t.useDate,
        ]),
      ).toEqual([1, 2, 3].map((n) => [`${pass.passNumber}-${n}-T2`, addDays(end, 1), addDays(end, 365)]));
      expect(terms.reduce((n: number, t: { price: number }) => n + t.price, 0)).toBe(price);
      // The card shows both terms, the current first; renewal closed now.
      const card = (
        await c.call('GET', '/api/v1/me/passes', parent).then((r) => body(r).data.cards as MemberCard[])
      ).find((x) => x.passId === pass.id);
      expect(card?.terms.map((t) => t.validUntil)).toEqual([end, addDays(end, 365)]);
      expect(card?.renewal?.open).toBe(false);
      const { findProblems } = await import('../features/finance/services/reconcileLedgers');
      const problems = await findProblems(c.knex(), new Date(Date.now() + 3_600_000));
      expect(problems.filter((p) => p.orderId === orderId)).toEqual([]);
    });
  }

  it('refuses 61 days before the end and the day after it, and kids accounts', async () => {
    for (const daysLeft of [61, -1]) {
      const { parent, pass } = await passEnding(daysLeft);
      const res = await c.call('POST', `/api/v1/me/passes/${pass.id}/renewal`, parent);
      expect(res.statusCode, res.payload).toBe(409);
      expect(body(res).meta.code).toBe('passNotRenewable');
    }
    const { kid, pass } = await passEnding(30);
    expect((await c.call('POST', `/api/v1/me/passes/${pass.id}/renewal`, kid)).statusCode).toBe(403);
  });
});
