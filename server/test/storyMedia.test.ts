// Story photos and short movies in the back office: judged by content (a PNG named .jpg is a PNG, a script named
// .png is refused), at most 10MB; re-encoded upright without EXIF or GPS in AVIF and WebP widths; movies by their
// container (MP4 ftyp / WebM EBML), at most 60 s by the container's duration, served with byte ranges; only editors
// and owners of the story's park; links to the park's animals only; every change in the audit trail; the public
// sees the files once the story is published. PGlite, and PostgreSQL with DATABASE_URL.
import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaffStory, StaffStoryMedia } from '../../common/dto/staff';
import type { StoryDetail } from '../../common/dto/story';
import { body, commerce } from './commerceFixtures';
import { mp4Fixture, streamedWebmFixture, webmFixture } from './movieFixtures';
import { multipart, type Part, rotatedGpsJpeg } from './photoFixtures';
import { createTestServer, type TestContext } from './testServer';
import type { TestUser } from './users';

let ctx: TestContext;
const c = commerce(() => ctx);
let parkA = 0;
let parkB = 0;

beforeAll(async () => {
  ctx = await createTestServer();
  [parkA, parkB] = (await c.knex()('parks').where('is_private', false).orderBy('id').limit(2).pluck('id')) as [
    number,
    number,
  ];
}, 240_000);
afterAll(async () => {
  await ctx?.close();
});

async function staff(parkId: number, role: string) {
  const user = await c.user();
  await c.knex()('park_staff').insert({ user_id: user.id, park_id: parkId, role });
  return user;
}

async function draftOf(parkId: number, editor: TestUser): Promise<StaffStory> {
  const res = await c.call('POST', `/api/v1/staff/parks/${parkId}/stories`, editor, {
    title_ja: 'カピバラの温泉',
    body_ja: '今日から温泉が始まりました。',
  });
  expect(res.statusCode, res.payload).toBe(201);
  return body(res).data as StaffStory;
}

function upload(url: string, who: TestUser & { lang?: 'ja' | 'en' }, fields: Record<string, Part>) {
  const { payload, type } = multipart(fields);
  return ctx.server.inject({
    method: 'POST',
    url,
    payload,
    headers: { authorization: `Bearer ${who.token}`, 'content-type': type, 'accept-language': who.lang ?? 'ja' },
  });
}

const photoUrl = (parkId: number, storyId: number) => `/api/v1/staff/parks/${parkId}/stories/${storyId}/photos`;
const movieUrl = (parkId: number, storyId: number) => `/api/v1/staff/parks/${parkId}/stories/${storyId}/movies`;

const png = () =>
  sharp({ create: { width: 640, height: 480, channels: 4, background: '#f80' } })
    .png()
    .toBuffer();

function file(url: string, who?: TestUser, headers: Record<string, string> = {}) {
  return ctx.server.inject({
    method: 'GET',
    url,
    headers: { ...(who ? { authorization: `Bearer ${who.token}` } : {}), ...headers },
  });
}

describe('story photos', () => {
  it('a photo with GPS EXIF comes back upright, in AVIF and WebP widths, without any metadata', async () => {
    const editor = await staff(parkA, 'editor');
    const story = await draftOf(parkA, editor);
    const original = await rotatedGpsJpeg();
    const meta = await sharp(original).metadata();
    expect(meta.orientation).toBe(6);
    expect(meta.exif?.includes(Buffer.from([0x25, 0x88]))).toBe(true); // the GPS IFD pointer
    const res = await upload(photoUrl(parkA, story.id), editor, {
      photo: { filename: 'IMG_0001.JPG', type: 'image/jpeg', data: original },
      alt_ja: '温泉に入るカピバラ',
      alt_en: 'A capybara in the hot spring',
    });
    expect(res.statusCode, res.payload).toBe(201);
    const media = body(res).data as StaffStoryMedia;
    expect(media).toMatchObject({ kind: 'photo', altJa: '温泉に入るカピバラ', width: 1000, height: 2000 });
    if (media.kind !== 'photo') throw new Error('photo expected');
    expect(media.sources.map((s) => s.type)).toEqual(['image/avif', 'image/webp']);
    // Never enlarged: 480, 960 and the original 1000.
    expect(media.sources[1]?.srcset).toMatch(/ 480w, .* 960w, .* 1000w$/);

    const urls = media.sources.flatMap((s) => s.srcset.split(', ').map((x) => x.split(' ')[0] as string));
    expect(urls).toHaveLength(6);
    for (const url of urls) {
      const got = await file(url, editor);
      expect(got.statusCode).toBe(200);
      expect(got.headers['cache-control']).toBe('private, no-store');
      const bytes = got.rawPayload;
      const m = await sharp(bytes).metadata();
      expect(m.exif).toBeUndefined();
      expect(m.xmp).toBeUndefined();
      expect(m.orientation ?? 1).toBe(1);
      expect(m.height as number).toBeGreaterThan(m.width as number);
      expect(bytes.includes(Buffer.from('ZooCam'))).toBe(false);
      expect(bytes.includes(Buffer.from('Exif\0\0'))).toBe(false);
    }
    // Drafts' files are not public.
    expect((await file(urls[0] as string)).statusCode).toBe(404);
    expect((await file(urls[0] as string, await staff(parkB, 'editor'))).statusCode).toBe(404);
    // The story's cover follows its first photo.
    const updated = body(await c.call('GET', `/api/v1/staff/parks/${parkA}/stories/${story.id}`, editor)).data;
    expect(updated.imageUrl).toMatch(/^\/api\/v1\/media\//);
    expect(updated.media).toHaveLength(1);
    const audit = await c.knex()('staff_audit').where({ park_id: parkA, entity: 'media', entity_id: media.id });
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'create', actorUserId: editor.id });
    expect(audit[0].after).toMatchObject({ storyId: story.id, kind: 'photo', altJa: '温泉に入るカピバラ' });
  });

  it('is judged by content: a PNG named .jpg is a PNG; a script named .png, a HEIC and an empty file are refused', async () => {
    const editor = await staff(parkA, 'editor');
    const story = await draftOf(parkA, editor);
    const asJpg = await upload(photoUrl(parkA, story.id), editor, {
      photo: { filename: 'photo.jpg', type: 'image/jpeg', data: await png() },
      alt_ja: 'オレンジ色の四角',
    });
    expect(asJpg.statusCode, asJpg.payload).toBe(201);
    expect(body(asJpg).data).toMatchObject({ width: 640, height: 480 });

    const script = Buffer.from('<script>alert(1)</script>\n#!/bin/sh\nrm -rf /\n');
    for (const lang of ['ja', 'en'] as const) {
      const res = await upload(
        photoUrl(parkA, story.id),
        { ...editor, lang },
        {
          photo: { filename: 'cute.png', type: 'image/png', data: script },
          alt_ja: '説明',
        },
      );
      expect(res.statusCode).toBe(415);
      expect(body(res).meta.code).toBe('mediaPhotoType');
      expect(body(res).meta.message).toBe(
        lang === 'ja' ? 'JPEG・PNG・WebP・HEICの画像を選んでください' : 'Please choose a JPEG, PNG, WebP or HEIC image',
      );
    }
    // A PNG signature followed by something else is not a PNG either.
    const fake = Buffer.concat([(await png()).subarray(0, 8), Buffer.alloc(2000, 1)]);
    const broken = await upload(photoUrl(parkA, story.id), editor, {
      photo: { filename: 'a.png', type: 'image/png', data: fake },
      alt_ja: '説明',
    });
    expect(broken.statusCode).toBe(400);
    expect(body(broken).meta.code).toBe('photoUnreadable');
    // A HEIC header on something that is not HEIC: unreadable.
    const heic = Buffer.concat([Buffer.from('\0\0\0\x18ftypheic\0\0\0\0mif1heic', 'latin1'), Buffer.alloc(500, 9)]);
    const refused = await upload(
      photoUrl(parkA, story.id),
      { ...editor, lang: 'en' },
      {
        photo: { filename: 'IMG_1234.HEIC', type: 'image/heic', data: heic },
        alt_ja: '説明',
      },
    );
    expect(refused.statusCode).toBe(400);
    expect(body(refused).meta.code).toBe('photoUnreadable');
    expect(await c.knex()('story_media').where({ story_id: story.id })).toHaveLength(1);
  });

  it('a HEIC photo (as iPhones take) is decoded and comes back without its EXIF and GPS', async () => {
    const editor = await staff(parkA, 'editor');
    const story = await draftOf(parkA, editor);
    // 96 × 64, encoded by libheif's heif-enc (x265) from a JPEG with a camera make and a GPS position.
    const heic = readFileSync(new URL('./fixtures/gps-photo.heic', import.meta.url));
    expect(heic.includes(Buffer.from('ZooPassTest'))).toBe(true);
    const res = await upload(photoUrl(parkA, story.id), editor, {
      photo: { filename: 'IMG_0001.HEIC', type: 'image/heic', data: heic },
      alt_ja: '色の四角',
    });
    expect(res.statusCode, res.payload).toBe(201);
    const media = body(res).data as StaffStoryMedia;
    expect(media).toMatchObject({ kind: 'photo', width: 96, height: 64 });
    if (media.kind !== 'photo') throw new Error('photo expected');
    for (const url of media.sources.flatMap((s) => s.srcset.split(', ').map((x) => x.split(' ')[0] as string))) {
      const bytes = (await file(url, editor)).rawPayload;
      const m = await sharp(bytes).metadata();
      expect(m.exif).toBeUndefined();
      expect(bytes.includes(Buffer.from('ZooPassTest'))).toBe(false);
      // The pixels made it: the top-left quarter is the reddish one of the original.
      const { data } = await sharp(bytes).raw().toBuffer({ resolveWithObject: true });
      expect(data[0]).toBeGreaterThan(150);
    }
  });

  it('over 10MB is refused; alt text in Japanese is required and named', async () => {
    const editor = await staff(parkA, 'editor');
    const story = await draftOf(parkA, editor);
    const big = Buffer.concat([await png(), Buffer.alloc(10 * 1024 * 1024, 0)]);
    const res = await upload(photoUrl(parkA, story.id), editor, {
      photo: { filename: 'big.png', type: 'image/png', data: big },
      alt_ja: '大きい',
    });
    expect(res.statusCode).toBe(413);
    expect(body(res).meta).toMatchObject({ code: 'photoTooLarge', message: '写真のサイズが10MBを超えています' });

    for (const lang of ['ja', 'en'] as const) {
      const noAlt = await upload(
        photoUrl(parkA, story.id),
        { ...editor, lang },
        {
          photo: { filename: 'a.png', type: 'image/png', data: await png() },
          alt_en: 'only English',
        },
      );
      expect(noAlt.statusCode).toBe(400);
      expect(body(noAlt).meta.message).toContain('alt_ja');
      expect(body(noAlt).meta.message).toBe(lang === 'ja' ? 'alt_jaを入力してください' : 'Please enter alt_ja');
    }
  });

  it('only editors and owners of the story’s park attach media; scanners get 403', async () => {
    const editorA = await staff(parkA, 'editor');
    const editorB = await staff(parkB, 'editor');
    const scannerA = await staff(parkA, 'scanner');
    const ownerA = await staff(parkA, 'owner');
    const story = await draftOf(parkA, editorA);
    const photo = () => ({
      photo: { filename: 'a.png', type: 'image/png', data: Buffer.alloc(0) },
      alt_ja: '説明',
    });
    const fields = { ...photo(), photo: { filename: 'a.png', type: 'image/png', data: await png() } };
    const other = await upload(photoUrl(parkA, story.id), editorB, fields);
    expect(other.statusCode).toBe(403);
    expect(body(other).meta.code).toBe('notParkStaff');
    // Through their own park's path: park A's story is not found there.
    const sideways = await upload(photoUrl(parkB, story.id), editorB, fields);
    expect(sideways.statusCode).toBe(404);
    const movie = await upload(movieUrl(parkB, story.id), editorB, {
      movie: { filename: 'm.mp4', type: 'video/mp4', data: mp4Fixture(10) },
      poster: fields.photo,
      alt_ja: '説明',
    });
    expect(movie.statusCode).toBe(404);
    const scanner = await upload(photoUrl(parkA, story.id), scannerA, fields);
    expect(scanner.statusCode).toBe(403);
    expect((await upload(photoUrl(parkA, story.id), ownerA, fields)).statusCode).toBe(201);
    const [media] = (await c.knex()('story_media').where({ story_id: story.id }).pluck('id')) as string[];
    const del = `/api/v1/staff/parks/${parkB}/stories/${story.id}/media/${media}`;
    expect((await c.call('DELETE', del, editorB)).statusCode).toBe(404);
    const put = `/api/v1/staff/parks/${parkA}/stories/${story.id}/media/${media}`;
    expect((await c.call('PUT', put, scannerA, { alt_ja: 'x' })).statusCode).toBe(403);
    expect((await c.call('PUT', put, editorB, { alt_ja: 'x' })).statusCode).toBe(403);
    expect(await c.knex()('story_media').where({ story_id: story.id })).toHaveLength(1);
  });
});

describe('short movies', () => {
  it('a 61 s movie is refused (MP4 and WebM); a 30 s one is stored with its poster and streamed by ranges', async () => {
    const editor = await staff(parkA, 'editor');
    const story = await draftOf(parkA, editor);
    const poster = { filename: 'poster.png', type: 'image/png', data: await png() };
    for (const [name, data] of [
      ['long.mp4', mp4Fixture(61)],
      ['long.webm', webmFixture(61)],
      ['recorded.webm', streamedWebmFixture(61)],
    ] as const) {
      const res = await upload(
        movieUrl(parkA, story.id),
        { ...editor, lang: 'en' },
        {
          movie: { filename: name, type: 'video/mp4', data },
          poster,
          alt_ja: '長い動画',
        },
      );
      expect(res.statusCode, name).toBe(400);
      expect(body(res).meta).toMatchObject({ code: 'movieTooLong', message: 'Movies can be at most 60 seconds long' });
    }
    const script = await upload(movieUrl(parkA, story.id), editor, {
      movie: { filename: 'clip.mp4', type: 'video/mp4', data: Buffer.from('#!/bin/sh\necho hi\n') },
      poster,
      alt_ja: '動画',
    });
    expect(script.statusCode).toBe(415);
    expect(body(script).meta.code).toBe('movieType');

    const movie = mp4Fixture(30, { padding: 5000 });
    const res = await upload(movieUrl(parkA, story.id), editor, {
      movie: { filename: 'clip.mov', type: 'application/octet-stream', data: movie },
      poster,
      alt_ja: 'ペンギンの行進',
      alt_en: 'Penguins on parade',
    });
    expect(res.statusCode, res.payload).toBe(201);
    const media = body(res).data as StaffStoryMedia;
    if (media.kind !== 'movie') throw new Error('movie expected');
    expect(media).toMatchObject({ type: 'video/mp4', durationSeconds: 30 });
    expect(media.poster).toMatchObject({ width: 640, height: 480 });
    const webm = await upload(movieUrl(parkA, story.id), editor, {
      movie: { filename: 'clip.webm', type: 'video/webm', data: webmFixture(59.5) },
      poster,
      alt_ja: 'ペンギン',
    });
    expect(webm.statusCode, webm.payload).toBe(201);
    expect(body(webm).data).toMatchObject({ type: 'video/webm', durationSeconds: 59.5 });

    const whole = await file(media.src, editor);
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.headers['content-type']).toBe('video/mp4');
    expect(whole.rawPayload.equals(movie)).toBe(true);
    const part = await file(media.src, editor, { range: 'bytes=100-199' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 100-199/${movie.length}`);
    expect(part.rawPayload.equals(movie.subarray(100, 200))).toBe(true);
    const tail = await file(media.src, editor, { range: 'bytes=-10' });
    expect(tail.statusCode).toBe(206);
    expect(tail.rawPayload.equals(movie.subarray(movie.length - 10))).toBe(true);
    const open = await file(media.src, editor, { range: `bytes=${movie.length - 5}-` });
    expect(open.rawPayload).toHaveLength(5);
    const outside = await file(media.src, editor, { range: `bytes=${movie.length}-` });
    expect(outside.statusCode).toBe(416);
    expect(outside.headers['content-range']).toBe(`bytes */${movie.length}`);
  });
});

describe('the public story', () => {
  it('shows media with sources and sizes, and the park’s animals it links to, once published', async () => {
    const editor = await staff(parkA, 'editor');
    const story = await draftOf(parkA, editor);
    const mine = (await c
      .knex()('park_living_things')
      .where({ park_id: parkA })
      .orderBy('id')
      .limit(2)
      .pluck('id')) as number[];
    const theirs = (await c.knex()('park_living_things').where({ park_id: parkB }).first('id')).id as number;
    const url = `/api/v1/staff/parks/${parkA}/stories/${story.id}`;
    const fields = { title_ja: story.titleJa, body_ja: story.bodyJa };
    const wrong = await c.call(
      'PUT',
      url,
      { ...editor, lang: 'en' },
      { ...fields, park_living_thing_ids: [mine[0], theirs] },
    );
    expect(wrong.statusCode).toBe(400);
    expect(body(wrong).meta.message).toBe('The value of park_living_thing_ids is invalid');
    const linked = await c.call('PUT', url, editor, { ...fields, park_living_thing_ids: [mine[1], mine[0]] });
    expect(linked.statusCode, linked.payload).toBe(200);
    expect(body(linked).data).toMatchObject({ parkLivingThingIds: [mine[1], mine[0]], parkLivingThingId: mine[1] });

    const up = await upload(photoUrl(parkA, story.id), editor, {
      photo: { filename: 'a.jpg', type: 'image/jpeg', data: await rotatedGpsJpeg() },
      alt_ja: '温泉に入るカピバラ',
      alt_en: 'A capybara in the hot spring',
    });
    const fileUrl = (body(up).data as { src: string }).src;
    expect((await file(fileUrl)).statusCode).toBe(404);
    expect((await c.call('POST', `${url}/publish`, editor)).statusCode).toBe(200);

    const pub = await c.call('GET', `/api/v1/stories/${story.id}`, { lang: 'en' });
    expect(pub.statusCode, pub.payload).toBe(200);
    const detail = body(pub).data as StoryDetail;
    expect(detail.media).toHaveLength(1);
    expect(detail.media[0]).toMatchObject({
      kind: 'photo',
      alt: 'A capybara in the hot spring',
      width: 1000,
      height: 2000,
    });
    expect(detail.livingThings.map((a) => a.id)).toEqual([mine[1], mine[0]]);
    const open = await file(fileUrl);
    expect(open.statusCode).toBe(200);
    expect(open.headers['cache-control']).toBe('public, max-age=86400');
    expect(open.headers['content-type']).toBe('image/webp');

    // Removing the photo removes its files and puts the park's picture back as the cover.
    const mediaId = detail.media[0]?.id;
    const gone = await c.call('DELETE', `${url}/media/${mediaId}`, editor);
    expect(gone.statusCode).toBe(204);
    expect((await file(fileUrl)).statusCode).toBe(404);
    const after = body(await c.call('GET', url, editor)).data as StaffStory;
    expect(after.imageUrl).not.toMatch(/^\/api\/v1\/media\//);
    const actions = await c
      .knex()('staff_audit')
      .where({ park_id: parkA, entity_id: String(mediaId) })
      .pluck('action');
    expect(actions).toEqual(['create', 'delete']);
  });
});
