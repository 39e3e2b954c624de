// Annual passes at the gate (issue 29, server/features/passes/README.md 2.8), through POST api/v1/staff/scans: a
// member card's token leads to the day's visit ticket (one per term, park and day), the act walk decides (one entry a
// day, re-entry per the pass item), the first counted entry starts a pass valid from its first entry (an earlier one
// uploaded later moves the start earlier), refusals come from what the server knows of the pass, and the day list
// shows visits with their term ticket and holder.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MemberCard } from '../../common/dto/pass';
import type { DayTicket } from '../../common/dto/staff';
import type { ScanAnswer } from '../../common/dto/wallet';
import { addDays } from '../../common/time';
import { issueAccessToken } from '../features/auth/accessToken';
import { body, type Caller, commerce } from './commerceFixtures';
import { makePassProduct, type PassProductOptions, passShop } from './support/passFixtures';
import { createTestServer, type TestContext } from './testServer';

let ctx: TestContext;
const c = commerce(() => ctx);
const shop = passShop(c);

beforeAll(async () => {
  ctx = await createTestServer();
}, 240_000);
afterAll(async () => {
  await ctx?.close();
});

/** A scanner of these parks. */
async function scannerOf(...parkIds: number[]): Promise<Caller> {
  const staff = await c.user();
  await c
    .knex()('park_staff')
    .insert(parkIds.map((park_id) => ({ user_id: staff.id, park_id, role: 'scanner' })));
  const { access_token } = await issueAccessToken(c.knex(), ctx.server.app.config, staff.id);
  return { token: access_token };
}

/** Two public parks: the pass's own and a partner. */
async function twoParks(): Promise<[number, number]> {
  const ids = (await c.knex()('parks').where('is_private', false).orderBy('id').limit(2).pluck('id')) as number[];
  return [ids[0] as number, ids[1] as number];
}

/** A family pass bought now; its holders' cards (parent, named adult, kid) and a scanner of its park. */
async function passWithCards(o: PassProductOptions = {}) {
  const product = await makePassProduct(c.knex(), { kind: 'family', maxHolders: 4, ...o });
  const parent = await shop.buyer();
  const kid = await shop.kidOf(parent.id);
  const bought = await shop.buyFamilyPass(product, parent, kid.id);
  const cards = (await shop.cards(parent)).filter((x) => x.passId === bought.pass.id);
  const scanner = await scannerOf(product.parkId);
  return { product, parent, kid, ...bought, cards, scanner };
}

const tokenOf = (card: MemberCard | undefined) => card?.terms[0]?.token as string;

async function scan(
  who: Caller,
  token: string,
  o: { at?: Date; confirm?: boolean; direction?: 'in' | 'out'; parkId?: number; scanId?: string; gate?: string } = {},
) {
  const res = await c.call('POST', '/api/v1/staff/scans', who, {
    scan_id: o.scanId ?? randomUUID(),
    token,
    scanned_at: (o.at ?? new Date()).toISOString(),
    confirm: o.confirm ?? false,
    direction: o.direction ?? 'in',
    gate_name: o.gate ?? 'East gate',
    ...(o.parkId ? { park_id: o.parkId } : {}),
  });
  return { res, answer: body(res).data as ScanAnswer };
}

describe('a member card at the gate', () => {
  it('the first entry starts a pass valid from its first entry; the visit is a ticket of the day in the day list', async () => {
    const { cards, scanner, pass, terms, product, parent } = await passWithCards();
    const { res, answer } = await scan(scanner, tokenOf(cards[0]), { confirm: true });
    expect(res.statusCode, res.payload).toBe(200);
    expect(answer).toMatchObject({
      result: 'accepted',
      flag: null,
      entries: 1,
      refusal: null,
      pass: { holderId: cards[0]?.holderId, passNumber: pass.passNumber, validFrom: c.today },
    });
    expect(answer.pass?.validUntil).toBe(addDays(c.today, 364));
    const started = await c.knex()('passes').where({ id: pass.id }).first();
    expect([started.validFrom, started.validUntil]).toEqual([c.today, addDays(c.today, 364)]);
    const termRows = await c
      .knex()('tickets')
      .whereIn(
        'id',
        terms.map((t) => t.id),
      );
    expect(
      termRows.every(
        (t: { validFrom: string; useDate: string; state: string }) =>
          t.validFrom === c.today && t.useDate === addDays(c.today, 364) && t.state === 'available',
      ),
    ).toBe(true);
    const visit = await c.knex()('tickets').where({ id: answer.ticketId }).first();
    expect(visit).toMatchObject({
      unitKind: 'pass_visit',
      parentTicketId: terms[0]?.id,
      parkId: product.parkId,
      useDate: c.today,
      price: 0,
      state: 'used',
    });

    // The day list: the visit with its term ticket and holder; no term ticket (not even one ending today).
    await c.knex()('tickets').where({ id: terms[1]?.id }).update({ use_date: c.today });
    const staffRes = await c.call('GET', `/api/v1/staff/parks/${product.parkId}/tickets?date=${c.today}`, scanner);
    expect(staffRes.statusCode, staffRes.payload).toBe(200);
    const day = body(staffRes).data.tickets as DayTicket[];
    expect(day.find((t) => t.id === answer.ticketId)).toMatchObject({
      passTicketId: terms[0]?.id,
      passHolderId: cards[0]?.holderId,
      state: 'used',
      entries: 1,
    });
    expect(day.filter((t) => terms.some((x) => x.id === t.id))).toEqual([]);
    expect(day.find((t) => t.passTicketId === null)?.passHolderId ?? null).toBeNull();

    // The member card now shows the period.
    const card = (await shop.cards(parent)).find((x) => x.holderId === cards[0]?.holderId);
    expect(card).toMatchObject({
      state: 'active',
      validFrom: c.today,
      validUntil: addDays(c.today, 364),
      cancellable: false,
    });
  });

  it('once a day without re-entry (an online second entry is a duplicate); with re-entry per max_entries', async () => {
    const once = await passWithCards();
    const token = tokenOf(once.cards[1]);
    expect((await scan(once.scanner, token, { confirm: true })).answer.result).toBe('accepted');
    await scan(once.scanner, token, { confirm: true, direction: 'out' });
    const second = await scan(once.scanner, token, { confirm: true });
    expect(second.answer).toMatchObject({ result: 'duplicate', flag: 'duplicate' });

    const twice = await passWithCards({ reentry: true, maxEntries: 2 });
    const t2 = tokenOf(twice.cards[0]);
    expect((await scan(twice.scanner, t2, { confirm: true })).answer.entries).toBe(1);
    expect((await scan(twice.scanner, t2, { confirm: true, direction: 'out' })).answer.inside).toBe(false);
    expect((await scan(twice.scanner, t2, { confirm: true })).answer).toMatchObject({ result: 'accepted', entries: 2 });
    await scan(twice.scanner, t2, { confirm: true, direction: 'out' });
    expect((await scan(twice.scanner, t2, { confirm: true })).answer.result).toBe('duplicate');
  });

  it('two offline gates admitting the same holder the same day: one counted entry, one duplicate, one visit ticket', async () => {
    const { cards, scanner, terms } = await passWithCards();
    const token = tokenOf(cards[2]);
    const early = new Date(Date.now() - 60_000);
    const late = new Date(Date.now() - 30_000);
    // Uploaded in the other order: the later act first.
    const a = await scan(scanner, token, { at: late, gate: 'North gate' });
    const b = await scan(scanner, token, { at: early, gate: 'South gate' });
    expect(a.res.statusCode, a.res.payload).toBe(200);
    expect(b.answer).toMatchObject({ result: 'accepted', flag: null });
    expect(a.answer.ticketId).toBe(b.answer.ticketId);
    const visits = await c.knex()('tickets').where({ parent_ticket_id: terms[2]?.id, unit_kind: 'pass_visit' });
    expect(visits).toHaveLength(1);
    const acts = await c.knex()('ticket_usages').where({ ticket_id: b.answer.ticketId }).orderBy('acted_at');
    expect(acts.map((x: { gateName: string; flag: string | null }) => [x.gateName, x.flag])).toEqual([
      ['South gate', null],
      ['North gate', 'duplicate'],
    ]);
    // A replay answers the same and adds nothing.
    const replay = await scan(scanner, token, { at: early, scanId: (acts[0] as { clientId: string }).clientId });
    expect(replay.answer.result).toBe('accepted');
    expect(await c.knex()('ticket_usages').where({ ticket_id: b.answer.ticketId })).toHaveLength(2);
  });

  it('an earlier entry uploaded later moves the start earlier', async () => {
    const { cards, scanner, pass, terms } = await passWithCards();
    const token = tokenOf(cards[0]);
    // The card was on the phone since before yesterday; the gate was offline yesterday.
    await c
      .knex()('ticket_tokens')
      .where({ ticket_id: terms[0]?.id })
      .update({ issued_at: new Date(Date.now() - 3 * 86_400_000) });
    await c
      .knex()('passes')
      .where({ id: pass.id })
      .update({ start_by: addDays(c.today, 300) });
    expect((await scan(scanner, token, { confirm: true })).answer.pass?.validFrom).toBe(c.today);
    const yesterday = new Date(Date.now() - 86_400_000);
    const late = await scan(scanner, token, { at: yesterday });
    expect(late.answer).toMatchObject({ result: 'accepted', pass: { validFrom: addDays(c.today, -1) } });
    const moved = await c.knex()('passes').where({ id: pass.id }).first();
    expect([moved.validFrom, moved.validUntil]).toEqual([addDays(c.today, -1), addDays(c.today, 363)]);
    expect(await c.knex()('tickets').where({ pass_id: pass.id, unit_kind: 'pass_visit' })).toHaveLength(2);
  });

  it('refuses a suspended holder with the reason, a park the pass does not admit at, a term not begun or over', async () => {
    const [own, partner] = await twoParks();
    const { cards, scanner, terms, pass } = await passWithCards({ parkId: own, validityStart: 'purchase' });

    await c.knex()('tickets').where({ id: terms[0]?.id }).update({ state: 'suspended', suspension_reason: '規約違反' });
    const suspended = await scan(scanner, tokenOf(cards[0]), { confirm: true });
    expect(suspended.answer).toMatchObject({ result: 'revoked', refusal: 'suspended', suspendedReason: '規約違反' });
    expect(await c.knex()('tickets').where({ parent_ticket_id: terms[0]?.id })).toHaveLength(0);
    const stored = await c.knex()('ticket_usages').where({ ticket_id: terms[0]?.id });
    expect(stored.map((u: { flag: string }) => u.flag)).toEqual(['revoked']);

    const elsewhere = await scannerOf(partner);
    const other = await scan(elsewhere, tokenOf(cards[1]), { confirm: true, parkId: partner });
    expect(other.answer).toMatchObject({ result: 'revoked', refusal: 'otherPark' });

    await c
      .knex()('tickets')
      .where({ id: terms[1]?.id })
      .update({ valid_from: addDays(c.today, 1) });
    expect((await scan(scanner, tokenOf(cards[1]), { confirm: true })).answer.refusal).toBe('notYetValid');
    await c
      .knex()('tickets')
      .where({ id: terms[2]?.id })
      .update({ valid_from: addDays(c.today, -30), use_date: addDays(c.today, -1) });
    expect((await scan(scanner, tokenOf(cards[2]), { confirm: true })).answer.refusal).toBe('expired');
    expect((await c.knex()('passes').where({ id: pass.id }).first()).validFrom).toBe(c.today);
  });

  it('a pass not started by its start_by has expired unused; a partner park admits a multi-park pass', async () => {
    const [own, partner] = await twoParks();
    const expired = await passWithCards({ parkId: own });
    await c
      .knex()('passes')
      .where({ id: expired.pass.id })
      .update({ start_by: addDays(c.today, -1) });
    expect((await scan(expired.scanner, tokenOf(expired.cards[0]), { confirm: true })).answer.refusal).toBe('expired');

    const multi = await passWithCards({ parkId: own, partnerParkIds: [partner] });
    const gate = await scannerOf(partner);
    const { res, answer } = await scan(gate, tokenOf(multi.cards[0]), { confirm: true, parkId: partner });
    expect(res.statusCode, res.payload).toBe(200);
    expect(answer).toMatchObject({ result: 'accepted', refusal: null });
    expect((await c.knex()('tickets').where({ id: answer.ticketId }).first()).parkId).toBe(partner);
    // A scanner of neither park: not staff.
    const stranger = await scannerOf((await c.knex()('parks').whereNotIn('id', [own, partner]).first('id')).id);
    expect((await scan(stranger, tokenOf(multi.cards[1]), { confirm: true })).res.statusCode).toBe(403);
  });
});

describe('a pass number typed at the gate (the card could not be read)', () => {
  const typed = async (who: Caller, ticketNumber: string, o: { parkId?: number; at?: Date } = {}) => {
    const res = await c.call('POST', '/api/v1/staff/scans', who, {
      scan_id: randomUUID(),
      ticket_number: ticketNumber,
      scanned_at: (o.at ?? new Date()).toISOString(),
      confirm: true,
      ...(o.parkId ? { park_id: o.parkId } : {}),
    });
    return { res, answer: body(res).data as ScanAnswer };
  };

  it('resolves to the holder term: admitted once a day, counted at the partner park the device names', async () => {
    const [own, partner] = await twoParks();
    const multi = await passWithCards({ parkId: own, partnerParkIds: [partner] });
    const card = multi.cards[1] as MemberCard;
    const number = `${card.passNumber}-${card.position}`;
    const gate = await scannerOf(partner);
    const first = await typed(gate, number, { parkId: partner });
    expect(first.res.statusCode, first.res.payload).toBe(200);
    expect(first.answer).toMatchObject({ result: 'accepted', refusal: null, pass: { holderId: card.holderId } });
    const visit = await c.knex()('tickets').where({ id: first.answer.ticketId }).first();
    expect(visit).toMatchObject({ unitKind: 'pass_visit', parkId: partner, parentTicketId: card.terms[0]?.ticketId });
    // The same holder again by card: the day's entry is already counted.
    const again = await scan(gate, tokenOf(card), { confirm: true, parkId: partner });
    expect(again.answer.result).toBe('duplicate');
    // A number no pass has, and a holder position the pass does not have: unknown, nothing stored.
    expect((await typed(gate, 'P999-9999999-1')).res.statusCode).toBe(404);
    expect((await typed(multi.scanner, `${card.passNumber}-9`)).res.statusCode).toBe(404);
  });

  it('a suspended holder typed is refused with the reason', async () => {
    const { cards, scanner } = await passWithCards();
    const card = cards[0] as MemberCard;
    await c
      .knex()('tickets')
      .where({ id: card.terms[0]?.ticketId })
      .update({ state: 'suspended', suspension_reason: '貸与' });
    const { answer } = await typed(scanner, `${card.passNumber}-${card.position}`);
    expect(answer).toMatchObject({ refusal: 'suspended', suspendedReason: '貸与' });
  });
});

describe('the ledger moves the office calls', () => {
  it('suspends a holder (refused with the reason, card says so), reinstates (admitted), reissues a card (old QR revoked)', async () => {
    const { suspendPassHolder, reinstatePassHolder, reissueHolderCard } = await import('../features/passes');
    const { cards, scanner, parent, product } = await passWithCards();
    const card = cards[0] as MemberCard;
    await c.knex().transaction((trx) => suspendPassHolder(trx, card.holderId, '写真の不一致', null));
    const seen = (await shop.cards(parent)).find((x) => x.holderId === card.holderId);
    expect(seen).toMatchObject({ state: 'suspended', suspendedReason: '写真の不一致' });
    expect((await scan(scanner, tokenOf(card), { confirm: true })).answer).toMatchObject({
      refusal: 'suspended',
      suspendedReason: '写真の不一致',
    });
    await expect(c.knex().transaction((trx) => suspendPassHolder(trx, card.holderId, 'again', null))).rejects.toThrow();
    await c.knex().transaction((trx) => reinstatePassHolder(trx, card.holderId, '確認済み', null));
    expect((await scan(scanner, tokenOf(card), { confirm: true })).answer).toMatchObject({
      result: 'accepted',
      refusal: null,
    });

    const old = tokenOf(cards[1]);
    const revoked = await c
      .knex()
      .transaction((trx) => reissueHolderCard(trx, cards[1]?.holderId as number, parent.id));
    expect(revoked).toBe(1);
    const fresh = (await shop.cards(parent)).find((x) => x.holderId === cards[1]?.holderId);
    expect(tokenOf(fresh)).not.toBe(old);
    const list = body(await c.call('GET', `/api/v1/parks/${product.parkId}/ticket-revocations?after=0`)).data;
    const { decodeTicketToken } = await import('../../common/rules/ticketToken');
    expect(JSON.stringify(list)).toContain(decodeTicketToken(old)?.jti as string);
    expect((await scan(scanner, old, { confirm: true })).answer.result).toBe('revoked');
    expect((await scan(scanner, tokenOf(fresh), { confirm: true })).answer.result).toBe('accepted');
  });
});
