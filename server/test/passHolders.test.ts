// Pass holders in the back office (issue 29, README 2.10, 2.15) as park staff use them: members of the park find
// holders by name (kana either way, kanji, partial), pass number (hyphens optional), the owner's e-mail or phone,
// of a state, a page at a time; read a holder's page; editors and owners suspend with a reason (the gate refuses),
// reinstate, reissue a card (its old QR revoked), every change in the staff audit; owners and finance download the
// renewals and visits reports as CSV whose rows add up. Another park's staff find nothing. PGlite, and PostgreSQL
// with DATABASE_URL.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { MemberCard, OfficePassHolderDetail, OfficePassHolderSearch } from '../../common/dto/pass';
import { decodeTicketToken } from '../../common/rules/ticketToken';
import { addDays } from '../../common/time';
import { issueAccessToken } from '../features/auth/accessToken';
import { body, type Caller } from './commerceFixtures';
import { commerceServer } from './commerceServer';
import { coinsFor, makePassProduct, PASS_PRICES, type PassProductOptions, passShop } from './support/passFixtures';

const { c, ctx } = commerceServer();
const grantCoins = coinsFor(c);
const shop = passShop(c, grantCoins);

async function member(parkId: number, role: string): Promise<Caller & { id: number }> {
  const who = await c.user();
  await c.knex()('park_staff').insert({ user_id: who.id, park_id: parkId, role });
  const { access_token } = await issueAccessToken(c.knex(), ctx().server.app.config, who.id);
  return { id: who.id, token: access_token };
}

async function twoParks(): Promise<[number, number]> {
  const ids = (await c.knex()('parks').where('is_private', false).orderBy('id').limit(2).pluck('id')) as number[];
  return [ids[0] as number, ids[1] as number];
}

const KANA = 'アイウエオカキクケコサシスセソタチツテト';
/** A surname no other test has: katakana stored, found by its hiragana. */
const uniqueKana = () => Array.from({ length: 5 }, () => KANA[Math.floor(Math.random() * KANA.length)]).join('');
const hiragana = (s: string) => [...s].map((ch) => String.fromCodePoint((ch.codePointAt(0) ?? 0) - 0x60)).join('');

/** A family pass bought now by a parent with its own phone: holders 1 `${surname} 花子`, 2 `${surname} 太郎`, 3 a kid. */
async function boughtPass(o: PassProductOptions = {}) {
  const product = await makePassProduct(c.knex(), { kind: 'family', maxHolders: 4, ...o });
  const phone = `080-${String(Math.floor(Math.random() * 1e4)).padStart(4, '0')}-${String(Math.floor(Math.random() * 1e4)).padStart(4, '0')}`;
  const parent = await c.user({ telephone: phone });
  await grantCoins(parent.id);
  const kid = await shop.kidOf(parent.id);
  const surname = uniqueKana();
  const added = await shop.addPass(parent, product.itemId, {
    quantities: [
      { age_group_id: 5, quantity: 2 },
      { age_group_id: 2, quantity: 1 },
    ],
  });
  expect(added.statusCode, added.payload).toBe(201);
  const named = await shop.setHolders(parent, product.parkId, body(added).data.id, [
    { position: 1, holder_user_id: parent.id, name: `${surname} 花子`, age_group_id: 5, unit_kind: 'basic' },
    { position: 2, name: `${surname} 太郎`, age_group_id: 5, unit_kind: 'basic' },
    { position: 3, holder_user_id: kid.id, name: `${surname} こども`, age_group_id: 2, unit_kind: 'basic' },
  ]);
  expect(named.statusCode, named.payload).toBe(200);
  const paid = await shop.pay(parent, product.parkId, 2 * PASS_PRICES.adult + PASS_PRICES.child);
  expect(paid.statusCode, paid.payload).toBe(201);
  const pass = await c
    .knex()('passes')
    .where({ first_order_id: body(paid).data.orderId })
    .first();
  const holders = (await c.knex()('pass_holders').where({ pass_id: pass.id }).orderBy('position')) as {
    id: number;
    position: number;
  }[];
  const { email } = await c.knex()('users').where({ id: parent.id }).first('email');
  return { product, parent, kid, pass, holders, surname, phone, email: email as string };
}

const searchUrl = (parkId: number, query: Record<string, string | number>) =>
  `/api/v1/staff/parks/${parkId}/pass-holders/search?${new URLSearchParams(
    Object.entries(query).map(([k, v]) => [k, String(v)]),
  )}`;
async function search(who: Caller, parkId: number, query: Record<string, string | number>) {
  const res = await c.call('GET', searchUrl(parkId, query), who);
  expect(res.statusCode, res.payload).toBe(200);
  return body(res).data as OfficePassHolderSearch;
}
const holderUrl = (parkId: number, holderId: number, tail = '') =>
  `/api/v1/staff/parks/${parkId}/pass-holders/${holderId}${tail}`;

async function scan(who: Caller, token: string) {
  const res = await c.call('POST', '/api/v1/staff/scans', who, {
    scan_id: randomUUID(),
    token,
    scanned_at: new Date().toISOString(),
    confirm: true,
    direction: 'in',
    gate_name: 'East gate',
  });
  expect(res.statusCode, res.payload).toBe(200);
  return body(res).data;
}
const tokenOf = (cards: MemberCard[], holderId: number) =>
  cards.find((x) => x.holderId === holderId)?.terms[0]?.token as string;

describe('finding pass holders', () => {
  it('by name (hiragana for katakana, kanji, partial), pass number with and without hyphens, e-mail, phone', async () => {
    const [parkA] = await twoParks();
    const { pass, holders, surname, phone, email } = await boughtPass({ parkId: parkA });
    for (const role of ['scanner', 'finance', 'editor', 'owner']) {
      const who = await member(parkA, role);
      const all = await search(who, parkA, { q: hiragana(surname) });
      expect(all.total).toBe(3);
      expect(all.rows.map((r) => r.holderId)).toEqual(holders.map((h) => h.id));
    }
    const who = await member(parkA, 'scanner');
    const one = await search(who, parkA, { q: `${hiragana(surname.slice(1))} 花` });
    expect(one.rows.map((r) => r.holderId)).toEqual([holders[0]?.id]);
    expect(one.rows[0]).toMatchObject({
      passId: pass.id,
      passNumber: pass.passNumber,
      position: 1,
      name: `${surname} 花子`,
      ownerEmail: email,
      ownerPhone: phone,
      productName: '年間パスポート(ファミリー)',
      state: 'not_started',
      photoState: 'none',
      lastVisit: null,
    });
    const number = pass.passNumber as string;
    expect((await search(who, parkA, { q: number })).rows.map((r) => r.position)).toEqual([1, 2, 3]);
    expect((await search(who, parkA, { q: number.replaceAll('-', '').toLowerCase() })).total).toBe(3);
    expect((await search(who, parkA, { q: `${number}-2` })).rows.map((r) => r.holderId)).toEqual([holders[1]?.id]);
    expect((await search(who, parkA, { q: `${number.replaceAll('-', '')}3` })).rows.map((r) => r.position)).toEqual([
      3,
    ]);
    expect((await search(who, parkA, { q: email.toUpperCase() })).total).toBe(3);
    expect((await search(who, parkA, { q: phone.replaceAll('-', '') })).total).toBe(3);
    expect((await search(who, parkA, { q: `${hiragana(surname)}ん` })).total).toBe(0);
  });

  it('of a state, a page of 20 at a time; the state is the member card’s', async () => {
    const [parkA] = await twoParks();
    const { parent, holders, surname } = await boughtPass({ parkId: parkA, validityStart: 'purchase' });
    const editor = await member(parkA, 'editor');
    const suspended = await c.call('POST', holderUrl(parkA, holders[1]?.id as number, '/suspension'), editor, {
      reason: '規約違反',
    });
    expect(suspended.statusCode, suspended.payload).toBe(204);
    const q = hiragana(surname);
    expect((await search(editor, parkA, { q, state: 'active' })).rows.map((r) => r.position)).toEqual([1, 3]);
    expect((await search(editor, parkA, { q, state: 'suspended' })).rows.map((r) => r.position)).toEqual([2]);
    const cards = (await shop.cards(parent)).filter((x) => holders.some((h) => h.id === x.holderId));
    const rows = (await search(editor, parkA, { q })).rows;
    expect(rows.map((r) => r.state)).toEqual(holders.map((h) => cards.find((x) => x.holderId === h.id)?.state));

    const all = await search(editor, parkA, {});
    expect(all.total).toBeGreaterThanOrEqual(3);
    const pages = Math.ceil(all.total / 20);
    const last = await search(editor, parkA, { page: pages });
    expect(last.rows.length).toBe(all.total - (pages - 1) * 20);
    expect((await search(editor, parkA, { page: pages + 1 })).rows).toEqual([]);
  });

  it("another park's staff find none of them and are refused the holder; people not staff are refused", async () => {
    const [parkA, parkB] = await twoParks();
    const { holders, surname } = await boughtPass({ parkId: parkA });
    const other = await member(parkB, 'owner');
    expect((await search(other, parkB, { q: hiragana(surname) })).total).toBe(0);
    const holderId = holders[0]?.id as number;
    expect((await c.call('GET', holderUrl(parkB, holderId), other)).statusCode).toBe(404);
    expect((await c.call('GET', holderUrl(parkA, holderId), other)).statusCode).toBe(403);
    for (const tail of ['/suspension', '/reissue']) {
      const res = await c.call('POST', holderUrl(parkB, holderId, tail), other, { reason: 'x' });
      expect(res.statusCode, tail).toBe(404);
    }
    const visitor = await c.user();
    expect((await c.call('GET', searchUrl(parkA, { q: 'a' }), visitor)).statusCode).toBe(403);
    const scanner = await member(parkA, 'scanner');
    const refused = await c.call('POST', holderUrl(parkA, holderId, '/suspension'), scanner, { reason: 'x' });
    expect(refused.statusCode).toBe(403);
    const finance = await member(parkA, 'finance');
    expect((await c.call('POST', holderUrl(parkA, holderId, '/reissue'), finance)).statusCode).toBe(403);
    expect(
      (
        await c.call(
          'GET',
          `/api/v1/staff/parks/${parkA}/reports/pass-visits.csv?from=2026-01-01&to=2026-01-31`,
          scanner,
        )
      ).statusCode,
    ).toBe(403);
  });
});

describe('suspending, reinstating and reissuing a holder', () => {
  it('suspends with a reason (the gate refuses, the page says why), reinstates (admitted), all audited', async () => {
    const { product, holders, parent } = await boughtPass();
    const parkId = product.parkId;
    const editor = await member(parkId, 'editor');
    const scanner = await member(parkId, 'scanner');
    const holderId = holders[0]?.id as number;
    const cards = await shop.cards(parent);

    for (const payload of [{}, { reason: '   ' }]) {
      const bad = await c.call('POST', holderUrl(parkId, holderId, '/suspension'), { ...editor, lang: 'en' }, payload);
      expect(bad.statusCode).toBe(400);
      expect(body(bad).meta.message).toContain('reason');
    }
    const badJa = await c.call('POST', holderUrl(parkId, holderId, '/suspension'), editor, {});
    expect(body(badJa).meta.message).toContain('reason');

    const res = await c.call('POST', holderUrl(parkId, holderId, '/suspension'), editor, { reason: '写真の不一致' });
    expect(res.statusCode, res.payload).toBe(204);
    const again = await c.call('POST', holderUrl(parkId, holderId, '/suspension'), editor, { reason: 'again' });
    expect(again.statusCode).toBe(409);
    expect(await scan(scanner, tokenOf(cards, holderId))).toMatchObject({
      refusal: 'suspended',
      suspendedReason: '写真の不一致',
    });
    const page = body(await c.call('GET', holderUrl(parkId, holderId), scanner)).data as OfficePassHolderDetail;
    expect(page.holder.state).toBe('suspended');
    expect(page.suspendedReason).toBe('写真の不一致');
    expect(page.terms.map((t) => t.state)).toEqual(['suspended']);
    expect(page.passHolders?.map((h) => h.holderId)).toEqual(holders.map((h) => h.id));

    const back = await c.call('DELETE', holderUrl(parkId, holderId, '/suspension'), editor, { reason: '確認済み' });
    expect(back.statusCode, back.payload).toBe(204);
    expect(
      (await c.call('DELETE', holderUrl(parkId, holderId, '/suspension'), editor, { reason: 'x' })).statusCode,
    ).toBe(409);
    expect(await scan(scanner, tokenOf(cards, holderId))).toMatchObject({ result: 'accepted', refusal: null });

    const after = body(await c.call('GET', holderUrl(parkId, holderId), scanner)).data as OfficePassHolderDetail;
    expect(after.holder).toMatchObject({ state: 'active', lastVisit: c.today });
    expect(after.suspendedReason).toBeNull();
    expect(after.visits).toMatchObject([{ holderId, date: c.today, gateName: 'East gate', entries: 1 }]);
    expect(after.audit?.map((a) => [a.action, a.actor?.userId, (a.after as { reason?: string }).reason])).toEqual([
      ['reinstated', editor.id, '確認済み'],
      ['suspended', editor.id, '写真の不一致'],
    ]);
  });

  it('reissues a card: the old QR is revoked (refused at the gate), the card gets a new one; audited', async () => {
    const { product, holders, parent } = await boughtPass();
    const parkId = product.parkId;
    const owner = await member(parkId, 'owner');
    const scanner = await member(parkId, 'scanner');
    const holderId = holders[1]?.id as number;
    const old = tokenOf(await shop.cards(parent), holderId);
    const res = await c.call('POST', holderUrl(parkId, holderId, '/reissue'), owner);
    expect(res.statusCode, res.payload).toBe(200);
    expect(body(res).data).toEqual({ revoked: 1 });
    const fresh = tokenOf(await shop.cards(parent), holderId);
    expect(fresh).not.toBe(old);
    const list = body(await c.call('GET', `/api/v1/parks/${parkId}/ticket-revocations?after=0`)).data;
    expect(JSON.stringify(list)).toContain(decodeTicketToken(old)?.jti as string);
    expect((await scan(scanner, old)).result).toBe('revoked');
    expect((await scan(scanner, fresh)).result).toBe('accepted');
    const page = body(await c.call('GET', holderUrl(parkId, holderId), owner)).data as OfficePassHolderDetail;
    expect(page.audit?.map((a) => [a.action, a.after])).toEqual([['card_reissued', { revoked: 1 }]]);
    // The pass's owner is told in the inbox, as when they reissue it themselves.
    const notices = await c.knex()('notifications').where({ user_id: parent.id, kind: 'passCardReissued' });
    expect(notices).toHaveLength(1);
  });
});

describe('the pass reports', () => {
  it('renewals and visits as CSV for Excel (BOM, CRLF, header in the language), rows adding up', async () => {
    const [parkA] = await twoParks();
    // Valid from purchase for 30 days: the renewal window (60 days) is open at once.
    const { product, pass, parent, holders } = await boughtPass({
      parkId: parkA,
      validityStart: 'purchase',
      validityDays: 30,
    });
    const renewal = await c.call('POST', `/api/v1/me/passes/${pass.id}/renewal`, parent);
    expect(renewal.statusCode, renewal.payload).toBe(201);
    const price = 2 * PASS_PRICES.renewAdult + PASS_PRICES.renewChild;
    const paid = await shop.pay(parent, product.parkId, price);
    expect(paid.statusCode, paid.payload).toBe(201);
    const order = await c
      .knex()('orders')
      .where({ id: body(paid).data.orderId })
      .first();
    const scanner = await member(parkA, 'scanner');
    const cards = await shop.cards(parent);
    for (const h of holders.slice(0, 2)) expect((await scan(scanner, tokenOf(cards, h.id))).result).toBe('accepted');

    const finance = await member(parkA, 'finance');
    const range = `from=${addDays(c.today, -1)}&to=${c.today}`;
    const renewals = await c.call('GET', `/api/v1/staff/parks/${parkA}/reports/pass-renewals.csv?${range}`, finance);
    expect(renewals.statusCode, renewals.payload).toBe(200);
    expect(renewals.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(renewals.payload.startsWith('\uFEFFパスポート番号,商品,名義人数,旧有効期限')).toBe(true);
    const lines = renewals.payload.slice(1).split('\r\n');
    expect(lines.at(-1)).toBe('');
    const mine = lines.filter((l) => l.startsWith(pass.passNumber)).map((l) => l.split(','));
    expect(mine).toHaveLength(1);
    const [, , count, oldEnd, newEnd, amount, number, , method] = mine[0] as string[];
    expect([count, oldEnd, newEnd, amount, number, method]).toEqual([
      '3',
      addDays(c.today, 29),
      addDays(c.today, 59),
      String(price),
      order.applicationNumber,
      'コイン',
    ]);
    // Every renewal order of the park in the range is in the file, each with its amount.
    const orderTotals = (await c
      .knex()('tickets as t')
      .join('passes as p', 'p.id', 't.pass_id')
      .join('orders as o', 'o.id', 't.order_id')
      .where({ 'p.park_id': parkA, 't.unit_kind': 'pass' })
      .whereRaw('t.order_id <> p.first_order_id')
      .sum({ n: 't.price' })
      .first()) as { n: unknown };
    const csvTotal = lines
      .slice(1, -1)
      .map((l) => Number(l.split(',')[5]))
      .reduce((a, b) => a + b, 0);
    expect(csvTotal).toBe(Number(orderTotals.n));

    const visits = await c.call(
      'GET',
      `/api/v1/staff/parks/${parkA}/reports/pass-visits.csv?${range}&lang=en`,
      finance,
    );
    expect(visits.statusCode, visits.payload).toBe(200);
    expect(
      visits.payload.startsWith('\uFEFFDate,Park,Gate,Pass number,Holder no.,Holder,First entry,Entries\r\n'),
    ).toBe(true);
    const visitRows = visits.payload
      .slice(1)
      .split('\r\n')
      .filter((l) => l.includes(pass.passNumber))
      .map((l) => l.split(','));
    expect(visitRows.map((r) => [r[0], r[2], r[4], r[7]])).toEqual([
      [c.today, 'East gate', '1', '1'],
      [c.today, 'East gate', '2', '1'],
    ]);
    const visitCount = await c
      .knex()('tickets')
      .where({ park_id: parkA, unit_kind: 'pass_visit' })
      .whereBetween('use_date', [addDays(c.today, -1), c.today])
      .count({ n: '*' })
      .first();
    expect(visits.payload.slice(1).split('\r\n').length - 2).toBe(Number(visitCount?.n));

    const backwards = await c.call(
      'GET',
      `/api/v1/staff/parks/${parkA}/reports/pass-visits.csv?from=${c.today}&to=${addDays(c.today, -1)}`,
      { ...finance, lang: 'en' },
    );
    expect(backwards.statusCode).toBe(400);
    expect(body(backwards).meta.message).toContain('to');
    const missing = await c.call(
      'GET',
      `/api/v1/staff/parks/${parkA}/reports/pass-renewals.csv?to=${c.today}`,
      finance,
    );
    expect(missing.statusCode).toBe(400);
    expect(body(missing).meta.message).toContain('from');
  });
});
