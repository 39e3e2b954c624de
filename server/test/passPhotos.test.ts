// Annual passes (issue 29): a holder's face photo. The owner uploads it (JPEG or PNG judged by its bytes, at most
// 10 MB; stored upright without metadata), links it to a holder, and the card shows it (unreviewed until the park
// reviews it) to the owner and the holder, nobody else; kids accounts do not upload.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, commerce } from './commerceFixtures';
import { multipart, type Part, rotatedGpsJpeg } from './photoFixtures';
import { makePassProduct, passShop } from './support/passFixtures';
import { createTestServer, type TestContext } from './testServer';

let ctx: TestContext;
const c = commerce(() => ctx);
const { buyer, kidOf, buyFamilyPass, cards } = passShop(c);

beforeAll(async () => {
  ctx = await createTestServer();
}, 240_000);
afterAll(async () => {
  await ctx?.close();
});

function upload(who: { token: string; lang?: 'ja' | 'en' }, photo: Part) {
  const { payload, type } = multipart({ photo });
  return ctx.server.inject({
    method: 'POST',
    url: '/api/v1/me/pass-photos',
    payload,
    headers: { authorization: `Bearer ${who.token}`, 'content-type': type, 'accept-language': who.lang ?? 'ja' },
  });
}

describe("a holder's face photo", () => {
  it('is uploaded upright without metadata, linked to a holder, shown on the card to the owner and the holder only', async () => {
    const product = await makePassProduct(c.knex(), { kind: 'family', maxHolders: 3 });
    const parent = await buyer();
    const kid = await kidOf(parent.id);
    const { pass } = await buyFamilyPass(product, parent, kid.id);
    const holders = await c.knex()('pass_holders').where({ pass_id: pass.id }).orderBy('position');

    const up = await upload(parent, { filename: 'face.jpg', type: 'image/jpeg', data: await rotatedGpsJpeg() });
    expect(up.statusCode, up.payload).toBe(201);
    const photoId = body(up).data.id as string;
    const stored = await c.knex()('pass_photos').where({ id: photoId }).first();
    expect(stored).toMatchObject({ state: 'pending', ownerUserId: parent.id, passHolderId: null });
    const meta = await sharp(stored.image).metadata();
    expect(meta).toMatchObject({ format: 'jpeg' });
    expect(meta.exif).toBeUndefined();
    // The fixture is stored sideways with an EXIF turn: upright, it is taller than wide.
    expect((meta.height ?? 0) > (meta.width ?? 0)).toBe(true);

    const kidHolder = holders.find((h) => h.holderUserId === kid.id);
    const linked = await c.call('PUT', `/api/v1/me/passes/${pass.id}/holders/${kidHolder.id}/photo`, parent, {
      photo_id: photoId,
    });
    expect(linked.statusCode, linked.payload).toBe(200);
    const card = (await cards(parent)).find((x) => x.holderId === kidHolder.id);
    expect(card?.photo).toMatchObject({ state: 'pending', url: `/api/v1/me/pass-photos/${photoId}` });

    for (const who of [parent, kid]) {
      const img = await c.call('GET', `/api/v1/me/pass-photos/${photoId}`, who);
      expect(img.statusCode).toBe(200);
      expect(img.headers['content-type']).toBe('image/jpeg');
    }
    const stranger = await buyer();
    expect((await c.call('GET', `/api/v1/me/pass-photos/${photoId}`, stranger)).statusCode).toBe(404);
    // A stranger cannot put their upload on this pass, nor the owner a stranger's upload.
    const theirs = await upload(stranger, {
      filename: 'x.jpg',
      type: 'image/jpeg',
      data: await rotatedGpsJpeg('#a37'),
    });
    const theirId = body(theirs).data.id as string;
    const foreign = await c.call('PUT', `/api/v1/me/passes/${pass.id}/holders/${kidHolder.id}/photo`, stranger, {
      photo_id: theirId,
    });
    expect(foreign.statusCode).toBe(404);
    const notMine = await c.call(
      'PUT',
      `/api/v1/me/passes/${pass.id}/holders/${kidHolder.id}/photo`,
      { ...parent, lang: 'en' },
      { photo_id: theirId },
    );
    expect(notMine.statusCode).toBe(400);
    expect(body(notMine).meta.message).toContain('photo_id');

    // A second photo replaces the pending one.
    const again = await upload(parent, {
      filename: 'face2.jpg',
      type: 'image/jpeg',
      data: await rotatedGpsJpeg('#37a'),
    });
    const secondId = body(again).data.id as string;
    await c.call('PUT', `/api/v1/me/passes/${pass.id}/holders/${kidHolder.id}/photo`, parent, { photo_id: secondId });
    expect((await c.knex()('pass_photos').where({ id: photoId }).first('state')).state).toBe('replaced');
    expect((await c.knex()('pass_holders').where({ id: kidHolder.id }).first('photo_id')).photoId).toBe(secondId);
  });

  it('refuses other types by their bytes, an unreadable file, and kids accounts, changing nothing', async () => {
    const parent = await buyer();
    const kid = await kidOf(parent.id);
    const before = (await c.knex()('pass_photos').count({ n: '*' }))[0]?.n;
    const webp = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#888' } })
      .webp()
      .toBuffer();
    const asJpeg = await upload({ ...parent, lang: 'en' }, { filename: 'face.jpg', type: 'image/jpeg', data: webp });
    expect(asJpeg.statusCode).toBe(415);
    expect(body(asJpeg).meta.code).toBe('photoType');
    const broken = await upload(parent, { filename: 'face.jpg', type: 'image/jpeg', data: Buffer.from('not a photo') });
    expect(broken.statusCode).toBe(415);
    const child = await upload(kid, { filename: 'face.jpg', type: 'image/jpeg', data: await rotatedGpsJpeg() });
    expect(child.statusCode).toBe(403);
    expect((await c.knex()('pass_photos').count({ n: '*' }))[0]?.n).toBe(before);
  });
});
