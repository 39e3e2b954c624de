// Annual passes (issue 29, README 2.1, 2.5): the face photos chosen per holder at the add-info step (the cart line's
// pass_details, then the order line's) are the holders' photos once the pass is issued, linked at fulfilment by the
// photos' one writer; a family pass and single passes (one pass per holder) alike; a photo that is not the buyer's
// own unlinked upload is refused on the line and never linked.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, commerce } from './commerceFixtures';
import { multipart, rotatedGpsJpeg } from './photoFixtures';
import { makePassProduct, PASS_PRICES, passShop } from './support/passFixtures';
import { createTestServer, type TestContext } from './testServer';

let ctx: TestContext;
const c = commerce(() => ctx);
const { buyer, addPass, setHolders, pay, cards } = passShop(c);

beforeAll(async () => {
  ctx = await createTestServer();
}, 240_000);
afterAll(async () => {
  await ctx?.close();
});

async function upload(who: { token: string }, colour: string): Promise<string> {
  const { payload, type } = multipart({
    photo: { filename: 'face.jpg', type: 'image/jpeg', data: await rotatedGpsJpeg(colour) },
  });
  const res = await ctx.server.inject({
    method: 'POST',
    url: '/api/v1/me/pass-photos',
    payload,
    headers: { authorization: `Bearer ${who.token}`, 'content-type': type },
  });
  expect(res.statusCode, res.payload).toBe(201);
  return body(res).data.id as string;
}

describe('photos chosen at purchase', () => {
  it('a family pass: each holder gets the photo chosen for it; a holder without one has none', async () => {
    const product = await makePassProduct(c.knex(), { kind: 'family', maxHolders: 3 });
    const parent = await buyer();
    const [a, b] = [await upload(parent, '#a33'), await upload(parent, '#33a')];
    const added = await addPass(parent, product.itemId, { quantities: [{ age_group_id: 5, quantity: 3 }] });
    expect(added.statusCode, added.payload).toBe(201);
    const named = await setHolders(parent, product.parkId, body(added).data.id, [
      { position: 1, holder_user_id: parent.id, name: '写真 一', age_group_id: 5, unit_kind: 'basic', photo_id: b },
      { position: 2, name: '写真 二', age_group_id: 5, unit_kind: 'basic' },
      { position: 3, name: '写真 三', age_group_id: 5, unit_kind: 'basic', photo_id: a },
    ]);
    expect(named.statusCode, named.payload).toBe(200);
    expect(body(named).data.pass.details.holders.map((h: { photoId: string | null }) => h.photoId)).toEqual([
      b,
      null,
      a,
    ]);
    const paid = await pay(parent, product.parkId, 3 * PASS_PRICES.adult);
    expect(paid.statusCode, paid.payload).toBe(201);
    const orderId = body(paid).data.orderId as number;
    const line = await c.knex()('order_lines').where({ order_id: orderId }).first('pass_details');
    expect(line.passDetails.holders.map((h: { photoId: string | null }) => h.photoId)).toEqual([b, null, a]);

    const pass = await c.knex()('passes').where({ first_order_id: orderId }).first();
    const holders = await c.knex()('pass_holders').where({ pass_id: pass.id }).orderBy('position');
    expect(holders.map((h: { photoId: string | null }) => h.photoId)).toEqual([b, null, a]);
    const photos = await c.knex()('pass_photos').whereIn('id', [a, b]).orderBy('id');
    for (const p of photos) {
      expect(p.passHolderId).toBe(holders.find((h: { photoId: string }) => h.photoId === p.id)?.id);
      expect(p.state).toBe('pending');
    }
    // The member cards show them (unreviewed) at once.
    const mine = (await cards(parent)).filter((x) => x.passId === pass.id);
    expect(mine.map((x) => [x.photo.state, x.photo.url])).toEqual([
      ['pending', `/api/v1/me/pass-photos/${b}`],
      ['none', null],
      ['pending', `/api/v1/me/pass-photos/${a}`],
    ]);
  });

  it('single passes: each person’s pass gets that person’s photo; another’s upload is refused on the line', async () => {
    const product = await makePassProduct(c.knex(), { kind: 'single', maxHolders: 1 });
    const parent = await buyer();
    const stranger = await buyer();
    const foreign = await upload(stranger, '#3a3');
    const [a, b] = [await upload(parent, '#a33'), await upload(parent, '#33a')];
    const added = await addPass(parent, product.itemId, { quantities: [{ age_group_id: 5, quantity: 2 }] });
    const lineId = body(added).data.id as number;
    const refused = await setHolders({ ...parent, lang: 'en' }, product.parkId, lineId, [
      { position: 1, name: '単独 一', age_group_id: 5, unit_kind: 'basic', photo_id: foreign },
      { position: 2, name: '単独 二', age_group_id: 5, unit_kind: 'basic' },
    ]);
    expect(refused.statusCode, refused.payload).toBe(400);
    expect(body(refused).meta.code).toBe('passHolderInvalid');
    const named = await setHolders(parent, product.parkId, lineId, [
      { position: 1, name: '単独 一', age_group_id: 5, unit_kind: 'basic', photo_id: a },
      { position: 2, name: '単独 二', age_group_id: 5, unit_kind: 'basic', photo_id: b },
    ]);
    expect(named.statusCode, named.payload).toBe(200);
    const paid = await pay(parent, product.parkId, 2 * PASS_PRICES.adult);
    expect(paid.statusCode, paid.payload).toBe(201);
    const orderId = body(paid).data.orderId as number;
    const rows = await c
      .knex()('passes as p')
      .join('pass_holders as h', 'h.pass_id', 'p.id')
      .where('p.first_order_id', orderId)
      .orderBy('p.id')
      .select('h.name', 'h.photo_id');
    expect(rows.map((r: { name: string; photoId: string }) => [r.name, r.photoId])).toEqual([
      ['単独 一', a],
      ['単独 二', b],
    ]);
    expect((await c.knex()('pass_photos').where({ id: foreign }).first()).passHolderId).toBeNull();
  });
});
