// Lottery sales as visitors and a hostile client would try them: entries by card authorisation, one per account
// even under concurrent submits, commitments before the draw, a draw anyone can recompute, captures for winners
// (tickets won_lottery, places sold through the ledger), voids for losers who join the waitlist, a capture the
// provider refuses giving the places back; results by inbox and e-mail.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { addDays } from '../../common/time';
import { verifyDraw } from '../cli/verifyLottery';
import { providerFor } from '../features/payments/providers';
import { findPayment, providerTxn } from '../features/payments/store';
import { body, type Caller } from './commerceFixtures';
import { commerceServer } from './commerceServer';

const { c, ctx, smtp, flow, clock, runJobs } = commerceServer();
const { tokenize } = flow;
const HOUR = 3_600_000;

/** A lottery item (party places per date = capacity) and a round taking entries now for the next 30 days. */
async function lotteryItem(capacity: number) {
  const item = await c.makeItem({ capacity });
  await c.knex()('items').where({ id: item.id }).update({ lottery: true, waitlist: true });
  await c.knex()('item_cancellation_policies').insert({ item_id: item.id, days_before: 0, charge_rate: 0 });
  return { ...item, lotteryId: await c.lotteryRound(item.id, clock().now()) };
}

async function enter(who: Caller, item: { id: number; parkId: number }, extra: object = {}, adults = 2) {
  // Two days ahead: the tests move the clock hours on, and tomorrow must still be ahead then (past Tokyo midnight).
  await c.addToCart(who, item, adults, 0, 2);
  const res = await c.call('POST', '/api/v1/orders', who, {
    park_id: item.parkId,
    agreement: true,
    payment_method: 1,
    card_token: await tokenize('4111111111111111'),
    ...extra,
  });
  return res;
}

async function stockOf(itemId: number) {
  const units = await c.knex()('stock_units').where({ item_id: itemId }).select('capacity', 'sold', 'held');
  const tickets = await c
    .knex()('tickets')
    .where({ item_id: itemId })
    .whereNotIn('state', ['cancelled', 'cancel_waiting']);
  return {
    sold: units.reduce((n, u) => n + u.sold, 0),
    held: units.reduce((n, u) => n + u.held, 0),
    over: units.filter((u) => u.sold + u.held > u.capacity).length,
    tickets: tickets.length,
  };
}

async function entryRows(lotteryId: number) {
  return (await c
    .knex()('lottery_entries as e')
    .join('orders as o', 'o.id', 'e.order_id')
    .where('e.lottery_id', lotteryId)
    .orderBy('e.id')
    .select('e.*', 'o.state as order_state', 'o.payment_id')) as {
    id: number;
    userId: number;
    state: string;
    orderId: number;
    orderState: string;
    paymentId: string;
    waitlist: boolean;
  }[];
}

describe('a lottery round', () => {
  it('takes entries by card authorisation, commits, draws, captures winners and voids losers; anyone can recompute it', async () => {
    const item = await lotteryItem(2);
    const date = await c.openDate(item.id, 2);
    const [a, b, d] = await Promise.all([c.user(), c.user(), c.user({ language: 1 })]);

    // Everyone opts in to the waitlist, so whoever wins the first date, someone waits for it.
    const ra = await enter(a, item, { lottery_waitlist: true });
    expect(ra.statusCode, ra.payload).toBe(201);
    expect(body(ra).data.payment.kind).toBe('completed');
    const rb = await enter(b, item, {
      lottery_choices: [{ date: addDays(date, 1), time_slot_id: null }],
      lottery_waitlist: true,
    });
    expect(rb.statusCode, rb.payload).toBe(201);
    const rd = await enter(d, item, { lottery_waitlist: true });
    expect(rd.statusCode, rd.payload).toBe(201);

    // Authorised, no tickets, no places taken; My Tickets lists the entry as waiting.
    const entries = await entryRows(item.lotteryId);
    expect(entries.map((e) => [e.state, e.orderState])).toEqual([
      ['entered', 'authorized'],
      ['entered', 'authorized'],
      ['entered', 'authorized'],
    ]);
    expect(await stockOf(item.id)).toMatchObject({ sold: 0, held: 0, tickets: 0 });
    const mine = await c.call('GET', '/api/v1/me/lottery-entries', b);
    expect(body(mine).data[0]).toMatchObject({ status: 'waiting', party: 2, editable: true, waitlist: true });
    expect(body(mine).data[0].choices).toHaveLength(2);

    // A second entry by the same account is refused (ja and en) and changes nothing.
    const again = await enter({ ...a, lang: 'en' }, item);
    expect(again.statusCode).toBe(409);
    expect(body(again).meta).toMatchObject({ code: 'lotteryAlreadyEntered' });
    expect(body(again).meta.message).toContain('already entered');
    expect(await entryRows(item.lotteryId)).toHaveLength(3);

    // Entries close: the commitments are public, the seed and the list are not yet.
    clock().advance(HOUR + 60_000);
    await runJobs();
    const closed = body(await c.call('GET', `/api/v1/lotteries/${item.lotteryId}/draw`)).data;
    expect(closed).toMatchObject({ state: 'closed', seed: null, entries: null });
    expect(closed.seedHash).toMatch(/^[0-9a-f]{64}$/);
    expect(closed.entriesHash).toMatch(/^[0-9a-f]{64}$/);
    const late = await c.call('DELETE', `/api/v1/me/lottery-entries/${entries[0]?.id}`, a);
    expect(late.statusCode).toBe(409);

    // The draw.
    clock().advance(HOUR);
    await runJobs();
    await runJobs();
    const drawn = body(await c.call('GET', `/api/v1/lotteries/${item.lotteryId}/draw`)).data;
    expect(drawn.state).toBe('drawn');
    expect(drawn.seedHash).toBe(closed.seedHash);
    const verdict = verifyDraw(drawn);
    expect(verdict, JSON.stringify(verdict.problems)).toMatchObject({ ok: true, entries: 3 });

    const after = await entryRows(item.lotteryId);
    const won = after.filter((e) => e.state === 'won');
    const lost = after.filter((e) => e.state === 'lost');
    expect(won.length).toBe(drawn.winners.length);
    expect(won.length).toBeGreaterThanOrEqual(1);
    expect(won.length + lost.length).toBe(3);
    for (const e of won) {
      expect(e.orderState).toBe('paid');
      expect((await findPayment(c.knex(), e.paymentId))?.state).toBe('captured');
      const tickets = await c.knex()('tickets').where({ order_id: e.orderId }).pluck('state');
      expect(tickets).toEqual(['won_lottery', 'won_lottery']);
    }
    for (const e of lost) {
      expect(e.orderState).toBe('voided');
      expect((await findPayment(c.knex(), e.paymentId))?.state).toBe('voided');
      const waits = await c.knex()('waitlist_entries').where({ lottery_entry_id: e.id }).count({ n: '*' }).first();
      expect(Number(waits?.n)).toBe(e.waitlist ? (e.userId === b.id ? 2 : 1) : 0);
    }
    expect(await stockOf(item.id)).toEqual({ sold: 2 * won.length, held: 0, over: 0, tickets: 2 * won.length });

    // Results: inbox (and push) and e-mail, in the account's language; My Tickets shows won or lost.
    for (const who of [a, b, d]) {
      const inbox = body(await c.call('GET', '/api/v1/me/notifications', who)).data;
      expect(inbox.map((n: { kind: string }) => n.kind)).toContain('lotteryResult');
      const list = body(await c.call('GET', '/api/v1/me/lottery-entries', who)).data;
      expect(['won', 'lost']).toContain(list[0].status);
    }
    const mails = smtp().mails.filter((m) => [a, b, d].some((u) => m.to === u.email));
    expect(mails.filter((m) => /抽選お申し込み受付|lottery entry was received/.test(m.subject))).toHaveLength(3);
    expect(mails.filter((m) => /抽選結果|Lottery result/.test(m.subject))).toHaveLength(3);
    expect(mails.some((m) => m.to === d.email && /Lottery result/.test(m.subject))).toBe(true);
    expect(mails.every((m) => !m.text.includes('null'))).toBe(true);

    // The winner of the first date cancels: its places go to the next entry of the stored ranking that waits.
    const wonDates = await c
      .knex()('lottery_entries')
      .whereIn(
        'id',
        won.map((e) => e.id),
      )
      .select('id', 'won_choice');
    const onFirst = wonDates.find((r: { wonChoice: { date: string } }) => r.wonChoice.date === date);
    const winner = won.find((e) => e.id === onFirst?.id) as (typeof won)[number];
    const owner = [a, b, d].find((u) => u.id === winner.userId) as Caller;
    const wonTickets = (await c.knex()('tickets').where({ order_id: winner.orderId }).pluck('id')) as string[];
    const cancel = await c.call('POST', '/api/v1/me/tickets/cancellations', owner, { ticket_ids: wonTickets });
    expect(cancel.statusCode, cancel.payload).toBe(200);
    await runJobs();
    const wonOn = date;
    const queue = await c
      .knex()('waitlist_entries')
      .where({ item_id: item.id, use_date: wonOn })
      .orderBy('id')
      .select('state', 'party');
    expect(queue.length).toBeGreaterThan(0);
    expect(queue[0].state).toBe('offered');
    const s = await stockOf(item.id);
    expect(s.over).toBe(0);
    expect(s.sold).toBe(s.tickets);
  });

  it('20 concurrent entries by one account make one', async () => {
    const item = await lotteryItem(10);
    const who = await c.user();
    await c.addToCart(who, item, 1, 0, 2);
    const tokens = await Promise.all(Array.from({ length: 20 }, () => tokenize('4111111111111111')));
    const answers = await Promise.all(
      tokens.map((card_token) =>
        c.call(
          'POST',
          '/api/v1/orders',
          { ...who, headers: { 'idempotency-key': randomUUID() } },
          { park_id: item.parkId, agreement: true, payment_method: 1, card_token },
        ),
      ),
    );
    expect(answers.every((r) => r.statusCode < 500)).toBe(true);
    const rows = await c.knex()('lottery_entries').where({ lottery_id: item.lotteryId, user_id: who.id });
    expect(rows).toHaveLength(1);
    const authorised = await c.knex()('payments').where({ user_id: who.id, state: 'authorized' });
    expect(authorised).toHaveLength(1);
  });

  it('an entry can change its choices and be withdrawn until entries close; withdrawing voids the authorisation', async () => {
    const item = await lotteryItem(4);
    const date = await c.openDate(item.id, 2);
    const who = await c.user();
    expect((await enter(who, item, {}, 1)).statusCode).toBe(201);
    const [entry] = await entryRows(item.lotteryId);
    const changed = await c.call('PUT', `/api/v1/me/lottery-entries/${entry?.id}`, who, {
      choices: [
        { date: addDays(date, 2), time_slot_id: null },
        { date, time_slot_id: null },
      ],
      waitlist: true,
    });
    expect(changed.statusCode, changed.payload).toBe(200);
    expect(body(changed).data.choices).toEqual([
      { date: addDays(date, 2), slotId: null },
      { date, slotId: null },
    ]);
    const outside = await c.call('PUT', `/api/v1/me/lottery-entries/${entry?.id}`, who, {
      choices: [{ date: addDays(c.today, 45), time_slot_id: null }],
    });
    expect(outside.statusCode).toBe(400);
    expect(body(outside).meta.code).toBe('lotteryChoiceInvalid');
    const other = await c.user();
    expect((await c.call('DELETE', `/api/v1/me/lottery-entries/${entry?.id}`, other)).statusCode).toBe(404);
    const gone = await c.call('DELETE', `/api/v1/me/lottery-entries/${entry?.id}`, who);
    expect(gone.statusCode, gone.payload).toBe(200);
    const [after] = await entryRows(item.lotteryId);
    expect(after).toMatchObject({ state: 'withdrawn', orderState: 'voided' });
    expect((await findPayment(c.knex(), after?.paymentId as string))?.state).toBe('voided');
    // Withdrawn, the account may enter again.
    expect((await enter(who, item, {}, 1)).statusCode).toBe(201);
  });

  it('a capture the provider refuses voids the win and gives its places back; the loser who opted in waits for them', async () => {
    const item = await lotteryItem(2);
    const [a, b] = await Promise.all([c.user(), c.user()]);
    expect((await enter(a, item, { lottery_waitlist: true })).statusCode).toBe(201);
    expect((await enter(b, item, { lottery_waitlist: true })).statusCode).toBe(201);
    // Both authorisations lapse at the card company before the draw.
    for (const e of await entryRows(item.lotteryId)) {
      const payment = await findPayment(c.knex(), e.paymentId);
      await providerFor(ctx().server.app.config, 'gmo').void(providerTxn(payment as NonNullable<typeof payment>));
    }
    clock().advance(2 * HOUR + 60_000);
    await runJobs();
    await runJobs();
    const rows = await entryRows(item.lotteryId);
    expect(rows.map((r) => r.state).sort()).toEqual(['capture_failed', 'lost']);
    expect(rows.every((r) => r.orderState === 'voided')).toBe(true);
    const loser = rows.find((r) => r.state === 'lost');
    // The places the failed capture gave back are offered to the loser who opted in (held for it).
    const waiting = await c.knex()('waitlist_entries').where({ lottery_entry_id: loser?.id }).first('state');
    expect(waiting?.state).toBe('offered');
    expect(await stockOf(item.id)).toMatchObject({ sold: 0, held: 2, tickets: 0 });
  });
});

describe('a draw beyond the lifetime of an authorisation', () => {
  /** Entries now, the draw in 90 days (an authorisation lasts 60), dates after it. */
  async function farLotteryItem(capacity: number) {
    const item = await c.makeItem({ capacity });
    await c
      .knex()('items')
      .where({ id: item.id })
      .update({ lottery: true, available_until: addDays(c.today, 150) });
    await c.knex()('item_cancellation_policies').insert({ item_id: item.id, days_before: 0, charge_rate: 0 });
    const lotteryId = await c.lotteryRound(item.id, clock().now(), {
      useFrom: 95,
      useTo: 120,
      drawInMs: 90 * 24 * HOUR,
      payWithinMs: 92 * 24 * HOUR,
    });
    return { ...item, lotteryId, date: addDays(c.today, 100) };
  }

  async function enterFar(who: Caller, item: Awaited<ReturnType<typeof farLotteryItem>>, card: string) {
    const line = await c.call('POST', '/api/v1/carts', who, {
      item_id: item.id,
      date: item.date,
      quantities: [{ age_group_id: 5, quantity: 2 }],
    });
    expect(line.statusCode, line.payload).toBe(201);
    return c.call('POST', '/api/v1/orders', who, {
      park_id: item.parkId,
      agreement: true,
      payment_method: 1,
      card_token: await tokenize(card),
    });
  }

  const tradeOf = (orderRef: string) => c.knex()('sandbox_gmo_trades').where({ order_id: orderRef });

  it('checks the card at entry (0 yen, card saved) and charges it at the draw: once, even after a lost answer; a refused charge voids the win', async () => {
    const item = await farLotteryItem(6);
    const round = body(await c.call('GET', `/api/v1/items/${item.id}/lottery`)).data;
    expect(round.chargeAtDraw).toBe(true);
    const [a, b, d] = await Promise.all([c.user(), c.user(), c.user({ language: 1 })]);
    // a: a good card; b: passes the check, refuses every charge; d: a 3-D Secure card (nobody there at the draw).
    const cards = { [a.id]: '4111111111111111', [b.id]: '4000000000000341', [d.id]: '4000000000003220' };
    for (const who of [a, b]) {
      const res = await enterFar(who, item, cards[who.id] as string);
      expect(res.statusCode, res.payload).toBe(201);
      expect(body(res).data.payment.kind).toBe('completed');
    }
    // The 3-D Secure card is challenged at the check, as at any payment with the visitor present.
    const rd = await enterFar(d, item, cards[d.id] as string);
    expect(body(rd).data.payment.kind).toBe('redirect');
    const back = await flow.press(body(rd).data.payment.url, 'approve');
    expect((await flow.returnOf(back, d.token as string)).statusCode).toBe(200);

    const entries = await entryRows(item.lotteryId);
    expect(entries.map((e) => [e.state, e.orderState])).toEqual([
      ['entered', 'authorized'],
      ['entered', 'authorized'],
      ['entered', 'authorized'],
    ]);
    for (const e of entries) {
      const payment = await findPayment(c.knex(), e.paymentId);
      expect(payment).toMatchObject({ mode: 'CHECK', state: 'verified', amount: 2000 });
      const [trade] = await tradeOf(payment?.orderRef as string);
      expect(trade).toMatchObject({ jobCd: 'CHECK', status: 'CHECK', amount: 0 });
      // The card is registered: it is charged at the draw with nobody present.
      expect(payment?.userCardId).not.toBeNull();
    }
    // The card cannot be deleted while it is to pay for the entry (ja and en).
    const card = await c.knex()('user_cards').where({ user_id: a.id }).first('id');
    const del = await c.call('DELETE', `/api/v1/me/cards/${card.id}`, { ...a, lang: 'en' });
    expect(del.statusCode).toBe(409);
    expect(body(del).meta).toMatchObject({ code: 'cardInUseByLottery' });
    expect(body(del).meta.message).toContain('lottery entry');
    await runJobs();
    const mails = smtp().mails.filter((m) => m.to === a.email && /抽選お申し込み受付/.test(m.subject));
    expect(mails.at(-1)?.text).toContain('カードの有効性を確認し');

    // An earlier charge of a's card whose answer was lost (a crash after the provider charged it).
    const ea = entries.find((e) => e.userId === a.id) as (typeof entries)[number];
    const pa = (await findPayment(c.knex(), ea.paymentId)) as NonNullable<Awaited<ReturnType<typeof findPayment>>>;
    const cardRow = await c.knex()('user_cards').where({ id: pa.userCardId }).first();
    const gmo = providerFor(ctx().server.app.config, 'gmo');
    await gmo.chargeStoredCard?.({
      orderRef: `${pa.orderRef}C`,
      amount: pa.amount,
      card: { memberId: cardRow.providerMemberId, cardSeq: cardRow.providerCardSeq },
    });

    clock().advance(HOUR + 60_000);
    await runJobs();
    clock().advance(90 * 24 * HOUR);
    await runJobs();
    await runJobs();

    const after = await entryRows(item.lotteryId);
    const stateOf = (id: number) => after.find((e) => e.userId === id);
    expect(stateOf(a.id)).toMatchObject({ state: 'won', orderState: 'paid' });
    expect(stateOf(d.id)).toMatchObject({ state: 'won', orderState: 'paid' });
    expect(stateOf(b.id)).toMatchObject({ state: 'capture_failed', orderState: 'voided' });
    for (const who of [a, d]) {
      const e = stateOf(who.id) as (typeof after)[number];
      const payment = await findPayment(c.knex(), e.paymentId);
      expect(payment?.state).toBe('captured');
      // The payment now points at the charge; one charge only, for the whole amount, without a challenge.
      expect(payment?.orderRef).toMatch(/C$/);
      const charges = await tradeOf(payment?.orderRef as string);
      expect(charges).toHaveLength(1);
      expect(charges[0]).toMatchObject({ jobCd: 'CAPTURE', status: 'CAPTURE', amount: 2000, challenge: 'none' });
      expect(await c.knex()('tickets').where({ order_id: e.orderId }).pluck('state')).toEqual([
        'won_lottery',
        'won_lottery',
      ]);
    }
    const pb = await findPayment(c.knex(), stateOf(b.id)?.paymentId as string);
    expect(pb?.state).toBe('voided');
    expect(await stockOf(item.id)).toMatchObject({ sold: 4, over: 0, tickets: 4 });
    const failedMail = smtp().mails.filter((m) => m.to === b.email && /当選取消/.test(m.subject));
    expect(failedMail).toHaveLength(1);

    // A cancellation refunds the charge, not the check.
    const wonTickets = (await c
      .knex()('tickets')
      .where({ order_id: stateOf(a.id)?.orderId })
      .pluck('id')) as string[];
    const cancel = await c.call('POST', '/api/v1/me/tickets/cancellations', a, { ticket_ids: wonTickets });
    expect(cancel.statusCode, cancel.payload).toBe(200);
    await runJobs();
    const refunded = await findPayment(c.knex(), stateOf(a.id)?.paymentId as string);
    expect(refunded?.state).toBe('refunded');
    expect((await tradeOf(refunded?.orderRef as string))[0]).toMatchObject({ status: 'RETURN' });
    // The card is free again.
    expect((await c.call('DELETE', `/api/v1/me/cards/${card.id}`, a)).statusCode).toBe(200);
  });

  it('a loss charges nothing and asks nothing of the provider', async () => {
    const item = await farLotteryItem(2);
    const [a, b] = await Promise.all([c.user(), c.user()]);
    for (const who of [a, b]) expect((await enterFar(who, item, '4111111111111111')).statusCode).toBe(201);
    clock().advance(HOUR + 60_000);
    await runJobs();
    clock().advance(90 * 24 * HOUR);
    await runJobs();
    await runJobs();
    const rows = await entryRows(item.lotteryId);
    expect(rows.map((r) => r.state).sort()).toEqual(['lost', 'won']);
    const loser = rows.find((r) => r.state === 'lost') as (typeof rows)[number];
    const payment = await findPayment(c.knex(), loser.paymentId);
    expect(payment?.state).toBe('voided');
    expect(loser.orderState).toBe('voided');
    expect(await tradeOf(`${payment?.orderRef}C`)).toHaveLength(0);
    expect((await tradeOf(payment?.orderRef as string))[0]).toMatchObject({ status: 'CHECK' });
  });
});
