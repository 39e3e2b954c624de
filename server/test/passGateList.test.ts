// The gate's holder list (issue 29, README 2.9): the annual-pass holders a park admits, by change like the day
// list. A full listing, deltas after a suspension, a reissue and a new photo, holders that leave (cancelled) come as
// removed, thumbnails only with the listing or a photo change, partner parks, and a write during a listing is not
// missed. PGlite, and PostgreSQL with DATABASE_URL (the concurrent writer needs a second connection: PostgreSQL only).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GatePassHolder, GatePassHoldersPage } from '../../common/dto/pass';
import type { StaffPark } from '../../common/dto/staff';
import { addDays, tokyoDate } from '../../common/time';
import { body, type Caller, commerce } from './commerceFixtures';
import {
  cancelPass,
  issuePass,
  newPark,
  newPhoto,
  passProduct,
  reissue,
  suspend,
  twoParks,
} from './support/gatePassFixtures';
import { createTestServer, type TestContext } from './testServer';

let ctx: TestContext;
const c = commerce(() => ctx);

beforeAll(async () => {
  ctx = await createTestServer();
}, 240_000);
afterAll(async () => {
  await ctx?.close();
});

async function gateOf(parkId: number): Promise<Caller> {
  const user = await c.user();
  await c.knex()('park_staff').insert({ user_id: user.id, park_id: parkId, role: 'scanner' });
  return user;
}

/** One sync from `cursor` as a device makes it: pages while more; the last page's cursor and every holder sent. */
async function sync(gate: Caller, parkId: number, cursor: string | null, limit = 400) {
  const holders: GatePassHolder[] = [];
  const pages: GatePassHoldersPage[] = [];
  for (;;) {
    const q = cursor ? `&cursor=${cursor}` : '';
    const res = await c.call('GET', `/api/v1/staff/parks/${parkId}/pass-holders?limit=${limit}${q}`, gate);
    expect(res.statusCode, res.payload).toBe(200);
    const page = body(res).data as GatePassHoldersPage;
    pages.push(page);
    holders.push(...page.holders);
    cursor = page.next;
    if (!page.more || pages.length > 200) break;
  }
  return { holders, pages, next: cursor as string, byId: new Map(holders.map((h) => [h.holderId, h])) };
}

/** Syncs again until every one of `ids` came (a delta waits for older transactions anywhere on the server). */
async function syncUntil(gate: Caller, parkId: number, cursor: string, ids: readonly number[]) {
  const holders: GatePassHolder[] = [];
  const until = Date.now() + 15_000;
  for (;;) {
    const got = await sync(gate, parkId, cursor);
    holders.push(...got.holders);
    cursor = got.next;
    if (ids.every((id) => holders.some((h) => h.holderId === id)) || Date.now() > until) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  return { holders, next: cursor, byId: new Map(holders.map((h) => [h.holderId, h])) };
}

const freshPark = () => newPark(c.knex());

describe('the gate’s pass holder list', () => {
  it('lists the park’s holders with their term tickets, live tokens and thumbs, then only what changed', async () => {
    const parkId = await freshPark();
    const owner = await c.user();
    const product = await passProduct(c.knex(), parkId, { maxEntries: 3 });
    const family = await issuePass(c.knex(), product, owner.id as number, { holders: 3, photos: true });
    const notStarted = await issuePass(c.knex(), product, owner.id as number, {
      validFrom: null,
      validUntil: null,
      startBy: addDays(tokyoDate(), 30),
    });
    // Expired yesterday, and one cancelled: neither is listed.
    await issuePass(c.knex(), product, owner.id as number, {
      validFrom: addDays(tokyoDate(), -365),
      validUntil: addDays(tokyoDate(), -1),
    });
    const cancelled = await issuePass(c.knex(), product, owner.id as number);
    await cancelPass(c.knex(), cancelled);
    const gate = await gateOf(parkId);

    const full = await sync(gate, parkId, null, 2);
    expect(full.pages.length).toBeGreaterThan(1);
    expect(full.pages[0]?.totalThumbBytes).toBeGreaterThan(0);
    expect([...full.byId.keys()].sort((a, b) => a - b)).toEqual(
      [...family.holders, ...notStarted.holders].map((h) => h.holderId).sort((a, b) => a - b),
    );
    const first = family.holders[0];
    if (!first) throw new Error('no holder');
    const listed = full.byId.get(first.holderId);
    expect(listed).toMatchObject({
      passNumber: family.passNumber,
      position: 1,
      name: '会員 1号',
      parkIds: [parkId],
      termTicketIds: [first.termTicketId],
      liveJtis: [first.jti],
      state: 'active',
      maxEntries: 3,
      photoId: first.photoId,
      photoState: 'pending',
      removed: false,
    });
    expect(listed?.thumb).toBeTruthy();
    expect(Buffer.from(listed?.thumb ?? '', 'base64').length).toBeGreaterThan(64);
    expect(full.byId.get(notStarted.holders[0]?.holderId ?? 0)?.state).toBe('not_started');
    expect(full.byId.get(notStarted.holders[0]?.holderId ?? 0)?.thumb).toBeNull();

    // Nothing changed: nothing new comes. The feed is at least once: a transaction still open elsewhere (another
    // test file on the same PostgreSQL) when the list began lowers its bound, and what committed after that bound
    // comes again: a listed holder as it was, one the list left out (the cancelled pass) as removed.
    const quiet = await sync(gate, parkId, full.next);
    for (const again of quiet.holders) {
      const listedBefore = full.byId.get(again.holderId);
      if (listedBefore) expect({ ...again, thumb: null }).toEqual({ ...listedBefore, thumb: null });
      else expect(again).toMatchObject({ removed: true });
    }

    // A suspension (a term ticket write) and a reissue (a token write): the holder again, without its thumb.
    const second = family.holders[1];
    const third = family.holders[2];
    if (!second || !third) throw new Error('no holders');
    await suspend(c.knex(), second, '規約違反の確認中');
    const newJti = await reissue(c.knex(), parkId, third);
    const delta = await syncUntil(gate, parkId, quiet.next, [second.holderId, third.holderId]);
    // Deliveries are at least once: when another test file's transaction was running at the full listing, its bound
    // fell before the pass's own writes, and a holder may come again whole, its thumb as listed; never changed.
    const thumbs = (id: number) => [null, full.byId.get(id)?.thumb];
    expect(delta.byId.get(second.holderId)).toMatchObject({
      state: 'suspended',
      suspendedReason: '規約違反の確認中',
      removed: false,
    });
    expect(thumbs(second.holderId)).toContain(delta.byId.get(second.holderId)?.thumb);
    expect(delta.byId.get(third.holderId)).toMatchObject({ liveJtis: [newJti], removed: false });
    expect(thumbs(third.holderId)).toContain(delta.byId.get(third.holderId)?.thumb);
    const firstAgain = delta.byId.get(first.holderId);
    if (firstAgain) expect(firstAgain).toEqual(full.byId.get(first.holderId));

    // A new photo: the thumb comes with it.
    const photoId = await newPhoto(c.knex(), owner.id as number, first);
    const photo = await syncUntil(gate, parkId, delta.next, [first.holderId]);
    expect(photo.byId.get(first.holderId)).toMatchObject({ photoId, photoState: 'pending' });
    expect(photo.byId.get(first.holderId)?.thumb).toBeTruthy();

    // Cancelled: every holder of the pass comes once as removed.
    await cancelPass(c.knex(), family);
    const gone = await syncUntil(
      gate,
      parkId,
      photo.next,
      family.holders.map((h) => h.holderId),
    );
    for (const h of family.holders) expect(gone.byId.get(h.holderId)?.removed).toBe(true);
  });

  it('a partner park lists the pass too, and names the pass’s park as a partner in the park list', async () => {
    const [home, partner] = await twoParks(c.knex());
    const owner = await c.user();
    const product = await passProduct(c.knex(), home, { partners: [partner] });
    const pass = await issuePass(c.knex(), product, owner.id as number);
    const gate = await gateOf(partner);
    const listed = await sync(gate, partner, null);
    expect(listed.byId.get(pass.holders[0]?.holderId ?? 0)).toMatchObject({ parkIds: [home, partner] });
    const res = await c.call('GET', '/api/v1/staff/parks', gate);
    expect(res.statusCode, res.payload).toBe(200);
    const park = (body(res).data as StaffPark[]).find((p) => p.id === partner);
    expect(park?.passPartnerParkIds).toContain(home);
    // A park the pass does not admit at does not list it.
    const other = await freshPark();
    const elsewhere = await sync(await gateOf(other), other, null);
    expect(elsewhere.holders).toEqual([]);
  });

  it('a change between two pages of the listing comes in the delta after it', async () => {
    const parkId = await freshPark();
    const owner = await c.user();
    const product = await passProduct(c.knex(), parkId);
    const pass = await issuePass(c.knex(), product, owner.id as number, { holders: 3, photos: true });
    const gate = await gateOf(parkId);
    const res = await c.call('GET', `/api/v1/staff/parks/${parkId}/pass-holders?limit=2`, gate);
    const page = body(res).data as GatePassHoldersPage;
    expect(page.more).toBe(true);
    const [a] = pass.holders;
    if (!a) throw new Error('no holder');
    // Already handed out on page one, then suspended before page two is asked for.
    await suspend(c.knex(), a, '確認中');
    const rest = await sync(gate, parkId, page.next);
    const after = await syncUntil(gate, parkId, rest.next, [a.holderId]);
    expect(after.byId.get(a.holderId)?.state).toBe('suspended');
  });

  it('refuses a bad cursor and a limit over 1,000 naming the field, in ja and en; other staff get 403', async () => {
    const parkId = await freshPark();
    const gate = await gateOf(parkId);
    for (const lang of ['ja', 'en'] as const) {
      for (const q of ['cursor=zz', 'limit=1001']) {
        const res = await c.call('GET', `/api/v1/staff/parks/${parkId}/pass-holders?${q}`, { ...gate, lang });
        expect(res.statusCode).toBe(400);
        expect(body(res).meta.message).toContain(q.split('=')[0]);
      }
    }
    const stranger = await c.user();
    const res = await c.call('GET', `/api/v1/staff/parks/${parkId}/pass-holders`, stranger);
    expect(res.statusCode).toBe(403);
  });

  it.skipIf(!process.env.DATABASE_URL)(
    'a write committed after a later one was read is in the next delta (concurrent writers)',
    async () => {
      const parkId = await freshPark();
      const owner = await c.user();
      const product = await passProduct(c.knex(), parkId);
      const pass = await issuePass(c.knex(), product, owner.id as number, { holders: 2 });
      const [early, late] = pass.holders;
      if (!early || !late) throw new Error('no holders');
      const gate = await gateOf(parkId);
      const first = await sync(gate, parkId, null);
      const slow = await c.knex().transaction();
      try {
        await slow('tickets')
          .where({ id: early.termTicketId })
          .update({ state: 'suspended', suspension_reason: 'slow' });
        await suspend(c.knex(), late, 'fast');
        const during = await sync(gate, parkId, first.next);
        await slow.commit();
        const after = await syncUntil(
          gate,
          parkId,
          during.next,
          [early.holderId, late.holderId].filter((id) => !during.byId.has(id)),
        );
        const seen = new Set([...during.holders, ...after.holders].map((h) => h.holderId));
        expect(seen.has(late.holderId)).toBe(true);
        expect(seen.has(early.holderId)).toBe(true);
      } finally {
        if (!slow.isCompleted()) await slow.rollback();
      }
    },
  );
});
