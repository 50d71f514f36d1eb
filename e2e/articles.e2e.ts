import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot } from './fixtures';
import { BrowserRun, expectNoSidewaysScroll } from './steps';

let run: BrowserRun;
beforeAll(async () => {
  run = await BrowserRun.start();
});
afterAll(() => run?.stop());

describe('blog and news', () => {
  it('lists the seeded news in Burmese on a phone and opens one item', async () => {
    const page = await run.open('phone', { theme: 'dark', language: 'MY' });
    await page.goto(`${run.taya.url}/news`);
    const cards = page.getByTestId('article-card');
    await cards.first().waitFor();
    expect(await cards.count()).toBe(3);
    expect(await cards.first().innerText()).toContain('တစ်နေ့ နှစ်ကြိမ် အနီရောင်စာအိတ်');
    await expectNoSidewaysScroll(page);
    await screenshot(page, 'news-list-phone-my-dark');

    await cards.first().getByRole('link').click();
    await page.getByTestId('article-body').waitFor();
    expect(new URL(page.url()).pathname).toBe('/news/red-envelope-windows');
    expect(await page.getByTestId('article-body').innerText()).toContain('12:00');
    await expectNoSidewaysScroll(page);
    await screenshot(page, 'news-item-phone-my-dark');
  });

  it('opens a blog post by its address on a desktop', async () => {
    const page = await run.open('desktop', { theme: 'light', language: 'EN' });
    await page.goto(`${run.taya.url}/blog/verify-an-e-lottery-draw`);
    const detail = page.getByTestId('article-detail');
    await detail.waitFor();
    expect(await page.title()).toContain("How the e-lottery's commit–reveal draw can be verified");
    expect(
      await detail
        .locator('img')
        .first()
        .evaluate((img: HTMLImageElement) => img.naturalWidth),
    ).toBeGreaterThan(0);
    await screenshot(page, 'blog-post-desktop-en');
    await page.goto(`${run.taya.url}/blog`);
    await page.getByTestId('article-card').first().waitFor();
    expect(await page.getByTestId('article-card').count()).toBe(3);
    await screenshot(page, 'blog-list-desktop-en');
  });
});
