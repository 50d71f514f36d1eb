import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/harness';

const statusUrl = '/wps/system/status';
const bannersUrl =
  '/wps/relay/MCSFE_getListAnnouncements?types=B&platform=W&execution=B&language=EN';

/** A built page as the web build writes it: a shell slot, and the plan of first calls. */
function fakeWebBuild(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'taya-first-answers-'));
  const plan = {
    language: 'EN',
    device: 'WEB',
    pages: { '/': [statusUrl, bannersUrl, '/wps/no-such-call'] },
    shells: {
      '/':
        '<main class="page-shell">' +
        '<img data-resolve class="home" src="/wps/content/banners/w_home/first-image" alt="" />' +
        '<img data-resolve class="none" src="/wps/content/banners/no_such_group/first-image" alt="" />' +
        '</main>',
    },
  };
  const shell =
    '<!doctype html><html><head></head><body><div id="root"><header></header><!--page-shell--></div>' +
    // As the build writes it: no `<` inside the script element.
    `<script type="application/json" id="first-answers-wanted">${JSON.stringify(plan).replace(/</g, '\\u003c')}</script>` +
    '</body></html>';
  writeFileSync(path.join(dir, 'index.html'), shell);
  return dir;
}

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ env: { WEB_DIST: fakeWebBuild() } });
});
afterAll(() => t.close());

const firstAnswers = (html: string) => {
  const match = /<script type="application\/json" id="first-answers">([^<]*)<\/script>/.exec(html);
  return match
    ? (JSON.parse(match[1]!) as {
        generatedAt: number;
        language: string;
        answers: Record<string, { success: boolean; value: unknown }>;
      })
    : null;
};

describe('first answers in the page', () => {
  it("writes a listed page's first answers into it, as the calls themselves answer them", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    const written = firstAnswers(res.body);
    expect(written).not.toBeNull();
    expect(written!.language).toBe('EN');
    expect(Math.abs(Date.now() - written!.generatedAt)).toBeLessThan(60_000);
    expect(Object.keys(written!.answers).sort()).toEqual([bannersUrl, statusUrl].sort());
    for (const url of [statusUrl, bannersUrl]) {
      const direct = await t.app.inject({ method: 'GET', url, headers: { language: 'EN' } });
      expect(written!.answers[url]).toEqual(direct.json());
    }
    // The plan itself is not sent; nothing of it is left in the page.
    expect(res.body).not.toContain('first-answers-wanted');
    expect(res.body).not.toContain('<!--');
  });

  it('points the shell picture at the first banner, and leaves out one with no picture', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    const banners = (
      await t.app.inject({ method: 'GET', url: bannersUrl, headers: { language: 'EN' } })
    ).json() as {
      value: { banners: { groupName: string; announcementImages: string[] }[] };
    };
    const first = banners.value.banners.find((b) => b.groupName === 'w_home')!;
    expect(first).toBeDefined();
    expect(res.body).toContain(`<img class="home" src="${first.announcementImages[0]}" alt="" />`);
    expect(res.body).not.toContain('class="none"');
    expect(res.body).not.toContain('data-resolve');
  });

  it('keeps text from the answers from closing the script element', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    const script = /id="first-answers">([^]*?)<\/script>/.exec(res.body)![1]!;
    expect(script).not.toMatch(/[<>]/);
  });

  it('sends the page compressed as the client accepts', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toMatch(/Accept-Encoding/i);
    const html = brotliDecompressSync(res.rawPayload).toString('utf8');
    expect(firstAnswers(html)?.answers[statusUrl]).toBeDefined();
  });

  it('sends other pages the shell as built', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/promotions' });
    expect(res.statusCode).toBe(200);
    expect(firstAnswers(res.body)).toBeNull();
    expect(res.body).not.toContain('page-shell"');
  });
});

describe('the first banner picture', () => {
  it("redirects to the group's first picture, and answers 404 for a group without one", async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/wps/content/banners/w_home/first-image',
    });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toMatch(/^\/banners\/|^https:\/\//);
    const none = await t.app.inject({
      method: 'GET',
      url: '/wps/content/banners/no_such_group/first-image',
    });
    expect(none.statusCode).toBe(404);
    expect(none.json()).toMatchObject({ success: false, errorCode: 'not_found' });
    const bad = await t.app.inject({
      method: 'GET',
      url: '/wps/content/banners/%3Cx%3E/first-image',
    });
    expect(bad.statusCode).toBe(404);
  });
});

describe("the page's own calls and the rate limit", () => {
  let limited: TestContext;
  beforeAll(async () => {
    limited = await createTestApp({
      env: { WEB_DIST: fakeWebBuild(), RATE_LIMIT_PER_MINUTE: '12' },
    });
  });
  afterAll(() => limited.close());

  it('counts a page once, not once for each call written into it', async () => {
    // Each page makes four calls to itself: counted, ten pages would be 40 requests.
    for (let i = 0; i < 10; i++) {
      const res = await limited.app.inject({ method: 'GET', url: '/', remoteAddress: '10.1.2.3' });
      expect(res.statusCode).toBe(200);
      expect(firstAnswers(res.body)?.answers[statusUrl]).toBeDefined();
    }
    // The address's own calls are still counted (twelve a minute here), and a made-up header
    // does not escape that.
    const calls = await Promise.all(
      Array.from({ length: 14 }, () =>
        limited.app.inject({
          method: 'GET',
          url: statusUrl,
          remoteAddress: '10.1.2.3',
          headers: { 'x-taya-page-call': 'f'.repeat(48) },
        }),
      ),
    );
    expect(calls.map((res) => res.statusCode)).toContain(429);
  });
});
