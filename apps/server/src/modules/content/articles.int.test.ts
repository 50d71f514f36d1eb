import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, loginDemo, type TestContext } from '../../test/harness';

let t: TestContext;
let operator: string;
beforeAll(async () => {
  t = await createTestApp();
  operator = await t.login('operator');
});
afterAll(() => t.close());

interface Summary {
  slug: string;
  language: string;
  title: string;
  coverImageUrl: string | null;
  tags: string[];
  publishedAt: string;
}

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

const list = async (query: string, headers: Record<string, string> = {}) => {
  const res = await get(`/wps/articles?${query}`, headers);
  expect(res.statusCode).toBe(200);
  return res.json().value as {
    list: Summary[];
    page: number;
    size: number;
    total: number;
    hasMore: boolean;
  };
};

const save = (payload: object, token = operator) =>
  t.app.inject({
    method: 'POST',
    url: '/ops/articles',
    headers: { authorization: `Bearer ${token}` },
    payload: { reason: 'content test', ...payload },
  });

const article = (over: object) => ({
  merchantCode: 'TYPH',
  kind: 'news',
  slug: 'test-item',
  language: 'en',
  title: 'Test item',
  bodyHtml: '<p>Body</p>',
  status: 'published',
  ...over,
});

describe('blog and news', () => {
  it('lists the seeded articles newest first, page by page, in the asked language', async () => {
    const first = await list('kind=blog&language=en&size=2');
    expect(first).toMatchObject({ page: 1, size: 2, total: 3, hasMore: true });
    expect(first.list.map((a) => a.slug)).toEqual([
      'verify-an-e-lottery-draw',
      'turnover-requirements-explained',
    ]);
    expect(first.list[0]!.coverImageUrl).toBe('/articles/verifiable-draw.svg');
    const second = await list('kind=blog&language=en&size=2&page=2');
    expect(second).toMatchObject({ total: 3, hasMore: false });
    expect(second.list.map((a) => a.slug)).toEqual(['play-taya-fortune-responsibly']);

    const my = await list('kind=news&language=MY', { merchant: 'TYMM' });
    expect(my.total).toBe(3);
    expect(my.list[0]).toMatchObject({ language: 'my', title: 'တစ်နေ့ နှစ်ကြိမ် အနီရောင်စာအိတ်' });
    const tagged = await list('kind=news&language=en&tag=lottery');
    expect(tagged.list.map((a) => a.slug)).toEqual(['new-lottery-games']);
  });

  it('shows one article, in English when the language has none', async () => {
    const ty = await get('/wps/articles/blog/turnover-requirements-explained?language=ty');
    expect(ty.statusCode).toBe(200);
    expect(ty.json().value).toMatchObject({
      language: 'ty',
      title: 'Pag-unawa sa turnover requirement ng mga bonus',
    });
    const th = (await get('/wps/articles/blog/turnover-requirements-explained?language=th')).json()
      .value;
    expect(th.language).toBe('en');
    expect(th.bodyHtml).toContain('<h3>How it is counted</h3>');
    const missing = await get('/wps/articles/blog/no-such-post?language=en');
    expect(missing.statusCode).toBe(404);
    const badKind = await get('/wps/articles/diary/turnover-requirements-explained');
    expect(badKind.statusCode).toBe(400);
  });

  it('takes operator articles with the HTML sanitised, hides drafts and future ones', async () => {
    const created = await save(
      article({
        slug: 'sanitised',
        title: 'Sanitised',
        bodyHtml:
          '<p onclick="x()">Hello <a href="javascript:alert(1)">bad</a> <a href="/promotions">ok</a></p><script>alert(1)</script><img src=x onerror=alert(1)>',
        tags: ['site', 'site'],
      }),
    );
    expect(created.statusCode).toBe(200);
    const id = created.json().value.id as string;
    const shown = (await get('/wps/articles/news/sanitised')).json().value;
    expect(shown.bodyHtml).toBe('<p>Hello <a>bad</a> <a href="/promotions">ok</a></p>');
    expect(shown.tags).toEqual(['site']);

    // A draft and a future article stay hidden; the change to a draft hides it too.
    expect((await save(article({ slug: 'draft-item', status: 'draft' }))).statusCode).toBe(200);
    const future = new Date(Date.now() + 86_400_000).toISOString();
    expect((await save(article({ slug: 'future-item', publishedAt: future }))).statusCode).toBe(
      200,
    );
    expect((await get('/wps/articles/news/draft-item')).statusCode).toBe(404);
    expect((await get('/wps/articles/news/future-item')).statusCode).toBe(404);
    const news = await list('kind=news&language=en&size=50');
    expect(news.list.map((a) => a.slug)).toEqual([
      'sanitised',
      'red-envelope-windows',
      'new-lottery-games',
      'points-mall-opens',
    ]);
    const unpublished = await save(
      article({ id, slug: 'sanitised', title: 'Sanitised', status: 'draft' }),
    );
    expect(unpublished.statusCode).toBe(200);
    expect((await get('/wps/articles/news/sanitised')).statusCode).toBe(404);

    // The console sees every article of the merchant, drafts included.
    const ops = await t.app.inject({
      method: 'GET',
      url: '/ops/articles?merchantCode=TYPH',
      headers: { authorization: `Bearer ${operator}` },
    });
    const slugs = (ops.json().value.list as { slug: string; status: string }[]).map(
      (a) => `${a.slug}:${a.status}`,
    );
    expect(slugs).toEqual(expect.arrayContaining(['draft-item:draft', 'sanitised:draft']));
  });

  it("keeps each merchant's articles to itself", async () => {
    expect((await save(article({ slug: 'ph-only', title: 'PH only' }))).statusCode).toBe(200);
    expect((await get('/wps/articles/news/ph-only')).statusCode).toBe(200);
    expect((await get('/wps/articles/news/ph-only', { merchant: 'TYMM' })).statusCode).toBe(404);
    const mm = await list('kind=news&language=en&size=50', { merchant: 'TYMM' });
    expect(mm.list.map((a) => a.slug)).not.toContain('ph-only');
    // An operator cannot move an article to another merchant by its id.
    const ph = (await get('/wps/articles/news/ph-only')).json().value;
    const moved = await save(article({ id: ph.id, merchantCode: 'TYMM', slug: 'ph-only' }));
    expect(moved.statusCode).toBe(404);
  });

  it('refuses bad input and callers who are not operators, changing nothing', async () => {
    const before = await list('kind=news&language=en&size=50');
    const badSlug = await save(article({ slug: 'Not a slug' }));
    expect(badSlug.statusCode).toBe(400);
    expect(badSlug.json().fields[0].path).toBe('slug');
    const badCover = await save(article({ slug: 'x1', coverImageUrl: 'javascript:alert(1)' }));
    expect(badCover.statusCode).toBe(400);
    const onlyScript = await save(article({ slug: 'x2', bodyHtml: '<script>alert(1)</script>' }));
    expect(onlyScript.statusCode).toBe(400);
    expect(onlyScript.json().fields[0].path).toBe('bodyHtml');
    const taken = await save(article({ slug: 'points-mall-opens' }));
    expect(taken.statusCode).toBe(400);
    expect(taken.json().fields[0].path).toBe('slug');
    const badPage = await get('/wps/articles?kind=news&page=0');
    expect(badPage.statusCode).toBe(400);

    const member = await loginDemo(t.app, 'demo_member');
    expect((await save(article({ slug: 'x3' }), member.token)).statusCode).toBe(403);
    const visitor = await t.app.inject({
      method: 'POST',
      url: '/ops/articles',
      payload: article({ slug: 'x4' }),
    });
    expect(visitor.statusCode).toBe(401);
    expect((await get('/ops/articles?merchantCode=TYPH')).statusCode).toBe(401);
    expect(await list('kind=news&language=en&size=50')).toEqual(before);
  });
});
