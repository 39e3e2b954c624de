// The waitlist as visitors would use it: join only when sold out, one place per account; places freed by a
// cancellation go to the first waiting party that fits whole, held for it until a deadline (12 hours, never past
// the day before); accepting pays by card and the tickets cannot be cancelled; declining or letting it expire
// passes the places on. Stock: sold + held never above capacity, tickets = places sold.
import { describe, expect, it } from 'vitest';
import { addDays } from '../../common/time';
import { body, type Caller } from './commerceFixtures';
import { commerceServer } from './commerceServer';

const { c, smtp, flow, clock, runJobs } = commerceServer();
const { tokenize, placed } = flow;

async function withCard(who: Caller): Promise<number> {
  const res = await c.call('POST', '/api/v1/me/cards', who, { token: await tokenize('4111111111111111') });
  expect(res.statusCode, res.payload).toBe(201);
  return body(res).data.id as number;
}

/** An item with a waitlist, sold out on `date` by one buyer; answers the buyer's ticket ids. */
async function soldOut(capacity: number) {
  const item = await c.makeItem({ capacity });
  await c.knex()('items').where({ id: item.id }).update({ waitlist: true });
  await c.knex()('item_cancellation_policies').insert({ item_id: item.id, days_before: 1, charge_rate: 0 });
  const date = addDays(c.today, 5);
  const buyer = await c.user();
  const add = await c.call('POST', '/api/v1/carts', buyer, {
    item_id: item.id,
    date,
    quantities: [{ age_group_id: 5, quantity: capacity }],
  });
  expect(add.statusCode, add.payload).toBe(201);
  const o = await placed(buyer, item.parkId, {
    payment_method: 1,
    card_token: await tokenize('4111111111111111'),
  });
  expect(o.payment.kind).toBe('completed');
  const tickets = (await c.knex()('tickets').where({ order_id: o.orderId }).pluck('id')) as string[];
  return { item, date, buyer, tickets };
}

const join = (who: Caller, itemId: number, date: string, adults: number, card: number) =>
  c.call('POST', `/api/v1/items/${itemId}/waitlist`, who, {
    date,
    quantities: [{ age_group_id: 5, quantity: adults }],
    user_card_id: card,
  });

async function stockOf(itemId: number) {
  const units = await c.knex()('stock_units').where({ item_id: itemId }).select('capacity', 'sold', 'held');
  const tickets = await c
    .knex()('tickets')
    .where({ item_id: itemId })
    .whereNotIn('state', ['cancelled', 'cancel_waiting']);
  return {
    sold: units.reduce((n, u) => n + u.sold, 0),
    held: units.reduce((n, u) => n + u.held, 0),
    tickets: tickets.length,
  };
}

const entryOf = async (who: Caller, id: number) => body(await c.call('GET', `/api/v1/me/waitlist/${id}`, who)).data;

describe('the waitlist', () => {
  it('offers freed places to the first party that fits whole; accepting pays by card and cannot be cancelled', async () => {
    const { item, date, buyer, tickets } = await soldOut(2);
    const [big, small] = await Promise.all([c.user(), c.user()]);
    const bigCard = await withCard(big);
    const smallCard = await withCard(small);

    // Not sold out for this date: refused, nothing joined.
    const open = await join(big, item.id, addDays(date, 1), 2, bigCard);
    expect(open.statusCode).toBe(409);
    expect(body(open).meta.code).toBe('waitlistUnavailable');

    const first = await join(big, item.id, date, 2, bigCard);
    expect(first.statusCode, first.payload).toBe(201);
    expect(body(first).data).toMatchObject({ state: 'waiting', ahead: 0, party: 2, amount: 2000 });
    const twice = await join({ ...big, lang: 'en' }, item.id, date, 1, bigCard);
    expect(twice.statusCode).toBe(409);
    expect(body(twice).meta.message).toContain('already on the waitlist');
    const second = await join(small, item.id, date, 1, smallCard);
    expect(body(second).data).toMatchObject({ state: 'waiting', ahead: 1 });

    // One place freed: the party of 2 does not fit, the party of 1 behind it does (never split, never skipped for
    // nothing: the first that fits).
    const cancelled = await c.call('POST', '/api/v1/me/tickets/cancellations', buyer, { ticket_ids: [tickets[0]] });
    expect(cancelled.statusCode, cancelled.payload).toBe(200);
    await runJobs();
    expect(await entryOf(big, body(first).data.id)).toMatchObject({ state: 'waiting' });
    const offered = await entryOf(small, body(second).data.id);
    expect(offered.state).toBe('offered');
    expect(new Date(offered.offerDeadline).getTime() - clock().now().getTime()).toBeLessThanOrEqual(12 * 3_600_000);
    expect(await stockOf(item.id)).toEqual({ sold: 1, held: 1, tickets: 1 });
    const inbox = body(await c.call('GET', '/api/v1/me/notifications', small)).data;
    expect(inbox[0]).toMatchObject({ kind: 'waitlistOffer', navigate: `/my-tickets/waitlist/${offered.id}` });
    expect((await smtp().latest(small.email)).subject).toContain('キャンセル待ち');

    // Accepted: paid with the registered card, tickets won via the waitlist, not cancellable.
    const accept = await c.call('POST', `/api/v1/me/waitlist/${offered.id}/accept`, small, {});
    expect(accept.statusCode, accept.payload).toBe(201);
    expect(body(accept).data.payment.kind).toBe('completed');
    expect(await entryOf(small, offered.id)).toMatchObject({ state: 'accepted' });
    const won = await c
      .knex()('tickets')
      .where({ order_id: body(accept).data.orderId });
    expect(won.map((t: { wonViaWaitlist: boolean }) => t.wonViaWaitlist)).toEqual([true]);
    const refused = await c.call('POST', '/api/v1/me/tickets/cancellations', small, { ticket_ids: [won[0].id] });
    expect(refused.statusCode).toBe(409);
    expect(body(refused).meta.code).toBe('waitlistNotCancellable');
    expect(await stockOf(item.id)).toEqual({ sold: 2, held: 0, tickets: 2 });
    // Accepting again is refused.
    expect((await c.call('POST', `/api/v1/me/waitlist/${offered.id}/accept`, small, {})).statusCode).toBe(409);
  });

  it('a declined offer and an expired one pass the places on; nothing is held after', async () => {
    const { item, date, buyer, tickets } = await soldOut(1);
    const [x, y, z] = await Promise.all([c.user(), c.user(), c.user()]);
    const ids: number[] = [];
    for (const who of [x, y, z]) {
      const res = await join(who, item.id, date, 1, await withCard(who));
      expect(res.statusCode, res.payload).toBe(201);
      ids.push(body(res).data.id);
    }
    await c.call('POST', '/api/v1/me/tickets/cancellations', buyer, { ticket_ids: tickets });
    await runJobs();
    expect((await entryOf(x, ids[0] as number)).state).toBe('offered');

    // x declines: y gets the offer.
    expect((await c.call('DELETE', `/api/v1/me/waitlist/${ids[0]}`, x)).statusCode).toBe(200);
    await runJobs();
    expect((await entryOf(x, ids[0] as number)).state).toBe('declined');
    expect((await entryOf(y, ids[1] as number)).state).toBe('offered');
    expect(await stockOf(item.id)).toEqual({ sold: 0, held: 1, tickets: 0 });

    // y lets it expire: z gets it.
    try {
      clock().advance(12 * 3_600_000 + 60_000);
      await runJobs();
      expect((await entryOf(y, ids[1] as number)).state).toBe('expired');
      expect((await entryOf(z, ids[2] as number)).state).toBe('offered');
      expect(await stockOf(item.id)).toEqual({ sold: 0, held: 1, tickets: 0 });
      // An answer after the deadline is refused.
      expect((await c.call('POST', `/api/v1/me/waitlist/${ids[1]}/accept`, y, {})).statusCode).toBe(409);
    } finally {
      clock().reset();
    }
  });
});
