import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, loginDemo, type TestContext } from '../../test/harness';

let t: TestContext;
let operator: string;
beforeAll(async () => {
  t = await createTestApp();
  operator = await t.login('operator');
});
afterAll(() => t.close());

interface Article {
  id: string;
  title: string;
  content: string;
  lang: string;
  display: boolean;
  tag: string;
  children: Article[];
}

const helpCentre = async (query: string, headers: Record<string, string> = {}) => {
  const res = await t.app.inject({
    method: 'GET',
    url: `/wps/system/helpCenter?${query}`,
    headers,
  });
  expect(res.statusCode).toBe(200);
  return res.json().value as Article[];
};

const save = (payload: object, token = operator) =>
  t.app.inject({
    method: 'POST',
    url: '/ops/content/help-articles',
    headers: { authorization: `Bearer ${token}` },
    payload: { reason: 'content test', ...payload },
  });

describe('help centre', () => {
  it('serves every topic in order with the FAQ questions as children', async () => {
    const list = await helpCentre('lang=EN&device=WEB');
    expect(list.map((a) => a.tag)).toEqual([
      'aboutus',
      'deposit',
      'withdraw',
      'game',
      'faqs',
      'terms',
      'licence',
      'responsible',
    ]);
    const faqs = list.find((a) => a.tag === 'faqs')!;
    expect(faqs.children.length).toBeGreaterThanOrEqual(3);
    expect(faqs.children.length).toBeLessThanOrEqual(5);
    expect(faqs.children.every((c) => c.children.length === 0 && c.tag === 'faqs')).toBe(true);
    expect(list.filter((a) => a.tag !== 'faqs').every((a) => a.children.length === 0)).toBe(true);
    const terms = list.find((a) => a.tag === 'terms')!;
    expect(terms).toMatchObject({ title: 'Terms and conditions', lang: 'EN', display: true });
    expect(terms.content).toContain('18 years of age or older');
    expect(list.find((a) => a.tag === 'licence')!.content).not.toMatch(/\d{4,}/);
  });

  it('answers in the asked language, per merchant, and in English where a text is missing', async () => {
    const my = await helpCentre('lang=MY', { merchant: 'TYMM' });
    expect(my.find((a) => a.tag === 'terms')).toMatchObject({
      title: 'စည်းကမ်းနှင့် သတ်မှတ်ချက်များ',
      lang: 'MY',
    });
    const ty = await helpCentre('lang=TY');
    expect(ty.find((a) => a.tag === 'aboutus')!.title).toBe('Tungkol sa amin');

    const added = await save({
      merchantCode: 'TYPH',
      tag: 'game',
      title: { en: 'Only in English' },
      content: { en: '<p>English text</p>' },
      sort: 50,
    });
    expect(added.statusCode).toBe(200);
    const fallback = (await helpCentre('lang=TY')).find((a) => a.id === added.json().value.id);
    expect(fallback).toMatchObject({
      title: 'Only in English',
      content: '<p>English text</p>',
      lang: 'EN',
    });
    // A language nobody wrote falls back to English for every article.
    const vi = await helpCentre('lang=VI');
    expect(vi.every((a) => a.lang === 'EN')).toBe(true);
    // The other merchant does not see it.
    const mm = await helpCentre('lang=EN', { merchant: 'TYMM' });
    expect(mm.some((a) => a.id === added.json().value.id)).toBe(false);
  });

  it('stores only simple formatting: scripts, event attributes and javascript: links go', async () => {
    const html =
      '<p onclick="steal()">Hello <script>alert(1)</script><strong>bold</strong></p>' +
      '<a href="javascript:alert(1)">bad</a><a href="https://example.com/x" target="_blank">ok</a>' +
      '<a href="/help#term">terms</a><img src="x" onerror="alert(1)"><style>p{color:red}</style>' +
      '<h3 style="color:red">Title</h3><div>plain</div>';
    const res = await save({
      merchantCode: 'TYPH',
      tag: 'aboutus',
      title: { en: 'Sanitised', my: 'သန့်စင်ပြီး' },
      content: { en: html, my: '<p>မြန်မာ<iframe src="https://evil.example"></iframe></p>' },
      sort: 60,
    });
    expect(res.statusCode).toBe(200);
    const en = (await helpCentre('lang=EN')).find((a) => a.id === res.json().value.id)!;
    expect(en.content).toBe(
      '<p>Hello <strong>bold</strong></p><a>bad</a><a href="https://example.com/x">ok</a>' +
        '<a href="/help#term">terms</a><h3>Title</h3>plain',
    );
    expect(en.content).not.toMatch(/script|onclick|onerror|javascript:|style|img|target/i);
    const my = (await helpCentre('lang=MY')).find((a) => a.id === res.json().value.id)!;
    expect(my.content).toBe('<p>မြန်မာ</p>');
  });

  it('updates an article by id, nests questions one level only, and hides undisplayed ones', async () => {
    const topic = await save({
      merchantCode: 'TYPH',
      tag: 'deposit',
      title: { en: 'Topic' },
      content: { en: '<p>Topic</p>' },
      sort: 70,
    });
    const topicId = topic.json().value.id as string;
    const question = await save({
      merchantCode: 'TYPH',
      parentId: topicId,
      tag: 'deposit',
      title: { en: 'Question?' },
      content: { en: '<p>Answer</p>' },
    });
    expect(question.statusCode).toBe(200);
    const questionId = question.json().value.id as string;
    let found = (await helpCentre('lang=EN')).find((a) => a.id === topicId)!;
    expect(found.children.map((c) => c.title)).toEqual(['Question?']);

    const nested = await save({
      merchantCode: 'TYPH',
      parentId: questionId,
      tag: 'deposit',
      title: { en: 'Too deep' },
      content: { en: '<p>x</p>' },
    });
    expect(nested.statusCode).toBe(400);
    expect(nested.json().fields[0].path).toBe('parentId');

    const edited = await save({
      id: questionId,
      merchantCode: 'TYPH',
      parentId: topicId,
      tag: 'deposit',
      title: { en: 'Question, edited?' },
      content: { en: '<p>New answer</p>' },
      display: false,
    });
    expect(edited.json().value.id).toBe(questionId);
    found = (await helpCentre('lang=EN')).find((a) => a.id === topicId)!;
    expect(found.children).toEqual([]);

    const otherMerchant = await save({
      id: topicId,
      merchantCode: 'TYMM',
      tag: 'deposit',
      title: { en: 'Taken over' },
      content: { en: '<p>x</p>' },
    });
    expect(otherMerchant.statusCode).toBe(404);
    expect((await helpCentre('lang=EN')).find((a) => a.id === topicId)!.title).toBe('Topic');
  });

  it('refuses bad input by field and non-operators, changing nothing', async () => {
    const before = await helpCentre('lang=EN');
    const badTag = await save({
      merchantCode: 'TYPH',
      tag: 'casino',
      title: { en: 'x' },
      content: { en: '<p>x</p>' },
    });
    expect(badTag.statusCode).toBe(400);
    expect(badTag.json().fields[0].path).toBe('tag');
    const noEnglish = await save({
      merchantCode: 'TYPH',
      tag: 'faqs',
      title: { my: 'မေးခွန်း' },
      content: { en: '<p>x</p>' },
    });
    expect(noEnglish.statusCode).toBe(400);
    expect(noEnglish.json().fields[0].path).toContain('title');
    const onlyScript = await save({
      merchantCode: 'TYPH',
      tag: 'faqs',
      title: { en: 'Script only' },
      content: { en: '<script>alert(1)</script>' },
    });
    expect(onlyScript.statusCode).toBe(400);
    expect(onlyScript.json().fields[0].path).toBe('content.en');
    const unknownParent = await save({
      merchantCode: 'TYPH',
      parentId: '00000000-0000-4000-8000-000000000000',
      tag: 'faqs',
      title: { en: 'x' },
      content: { en: '<p>x</p>' },
    });
    expect(unknownParent.statusCode).toBe(400);
    expect(unknownParent.json().fields[0].path).toBe('parentId');
    const badDevice = await t.app.inject({
      method: 'GET',
      url: '/wps/system/helpCenter?lang=EN&device=TV',
    });
    expect(badDevice.statusCode).toBe(400);

    const member = await loginDemo(t.app, 'demo_member');
    const notAllowed = await save(
      { merchantCode: 'TYPH', tag: 'faqs', title: { en: 'x' }, content: { en: '<p>x</p>' } },
      member.token,
    );
    expect(notAllowed.statusCode).toBe(403);
    const visitor = await t.app.inject({
      method: 'POST',
      url: '/ops/content/help-articles',
      payload: { merchantCode: 'TYPH', tag: 'faqs', title: { en: 'x' }, content: { en: 'x' } },
    });
    expect(visitor.statusCode).toBe(401);
    expect(await helpCentre('lang=EN')).toEqual(before);
  });

  it('seeds the disclaimer flag switched off', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/wps/system/whitelabel' });
    const flag = (res.json().value as { modId: string; enabled: string }[]).find(
      (n) => n.modId === 'DISCLAIMER3',
    );
    expect(flag?.enabled).toBe('0');
  });
});
