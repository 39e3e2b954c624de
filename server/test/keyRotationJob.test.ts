// Ticket signing keys rotate by age, as a sweep of the job queue (wallet/jobs.ts rotateTicketKeys): a park whose
// newest key is older than TICKET_KEY_MAX_AGE_DAYS gets a new one (announced before it signs), once, however many
// runners run the sweep at the same time.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { createParkKey } from '../features/wallet/keys';
import { rotateAgedKeys } from '../features/wallet/services/rotateAgedKeys';
import { KEY_ANNOUNCE_MS } from '../features/wallet/services/rotateKeys';
import { createTestServer, type TestContext } from './testServer';

const DAY = 86_400_000;
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestServer({ TICKET_KEY_MAX_AGE_DAYS: '90' });
}, 240_000);
afterAll(async () => {
  await ctx?.close();
});

const knex = () => ctx.db.knex;
const keysOf = (parkId: number) =>
  knex()('ticket_signing_keys').where({ park_id: parkId }).orderBy('id').select('kid', 'created_at', 'signs_from');
const runSweeps = (now: Date) => ctx.server.plugins.jobs.runOnce(now) as Promise<Record<string, unknown>>;

/** Two parks of the demo catalogue, each given one key made `ageDays` before `now`. */
async function parksWithKeys(now: Date, ...ageDays: number[]): Promise<number[]> {
  const ids = (await knex()('parks').orderBy('id').limit(ageDays.length).pluck('id')) as number[];
  await knex()('ticket_signing_keys').whereIn('park_id', ids).update({ retired_at: now });
  const secret = ctx.server.app.config.appSecret;
  for (const [i, parkId] of ids.entries()) {
    const made = new Date(now.getTime() - (ageDays[i] as number) * DAY);
    await createParkKey(knex(), parkId, secret, made);
  }
  return ids;
}

describe('rotation of ticket signing keys by age', () => {
  it('the sweep gives a park whose newest key is older than the age a new key (announced first), and no other', async () => {
    const now = new Date(Date.now() + 400 * DAY);
    const [old, fresh] = (await parksWithKeys(now, 91, 10)) as [number, number];
    const ran = await runSweeps(now);
    expect(ran.rotateTicketKeys).toEqual([expect.stringMatching(new RegExp(`^${old}-`))]);
    const keys = await keysOf(old);
    const made = keys.at(-1);
    expect(new Date(made?.signsFrom).getTime()).toBe(now.getTime() + KEY_ANNOUNCE_MS);
    expect(await keysOf(fresh)).toHaveLength(1);
    const audit = await knex()('audit_logs').where({ entity: 'park', entity_id: old, action: 'ticket_key_rotated' });
    expect(audit.length).toBeGreaterThan(0);
    // Idempotent: the next run (the new key is fresh) rotates nothing.
    expect((await runSweeps(new Date(now.getTime() + 60_000))).rotateTicketKeys).toEqual([]);
    expect(await keysOf(old)).toHaveLength(keys.length);
  });

  it('two runners at once rotate once', async () => {
    const now = new Date(Date.now() + 800 * DAY);
    const [old] = (await parksWithKeys(now, 200)) as [number];
    const before = (await keysOf(old)).length;
    const secret = ctx.server.app.config.appSecret;
    const results = await Promise.all([
      rotateAgedKeys(knex(), secret, now, 90 * DAY),
      rotateAgedKeys(knex(), secret, now, 90 * DAY),
      runSweeps(now),
    ]);
    expect(await keysOf(old)).toHaveLength(before + 1);
    const rotated = [...results[0], ...results[1], ...((results[2].rotateTicketKeys as string[] | null) ?? [])];
    expect(rotated.filter((kid) => kid.startsWith(`${old}-`))).toHaveLength(1);
  });

  it('an age of 0 turns rotation off; a bad age is refused naming the variable', async () => {
    expect(await rotateAgedKeys(knex(), 'x'.repeat(32), new Date(Date.now() + 2000 * DAY), 0)).toEqual([]);
    expect(loadConfig({ DEMO: 'true' }).ticketKeyMaxAgeDays).toBe(90);
    expect(() => loadConfig({ DEMO: 'true', TICKET_KEY_MAX_AGE_DAYS: '-1' })).toThrow(/TICKET_KEY_MAX_AGE_DAYS/);
  });
});
