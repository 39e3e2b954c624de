// Annual passes (issue 29, server/features/passes/README.md 2.13): 30 and 7 days before a pass ends, its owner is
// reminded to renew (inbox, push, mail; the tap opens the renewal page), once per pass term and days before, even
// when two runs of the sweep overlap; a renewed pass and a pass whose holders are all suspended get none.
// PGlite, and PostgreSQL with DATABASE_URL.
import { describe, expect, it } from 'vitest';
import { addDays } from '../../common/time';
import { remindPassRenewals } from '../features/passes/reminders/remindRenewals';
import { body, type Caller } from './commerceFixtures';
import { commerceServer } from './commerceServer';
import { makePassProduct, PASS_PRICES, passShop } from './support/passFixtures';

const { c, smtp, runJobs, clock } = commerceServer();
const grantCoins = (userId: number) =>
  c
    .knex()('coin_entries')
    .insert({
      user_id: userId,
      kind: 'plus',
      reason: 'reward',
      amount: 100_000,
      expires_at: new Date(Date.now() + 86_400_000 * 30),
    });
const { buyer, kidOf, buyFamilyPass } = passShop(c, grantCoins);

/** Noon in Tokyo on `date`. */
const noonOn = (date: string) => new Date(`${date}T12:00:00+09:00`);

/** A pass valid from purchase, its end `daysLeft` days from today. */
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

async function reminders(who: Caller) {
  const inbox = body(await c.call('GET', '/api/v1/me/notifications', who)).data as {
    kind: string;
    navigate: string;
    body: string;
  }[];
  return inbox.filter((n) => n.kind === 'passRenewalReminder');
}

describe('renewal reminders', () => {
  it('reminds the owner 30 and 7 days before the end, by inbox, push and mail, once each (the sweep on the clock)', async () => {
    const product = await makePassProduct(c.knex(), { kind: 'family', maxHolders: 4, validityStart: 'purchase' });
    const parent = await buyer();
    const kid = await kidOf(parent.id);
    const { pass } = await buyFamilyPass(product, parent, kid.id);
    const end = (await c.knex()('passes').where({ id: pass.id }).first('valid_until')).validUntil as string;
    await c
      .knex()('push_subscriptions')
      .insert({
        user_id: parent.id,
        endpoint: `https://push.invalid/reminder-${pass.id}`,
        p256dh: 'BOr5',
        auth: 'x',
      });
    try {
      // 31 days before: nothing yet.
      clock().set(noonOn(addDays(end, -31)));
      await runJobs();
      expect(await reminders(parent)).toHaveLength(0);
      clock().set(noonOn(addDays(end, -30)));
      await runJobs();
      await runJobs();
      let told = await reminders(parent);
      expect(told).toHaveLength(1);
      expect(told[0]?.navigate).toBe(`/my-tickets/pass/${pass.id}/renew`);
      expect(told[0]?.body).toContain(end.replaceAll('-', '/').slice(0, 4));
      const pushJobs = await c.knex().raw(
        `SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'pushDelivery' AND data->>'notificationId' IN (
          SELECT id::text FROM notifications WHERE user_id = ? AND kind = 'passRenewalReminder')`,
        [parent.id],
      );
      expect(Number((pushJobs.rows ?? pushJobs)[0].n)).toBe(1);
      clock().set(noonOn(addDays(end, -7)));
      await runJobs();
      await runJobs();
      told = await reminders(parent);
      expect(told).toHaveLength(2);
      const mails = smtp().mails.filter((m) => m.to === parent.email && /更新|renew/i.test(m.subject));
      expect(mails).toHaveLength(2);
      expect(mails[0]?.text).toContain(`/my-tickets/pass/${pass.id}/renew`);
      // The kid holder is not the owner: no reminder for them.
      expect(await reminders(kid)).toHaveLength(0);
    } finally {
      clock().reset();
    }
  });

  it('two runs at once send one reminder', async () => {
    const { parent, pass } = await passEnding(30);
    const now = noonOn(c.today);
    const runs = await Promise.all([remindPassRenewals(c.knex(), now), remindPassRenewals(c.knex(), now)]);
    expect(runs.reduce((n, r) => n + r.reminded, 0)).toBeGreaterThanOrEqual(1);
    expect(await reminders(parent)).toHaveLength(1);
    expect(await c.knex()('pass_reminders').where({ pass_id: pass.id })).toHaveLength(1);
    await remindPassRenewals(c.knex(), now);
    expect(await reminders(parent)).toHaveLength(1);
  });

  it('catches up a missed 30-day reminder, but within 7 days sends only the 7-day one', async () => {
    const late = await passEnding(25);
    const last = await passEnding(5);
    await remindPassRenewals(c.knex(), noonOn(c.today));
    expect(await c.knex()('pass_reminders').where({ pass_id: late.pass.id }).pluck('days_before')).toEqual([30]);
    expect(await c.knex()('pass_reminders').where({ pass_id: last.pass.id }).pluck('days_before')).toEqual([7]);
  });

  it('a renewed pass gets none; a pass whose holders are all suspended gets none', async () => {
    const renewed = await passEnding(30);
    const res = await c.call('POST', `/api/v1/me/passes/${renewed.pass.id}/renewal`, renewed.parent);
    expect(res.statusCode, res.payload).toBe(201);
    const price = 2 * PASS_PRICES.renewAdult + PASS_PRICES.renewChild;
    const paid = await c.call('POST', '/api/v1/orders', renewed.parent, {
      park_id: renewed.product.parkId,
      agreement: true,
      payment_method: 4,
      coins: price,
    });
    expect(paid.statusCode, paid.payload).toBe(201);

    const suspended = await passEnding(30);
    const editor = await c.user();
    await c.knex()('park_staff').insert({ user_id: editor.id, park_id: suspended.product.parkId, role: 'editor' });
    const holders = await c.knex()('pass_holders').where({ pass_id: suspended.pass.id }).pluck('id');
    for (const holderId of holders) {
      const s = await c.call(
        'POST',
        `/api/v1/staff/parks/${suspended.product.parkId}/pass-holders/${holderId}/suspension`,
        editor,
        { reason: '規約違反' },
      );
      expect(s.statusCode, s.payload).toBe(204);
    }
    for (const days of [0, 23, 30]) await remindPassRenewals(c.knex(), noonOn(addDays(c.today, days)));
    expect(await reminders(renewed.parent)).toHaveLength(0);
    expect(await reminders(suspended.parent)).toHaveLength(0);
  });
});
