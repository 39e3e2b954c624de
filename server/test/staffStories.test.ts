// The back office's stories: editors of a park write drafts (ja required, en optional), preview them at the
// private link, publish now or schedule, unpublish, delete; editors of another park, scanners and finance staff
// cannot read or change them; the public sees a story only once it is published; followers are told by the
// notifyNewStories sweep; every change is in the park's audit trail.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaffAuditEntry, StaffStory } from '../../common/dto/staff';
import { notifyNewStories } from '../features/notifications/services/notifyNewStories';
import { body, commerce } from './commerceFixtures';
import { createTestServer, type TestContext } from './testServer';

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
const draft = { title_ja: 'ペンギンの赤ちゃん誕生', body_ja: '今朝、ペンギンの赤ちゃんが生まれました。\n元気です。' };

describe('stories in the back office', () => {
  it('an editor writes a draft, previews it, publishes it; the public sees it only then', async () => {
    const editor = await staff(parkA, 'editor');
    const created = await c.call('POST', `/api/v1/staff/parks/${parkA}/stories`, editor, draft);
    expect(created.statusCode, created.payload).toBe(201);
    const story = body(created).data as StaffStory;
    expect(story).toMatchObject({
      parkId: parkA,
      status: 'draft',
      titleJa: draft.title_ja,
      titleEn: null,
      publishedAt: null,
    });
    expect(story.previewPath).toMatch(/^\/private\/story\/[0-9a-f-]{36}$/);
    const linkId = story.previewPath.split('/').at(-1);

    // Not public: not by id, not in the park's list, not by link for visitors; the editor previews it.
    expect((await c.call('GET', `/api/v1/stories/${story.id}`)).statusCode).toBe(404);
    const list = body(await c.call('GET', `/api/v1/stories?park_id=${parkA}&per_page=50`)).data as { id: number }[];
    expect(list.map((s) => s.id)).not.toContain(story.id);
    expect((await c.call('GET', `/api/v1/private/stories/${linkId}`)).statusCode).toBe(404);
    expect((await c.call('GET', `/api/v1/private/stories/${linkId}`, await c.user())).statusCode).toBe(404);
    expect((await c.call('GET', `/api/v1/private/stories/${linkId}`, await staff(parkB, 'editor'))).statusCode).toBe(
      404,
    );
    const preview = await c.call('GET', `/api/v1/private/stories/${linkId}`, editor);
    expect(preview.statusCode, preview.payload).toBe(200);
    expect(body(preview).data).toMatchObject({ id: story.id, title: draft.title_ja, previewStatus: 'draft' });
    expect(preview.headers['cache-control']).toContain('no-store');

    // English added; the English reader gets it, the Japanese one the Japanese.
    const edited = await c.call('PUT', `/api/v1/staff/parks/${parkA}/stories/${story.id}`, editor, {
      ...draft,
      title_en: 'A penguin chick is born',
      body_en: 'A penguin chick hatched this morning.',
    });
    expect(edited.statusCode, edited.payload).toBe(200);

    const published = await c.call('POST', `/api/v1/staff/parks/${parkA}/stories/${story.id}/publish`, editor);
    expect(published.statusCode, published.payload).toBe(200);
    expect(body(published).data).toMatchObject({ status: 'published' });
    const row = await c.knex()('stories').where({ id: story.id }).first('announced_at', 'published_at');
    expect(row.announcedAt).toBeNull();
    expect(Date.now() - new Date(row.publishedAt).getTime()).toBeLessThan(60_000);
    const en = await c.call('GET', `/api/v1/stories/${story.id}`, { lang: 'en' });
    expect(en.statusCode).toBe(200);
    expect(body(en).data.title).toBe('A penguin chick is born');
    const after = body(await c.call('GET', `/api/v1/stories?park_id=${parkA}&per_page=50`)).data as { id: number }[];
    expect(after.map((s) => s.id)).toContain(story.id);
    // Published twice: answered as it is.
    const again = await c.call('POST', `/api/v1/staff/parks/${parkA}/stories/${story.id}/publish`, editor);
    expect(body(again).data.publishedAt).toBe(body(published).data.publishedAt);

    // The sweep tells the park's followers once.
    const follower = await c.user();
    await c.knex()('follows').insert({ user_id: follower.id, target_type: 'park', target_id: parkA });
    await notifyNewStories(c.knex(), new Date());
    const inbox = await c.knex()('notifications').where({ user_id: follower.id }).select('navigate', 'kind');
    expect(inbox).toContainEqual({ navigate: `/story/${story.id}`, kind: 'newStory' });

    // Unpublished: gone from the public again; can be deleted then.
    const down = await c.call('POST', `/api/v1/staff/parks/${parkA}/stories/${story.id}/unpublish`, editor);
    expect(body(down).data.status).toBe('unpublished');
    expect((await c.call('GET', `/api/v1/stories/${story.id}`)).statusCode).toBe(404);
    expect((await c.call('DELETE', `/api/v1/staff/parks/${parkA}/stories/${story.id}`, editor)).statusCode).toBe(204);
    expect(await c.knex()('stories').where({ id: story.id })).toHaveLength(0);

    const owner = await staff(parkA, 'owner');
    const trail = body(await c.call('GET', `/api/v1/staff/parks/${parkA}/audit?entity=story&limit=200`, owner))
      .data as StaffAuditEntry[];
    const mine = trail.filter((e) => e.entityId === String(story.id)).map((e) => e.action);
    expect(mine).toEqual(['delete', 'unpublish', 'publish', 'update', 'create']);
    const update = trail.find((e) => e.entityId === String(story.id) && e.action === 'update');
    expect(update?.before).toMatchObject({ titleEn: null });
    expect(update?.after).toMatchObject({ titleEn: 'A penguin chick is born' });
  });

  it('a scheduled story stays hidden until its time; a live one cannot be deleted; a time in the past is refused', async () => {
    const editor = await staff(parkA, 'editor');
    const story = body(await c.call('POST', `/api/v1/staff/parks/${parkA}/stories`, editor, draft)).data as StaffStory;
    const url = `/api/v1/staff/parks/${parkA}/stories/${story.id}`;
    const past = await c.call('POST', `${url}/publish`, editor, {
      publish_at: new Date(Date.now() - 60_000).toISOString(),
    });
    expect(past.statusCode).toBe(400);
    expect(body(past).meta.code).toBe('storyPublishAtPast');
    const at = new Date(Date.now() + 3_600_000).toISOString();
    const scheduled = await c.call('POST', `${url}/publish`, editor, { publish_at: at });
    expect(body(scheduled).data).toMatchObject({ status: 'scheduled', publishedAt: at });
    expect((await c.call('GET', `/api/v1/stories/${story.id}`)).statusCode).toBe(404);
    const listed = body(await c.call('GET', `/api/v1/staff/parks/${parkA}/stories?status=scheduled`, editor))
      .data as StaffStory[];
    expect(listed.map((s) => s.id)).toContain(story.id);
    const del = await c.call('DELETE', url, editor);
    expect(del.statusCode).toBe(409);
    expect(body(del).meta.code).toBe('storyLive');
    // Its time comes: public.
    await c
      .knex()('stories')
      .where({ id: story.id })
      .update({ published_at: new Date(Date.now() - 1000) });
    expect((await c.call('GET', `/api/v1/stories/${story.id}`)).statusCode).toBe(200);
  });

  it('other parks’ editors, scanners and finance staff cannot read or change a park’s stories', async () => {
    const editor = await staff(parkA, 'editor');
    const story = body(await c.call('POST', `/api/v1/staff/parks/${parkA}/stories`, editor, draft)).data as StaffStory;
    const editorB = await staff(parkB, 'editor');
    const scannerA = await staff(parkA, 'scanner');
    const financeA = await staff(parkA, 'finance');
    const routes: [string, string, object?][] = [
      ['GET', `/api/v1/staff/parks/${parkA}/stories`],
      ['POST', `/api/v1/staff/parks/${parkA}/stories`, draft],
      ['GET', `/api/v1/staff/parks/${parkA}/stories/${story.id}`],
      ['PUT', `/api/v1/staff/parks/${parkA}/stories/${story.id}`, { ...draft, title_ja: '乗っ取り' }],
      ['POST', `/api/v1/staff/parks/${parkA}/stories/${story.id}/publish`],
      ['POST', `/api/v1/staff/parks/${parkA}/stories/${story.id}/unpublish`],
      ['DELETE', `/api/v1/staff/parks/${parkA}/stories/${story.id}`],
    ];
    for (const who of [editorB, scannerA, financeA]) {
      for (const [method, url, payload] of routes) {
        const res = await c.call(method, url, who, payload);
        expect(res.statusCode, `${method} ${url}`).toBe(403);
        expect(body(res).meta.code).toBe('notParkStaff');
      }
    }
    // Park B's editor naming park B with park A's story id: not found, and nothing changed.
    for (const [method, url, payload] of routes.slice(2)) {
      const res = await c.call(method, url.replace(`/parks/${parkA}/`, `/parks/${parkB}/`), editorB, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    const row = await c.knex()('stories').where({ id: story.id }).first('title_ja', 'status');
    expect(row).toEqual({ titleJa: draft.title_ja, status: 'draft' });
    // An owner may.
    const owner = await staff(parkA, 'owner');
    expect((await c.call('GET', `/api/v1/staff/parks/${parkA}/stories/${story.id}`, owner)).statusCode).toBe(200);
  });

  it('bad input names the field and changes nothing', async () => {
    const editor = await staff(parkA, 'editor');
    const before = await c.knex()('stories').count({ n: '*' }).first();
    const cases: [object, RegExp][] = [
      [{ body_ja: '本文' }, /title_ja/],
      [{ title_ja: '題', body_ja: '   ' }, /body_ja/],
      [{ ...draft, title_ja: 'x'.repeat(121) }, /title_ja/],
      [{ ...draft, park_user_id: 2_000_000_000 }, /park_user_id/],
    ];
    for (const [payload, field] of cases) {
      const res = await c.call('POST', `/api/v1/staff/parks/${parkA}/stories`, editor, payload);
      expect(res.statusCode, res.payload).toBe(400);
      expect(body(res).meta.message).toMatch(field);
    }
    const after = await c.knex()('stories').count({ n: '*' }).first();
    expect(Number(after?.n)).toBe(Number(before?.n));
  });
});
