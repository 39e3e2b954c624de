import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContentPage } from '../../common/dto/page';
import { createTestServer, type TestContext } from './testServer';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestServer();
});
afterAll(async () => {
  await ctx?.close();
});

type Res = Awaited<ReturnType<TestContext['server']['inject']>>;
const json = <T>(res: Res) => JSON.parse(res.payload) as T;
const get = (url: string, headers: Record<string, string> = {}) =>
  ctx.server.inject({ method: 'GET', url, headers: { 'accept-language': 'ja', ...headers } });

describe('GET /api/v1/pages/{slug}', () => {
  it('serves every seeded page in Japanese and English', async () => {
    const expected: Record<string, { ja: string; en: string }> = {
      about: { ja: 'このサービスについて', en: 'About this service' },
      corporations: { ja: '施設・法人の方へ', en: 'For parks and companies' },
      'user-guide': { ja: 'ご利用ガイド', en: 'User guide' },
      terms: { ja: '利用規約', en: 'Terms of Use' },
      privacy: { ja: 'プライバシーポリシー', en: 'Privacy Policy' },
      faq: { ja: 'よくある質問', en: 'Frequently asked questions' },
    };
    for (const [slug, title] of Object.entries(expected)) {
      const ja = await get(`/api/v1/pages/${slug}`);
      expect(ja.statusCode, slug).toBe(200);
      const page = json<{ data: ContentPage }>(ja).data;
      expect(page).toMatchObject({ slug, title: title.ja });
      expect(page.body.length).toBeGreaterThan(100);
      expect(Number.isNaN(Date.parse(page.updatedAt))).toBe(false);
      const en = json<{ data: ContentPage }>(await get(`/api/v1/pages/${slug}`, { 'accept-language': 'en' })).data;
      expect(en.title).toBe(title.en);
      expect(en.body).not.toBe(page.body);
    }
  });

  it('the user guide covers buying, offline e-tickets, sharing and cancelling', async () => {
    const { data } = json<{ data: ContentPage }>(await get('/api/v1/pages/user-guide', { 'accept-language': 'en' }));
    for (const word of ['pay', 'offline', 'Share', 'Cancel']) expect(data.body).toContain(word);
    const ja = json<{ data: ContentPage }>(await get('/api/v1/pages/corporations')).data;
    expect(ja.body).toContain('導入の流れ');
  });

  it('falls back to Japanese when a page has no English', async () => {
    await ctx.db.knex('pages').insert({ slug: 'ja-only', title_ja: 'お知らせ', body_ja: '本文です。' });
    const { data } = json<{ data: ContentPage }>(await get('/api/v1/pages/ja-only', { 'accept-language': 'en' }));
    expect(data).toMatchObject({ title: 'お知らせ', body: '本文です。' });
  });

  it('is 404 for an unknown slug and 400 for a malformed one, localised', async () => {
    const missing = await get('/api/v1/pages/nothing-here', { 'accept-language': 'en' });
    expect(missing.statusCode).toBe(404);
    expect(json<{ meta: { message: string } }>(missing).meta.message).toBe('Data does not exist');
    const bad = await get('/api/v1/pages/Bad_Slug');
    expect(bad.statusCode).toBe(400);
    expect(json(bad)).toEqual({
      data: null,
      meta: { status: 400, code: 'invalidParam', message: 'slugの値が正しくありません' },
    });
  });

  it('sends ETag and Cache-Control and answers 304 on a match', async () => {
    const first = await get('/api/v1/pages/terms');
    expect(first.headers['cache-control']).toMatch(/^public, max-age=\d+/);
    const etag = first.headers.etag as string;
    expect((await get('/api/v1/pages/terms', { 'if-none-match': etag })).statusCode).toBe(304);
    const en = await get('/api/v1/pages/terms', { 'accept-language': 'en' });
    expect(en.headers.etag).not.toBe(etag);
  });
});
