import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  FavoriteEntry,
  FavoriteListMeta,
  FollowEntry,
  FollowListMeta,
  LikedStory,
} from '../../common/dto/library';
import type { StoryDetail } from '../../common/dto/story';
import { LISTED_SALE_LABELS } from '../../common/enums';
import { createTestServer, type TestContext } from './testServer';
import { signedInUser } from './users';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestServer();
});
afterAll(async () => {
  await ctx?.close();
});

type Res = Awaited<ReturnType<TestContext['server']['inject']>>;
// biome-ignore lint/suspicious/noExplicitAny: response bodies are checked field by field
const body = (res: Res) => JSON.parse(res.payload) as { data: any; meta: any };

const user = (extra: Record<string, unknown> = {}) => signedInUser(ctx, extra);

function call(method: string, url: string, token?: string, payload?: object, lang: 'ja' | 'en' = 'ja') {
  const headers: Record<string, string> = { 'accept-language': lang };
  if (token) headers.authorization = `Bearer ${token}`;
  return ctx.server.inject({ method, url, headers, payload });
}

async function publicStory(offset = 0) {
  return ctx.db
    .knex('stories')
    .join('parks', 'parks.id', 'stories.park_id')
    .where({ 'stories.is_private': false, 'parks.is_private': false })
    .where('stories.published_at', '<=', new Date())
    .orderBy('stories.id')
    .offset(offset)
    .first('stories.id', 'stories.like_count') as Promise<{ id: number; likeCount: number }>;
}

const likeCount = async (id: number) =>
  Number((await ctx.db.knex('stories').where({ id }).first('like_count')).likeCount);

describe('guests', () => {
  it('get 401 on every library call', async () => {
    for (const [method, url, payload] of [
      ['GET', '/api/v1/me/follows'],
      ['POST', '/api/v1/me/follows', { target_type: 'park', target_id: 1 }],
      ['DELETE', '/api/v1/me/follows/park/1'],
      ['GET', '/api/v1/me/follows/status?target_type=park&target_id=1'],
      ['GET', '/api/v1/me/likes'],
      ['POST', '/api/v1/me/likes', { story_id: 1 }],
      ['DELETE', '/api/v1/me/likes/1'],
      ['GET', '/api/v1/me/favorites'],
      ['POST', '/api/v1/me/favorites', { target_type: 'item', target_id: 1 }],
      ['DELETE', '/api/v1/me/favorites/item/1'],
    ] as const) {
      const res = await call(method, url, undefined, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(body(res).meta.message).toBe('ログインしてください');
    }
  });
});

describe('follows', () => {
  it('follow, list with counts per kind, status, unfollow', async () => {
    const { token } = await user();
    const park = await ctx.db.knex('parks').where({ is_private: false }).orderBy('id').first('id', 'name_ja');
    const staff = await ctx.db.knex('park_users').orderBy('id').first('id', 'name_ja');
    const species = await ctx.db.knex('living_things').orderBy('id').limit(2).select('id', 'name_ja');

    const empty = await call('GET', '/api/v1/me/follows', token);
    expect(empty.statusCode).toBe(200);
    expect(empty.headers['cache-control']).toBe('private, no-store');
    expect(body(empty)).toMatchObject({
      data: [],
      meta: { total: 0, counts: { park: 0, parkUser: 0, livingThing: 0, total: 0 } },
    });

    const first = await call('POST', '/api/v1/me/follows', token, { target_type: 'park', target_id: park.id });
    expect(first.statusCode).toBe(201);
    expect(body(first).data).toEqual({ targetType: 'park', targetId: park.id, following: true });
    // Following twice keeps one follow.
    expect(
      (await call('POST', '/api/v1/me/follows', token, { target_type: 'park', target_id: park.id })).statusCode,
    ).toBe(200);
    expect(
      (await call('POST', '/api/v1/me/follows', token, { target_type: 'park_user', target_id: staff.id })).statusCode,
    ).toBe(201);
    for (const s of species) {
      expect(
        (await call('POST', '/api/v1/me/follows', token, { target_type: 'living_thing', target_id: s.id })).statusCode,
      ).toBe(201);
    }

    const all = body(await call('GET', '/api/v1/me/follows', token)) as { data: FollowEntry[]; meta: FollowListMeta };
    expect(all.meta.counts).toEqual({ park: 1, parkUser: 1, livingThing: 2, total: 4 });
    expect(all.meta.total).toBe(4);
    expect(all.data.map((f) => f.name)).toEqual(
      expect.arrayContaining([park.nameJa, staff.nameJa, ...species.map((s) => s.nameJa)]),
    );
    expect(all.data.every((f) => f.imageUrl.startsWith('/media/') && f.subtitle !== '')).toBe(true);
    // Newest first.
    expect(all.data[0]?.targetType).toBe('living_thing');

    const onlySpecies = body(await call('GET', '/api/v1/me/follows?target_type=living_thing&per_page=1', token));
    expect(onlySpecies.data).toHaveLength(1);
    expect(onlySpecies.meta).toMatchObject({ total: 2, totalPages: 2, counts: { total: 4 } });

    const status = await call('GET', `/api/v1/me/follows/status?target_type=park&target_id=${park.id}`, token);
    expect(body(status).data).toEqual({ targetType: 'park', targetId: park.id, following: true });

    // The public profile counts followers, without saying who.
    const profile = JSON.parse((await call('GET', `/api/v1/park-users/${staff.id}`)).payload);
    expect(profile.data.followerCount).toBe(1);

    const un = await call('DELETE', `/api/v1/me/follows/park/${park.id}`, token);
    expect(un.statusCode).toBe(200);
    expect(body(un).data.following).toBe(false);
    expect((await call('DELETE', `/api/v1/me/follows/park/${park.id}`, token)).statusCode).toBe(404);
    const after = body(await call('GET', '/api/v1/me/follows', token));
    expect(after.meta.counts).toEqual({ park: 0, parkUser: 1, livingThing: 2, total: 3 });
    const statusAfter = body(
      await call('GET', `/api/v1/me/follows/status?target_type=park&target_id=${park.id}`, token),
    );
    expect(statusAfter.data.following).toBe(false);
  });

  it('refuses missing or private targets and bad payloads, with localised messages', async () => {
    const { token } = await user();
    const missing = await call('POST', '/api/v1/me/follows', token, { target_type: 'living_thing', target_id: 999999 });
    expect(missing.statusCode).toBe(404);
    const privatePark = await ctx.db.knex('parks').orderBy('id', 'desc').first('id');
    await ctx.db.knex('parks').where({ id: privatePark.id }).update({ is_private: true });
    try {
      expect(
        (await call('POST', '/api/v1/me/follows', token, { target_type: 'park', target_id: privatePark.id }))
          .statusCode,
      ).toBe(404);
    } finally {
      await ctx.db.knex('parks').where({ id: privatePark.id }).update({ is_private: false });
    }
    const bad = await call('POST', '/api/v1/me/follows', token, { target_type: 'zoo', target_id: 1 });
    expect(bad.statusCode).toBe(400);
    expect(body(bad).meta.message).toBe('target_typeの値が正しくありません');
    const noId = await call('POST', '/api/v1/me/follows', token, { target_type: 'park' }, 'en');
    expect(noId.statusCode).toBe(400);
    expect(body(noId).meta.message).toBe('Please enter target_id');
    expect((await call('DELETE', '/api/v1/me/follows/zoo/1', token)).statusCode).toBe(400);
  });

  it('a follow whose park goes private disappears from the list', async () => {
    const { token } = await user();
    const park = await ctx.db.knex('parks').where({ is_private: false }).orderBy('id', 'desc').first('id');
    await call('POST', '/api/v1/me/follows', token, { target_type: 'park', target_id: park.id });
    await ctx.db.knex('parks').where({ id: park.id }).update({ is_private: true });
    try {
      expect(body(await call('GET', '/api/v1/me/follows', token)).meta.counts.park).toBe(0);
    } finally {
      await ctx.db.knex('parks').where({ id: park.id }).update({ is_private: false });
    }
    expect(body(await call('GET', '/api/v1/me/follows', token)).meta.counts.park).toBe(1);
  });
});

describe('likes', () => {
  it('like twice = one like and like_count +1; unlike restores it', async () => {
    const { id: userId, token } = await user();
    const story = await publicStory(3);
    const before = await likeCount(story.id);

    const first = await call('POST', '/api/v1/me/likes', token, { story_id: story.id });
    expect(first.statusCode).toBe(201);
    expect(body(first).data).toEqual({ storyId: story.id, liked: true, likeCount: before + 1 });
    const second = await call('POST', '/api/v1/me/likes', token, { story_id: story.id });
    expect(second.statusCode).toBe(200);
    expect(body(second).data).toEqual({ storyId: story.id, liked: true, likeCount: before + 1 });
    expect(await likeCount(story.id)).toBe(before + 1);
    const rows = await ctx.db.knex('likes').where({ story_id: story.id, user_id: userId }).select('story_id');
    expect(rows).toHaveLength(1);

    const status = body(await call('GET', `/api/v1/me/likes/status?story_id=${story.id}`, token));
    expect(status.data).toEqual({ storyId: story.id, liked: true, likeCount: before + 1 });

    const liked = body(await call('GET', '/api/v1/me/likes', token)) as { data: LikedStory[]; meta: { total: number } };
    expect(liked.meta.total).toBe(1);
    expect(liked.data[0]).toMatchObject({ id: story.id, likeCount: before + 1 });
    expect(liked.data[0]?.likedAt).toBeDefined();

    const un = await call('DELETE', `/api/v1/me/likes/${story.id}`, token);
    expect(un.statusCode).toBe(200);
    expect(body(un).data).toEqual({ storyId: story.id, liked: false, likeCount: before });
    expect((await call('DELETE', `/api/v1/me/likes/${story.id}`, token)).statusCode).toBe(404);
    expect(await likeCount(story.id)).toBe(before);
    expect(body(await call('GET', '/api/v1/me/likes', token)).data).toEqual([]);
  });

  it('concurrent likes by one user count once; likes by two users count twice', async () => {
    const a = await user();
    const b = await user();
    const story = await publicStory(5);
    const before = await likeCount(story.id);
    const results = await Promise.all(
      Array.from({ length: 6 }, () => call('POST', '/api/v1/me/likes', a.token, { story_id: story.id })),
    );
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(results.every((r) => r.statusCode === 201 || r.statusCode === 200)).toBe(true);
    await call('POST', '/api/v1/me/likes', b.token, { story_id: story.id });
    expect(await likeCount(story.id)).toBe(before + 2);
    // The story page shows the new count.
    const shown = JSON.parse((await call('GET', `/api/v1/stories/${story.id}`)).payload) as { data: StoryDetail };
    expect(shown.data.likeCount).toBe(before + 2);
  });

  it('private or missing stories cannot be liked', async () => {
    const { token } = await user();
    const hidden = await ctx.db.knex('stories').where({ is_private: true }).first('id', 'like_count');
    expect((await call('POST', '/api/v1/me/likes', token, { story_id: hidden.id })).statusCode).toBe(404);
    expect(await likeCount(hidden.id)).toBe(Number(hidden.likeCount));
    expect((await call('POST', '/api/v1/me/likes', token, { story_id: 999999 })).statusCode).toBe(404);
    expect((await call('GET', '/api/v1/me/likes/status?story_id=999999', token)).statusCode).toBe(404);
    expect((await call('POST', '/api/v1/me/likes', token, { story_id: 'x' })).statusCode).toBe(400);
  });
});

describe('favourites', () => {
  it('keep items and ticket packs, list them with counts, remove them', async () => {
    const { token } = await user();
    const item = await ctx.db
      .knex('items')
      .where({ is_private: false })
      .whereIn('sale_label', [...LISTED_SALE_LABELS])
      .orderBy('id')
      .first('id', 'name_ja', 'name_en');
    const pack = await ctx.db
      .knex('ticket_packs')
      .where({ is_private: false })
      .whereIn('sale_label', [...LISTED_SALE_LABELS])
      .orderBy('id')
      .first('id', 'name_ja');

    const r1 = await call('POST', '/api/v1/me/favorites', token, { target_type: 'item', target_id: item.id });
    expect(r1.statusCode).toBe(201);
    expect(
      (await call('POST', '/api/v1/me/favorites', token, { target_type: 'item', target_id: item.id })).statusCode,
    ).toBe(200);
    expect(
      (await call('POST', '/api/v1/me/favorites', token, { target_type: 'ticket_pack', target_id: pack.id }))
        .statusCode,
    ).toBe(201);

    const list = body(await call('GET', '/api/v1/me/favorites', token)) as {
      data: FavoriteEntry[];
      meta: FavoriteListMeta;
    };
    expect(list.meta.counts).toEqual({ item: 1, ticketPack: 1, total: 2 });
    expect(list.data.map((f) => f.name)).toEqual([pack.nameJa, item.nameJa]);
    expect(list.data.every((f) => f.park.name !== '' && f.imageUrl !== '')).toBe(true);
    const en = body(await call('GET', '/api/v1/me/favorites?target_type=item', token, undefined, 'en'));
    expect(en.data).toHaveLength(1);
    expect(en.data[0].name).toBe(item.nameEn ?? item.nameJa);
    expect(en.meta.total).toBe(1);

    const status = body(await call('GET', `/api/v1/me/favorites/status?target_type=item&target_id=${item.id}`, token));
    expect(status.data.favorite).toBe(true);

    expect((await call('DELETE', `/api/v1/me/favorites/item/${item.id}`, token)).statusCode).toBe(200);
    expect((await call('DELETE', `/api/v1/me/favorites/item/${item.id}`, token)).statusCode).toBe(404);
    expect(body(await call('GET', '/api/v1/me/favorites', token)).meta.counts).toEqual({
      item: 0,
      ticketPack: 1,
      total: 1,
    });
  });

  it('refuses private, unlisted and missing targets', async () => {
    const { token } = await user();
    const hidden = await ctx.db.knex('items').where({ is_private: true }).first('id');
    if (hidden) {
      expect(
        (await call('POST', '/api/v1/me/favorites', token, { target_type: 'item', target_id: hidden.id })).statusCode,
      ).toBe(404);
    }
    expect(
      (await call('POST', '/api/v1/me/favorites', token, { target_type: 'ticket_pack', target_id: 999999 })).statusCode,
    ).toBe(404);
    const bad = await call('POST', '/api/v1/me/favorites', token, { target_type: 'story', target_id: 1 }, 'en');
    expect(bad.statusCode).toBe(400);
    expect(body(bad).meta.message).toBe('The value of target_type is invalid');
  });
});

describe('one user never sees or changes another user’s library', () => {
  it('lists, statuses and deletes are scoped to the caller', async () => {
    const a = await user();
    const b = await user();
    const park = await ctx.db.knex('parks').where({ is_private: false }).orderBy('id').first('id');
    const story = await publicStory(7);
    const item = await ctx.db
      .knex('items')
      .where({ is_private: false })
      .whereIn('sale_label', [...LISTED_SALE_LABELS])
      .orderBy('id')
      .first('id');
    await call('POST', '/api/v1/me/follows', a.token, { target_type: 'park', target_id: park.id });
    await call('POST', '/api/v1/me/likes', a.token, { story_id: story.id });
    await call('POST', '/api/v1/me/favorites', a.token, { target_type: 'item', target_id: item.id });
    const count = await likeCount(story.id);

    // B sees nothing of A's.
    expect(body(await call('GET', '/api/v1/me/follows', b.token)).meta.counts.total).toBe(0);
    expect(body(await call('GET', '/api/v1/me/likes', b.token)).data).toEqual([]);
    expect(body(await call('GET', '/api/v1/me/favorites', b.token)).meta.counts.total).toBe(0);
    expect(
      body(await call('GET', `/api/v1/me/follows/status?target_type=park&target_id=${park.id}`, b.token)).data
        .following,
    ).toBe(false);
    expect(body(await call('GET', `/api/v1/me/likes/status?story_id=${story.id}`, b.token)).data.liked).toBe(false);
    // A user id in the query or body is not a way in: the session decides.
    expect((await call('GET', `/api/v1/me/follows?user_id=${a.id}`, b.token)).statusCode).toBe(400);
    expect((await call('POST', '/api/v1/me/likes', b.token, { story_id: story.id, user_id: a.id })).statusCode).toBe(
      400,
    );

    // B cannot remove A's rows.
    expect((await call('DELETE', `/api/v1/me/follows/park/${park.id}`, b.token)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/v1/me/likes/${story.id}`, b.token)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/v1/me/favorites/item/${item.id}`, b.token)).statusCode).toBe(404);
    expect(await likeCount(story.id)).toBe(count);

    // A still has everything.
    expect(body(await call('GET', '/api/v1/me/follows', a.token)).meta.counts.total).toBe(1);
    expect(body(await call('GET', '/api/v1/me/likes', a.token)).meta.total).toBe(1);
    expect(body(await call('GET', '/api/v1/me/favorites', a.token)).meta.counts.total).toBe(1);
  });

  it('kids accounts may follow and like; deleting a user removes their library', async () => {
    const parent = await user();
    const kid = await user({ email: null, child_flag: 1, parent_id: parent.id });
    const story = await publicStory(9);
    const before = await likeCount(story.id);
    expect((await call('POST', '/api/v1/me/likes', kid.token, { story_id: story.id })).statusCode).toBe(201);
    const lt = await ctx.db.knex('living_things').orderBy('id').first('id');
    expect(
      (await call('POST', '/api/v1/me/follows', kid.token, { target_type: 'living_thing', target_id: lt.id }))
        .statusCode,
    ).toBe(201);
    await ctx.db.knex('users').where({ id: kid.id }).del();
    expect(await ctx.db.knex('likes').where({ user_id: kid.id }).first()).toBeUndefined();
    expect(await ctx.db.knex('follows').where({ user_id: kid.id }).first()).toBeUndefined();
    expect(await likeCount(story.id)).toBe(before + 1);
  });
});
