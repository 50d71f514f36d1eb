import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Article, ArticlePage, ArticleSummary } from '@taya/contracts';
import { calls, installFakeApi, ok, type RecordedRequest } from '../testing/fake-api';
import { statusWithFlags } from '../testing/auth-status';
import { identityRoutes } from '../testing/identity-fixtures';
import { renderApp } from '../testing/render-app';

const summary = (n: number): ArticleSummary => ({
  id: `id-${n}`,
  kind: 'news',
  slug: `item-${n}`,
  language: 'en',
  title: `News item ${n}`,
  coverImageUrl: '/articles/points-mall.svg',
  tags: n === 1 ? ['points', 'rewards'] : [],
  publishedAt: `2026-11-${String(20 - n).padStart(2, '0')}T08:00:00.000Z`,
});

const detail: Article = {
  ...summary(1),
  title: 'The points mall is open',
  bodyHtml:
    '<p>Spend points.</p><img src="x" onerror="alert(1)"><a href="javascript:alert(1)">bad</a>',
};

function setup(url: string) {
  const api = installFakeApi(
    statusWithFlags([]),
    identityRoutes({
      'GET /wps/articles': (request: RecordedRequest) => {
        const page = Number(request.query.get('page'));
        const body: ArticlePage =
          page === 1
            ? { list: [1, 2, 3, 4, 5, 6].map(summary), page: 1, size: 6, total: 8, hasMore: true }
            : { list: [7, 8].map(summary), page: 2, size: 6, total: 8, hasMore: false };
        return ok(body);
      },
      'GET /wps/articles/news/item-1': () => ok(detail),
    }),
  );
  const user = userEvent.setup();
  renderApp(url);
  return { ...api, user };
}

describe('news and blog (/news, /blog)', () => {
  it('lists the news with cover, title, date and tags, and loads more pages', async () => {
    const { requests, user } = setup('/news');
    const cards = await screen.findAllByTestId('article-card');
    expect(cards).toHaveLength(6);
    expect(within(cards[0]!).getByRole('link', { name: 'News item 1' }).getAttribute('href')).toBe(
      '/news/item-1',
    );
    expect(cards[0]!.querySelector('img')!.getAttribute('src')).toBe('/articles/points-mall.svg');
    expect(within(cards[0]!).getByText(/2026/).getAttribute('datetime')).toBe(
      '2026-11-19T08:00:00.000Z',
    );
    expect(within(cards[0]!).getByText('rewards')).toBeTruthy();
    const first = calls(requests, 'GET', '/wps/articles')[0]!;
    expect(first.query.get('kind')).toBe('news');
    expect(first.query.get('page')).toBe('1');
    expect(document.title).toContain('News');

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(screen.getAllByTestId('article-card')).toHaveLength(8));
    expect(calls(requests, 'GET', '/wps/articles')[1]!.query.get('page')).toBe('2');
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('shows one item with its sanitised body, title and a share button that copies the link', async () => {
    const { user } = setup('/news/item-1');
    const article = await screen.findByTestId('article-detail');
    expect(within(article).getByRole('heading', { name: 'The points mall is open' })).toBeTruthy();
    const body = screen.getByTestId('article-body');
    expect(body.textContent).toContain('Spend points.');
    expect(body.querySelector('img')).toBeNull();
    expect(body.querySelector('a')!.getAttribute('href')).toBeNull();
    expect(document.title).toContain('The points mall is open');

    await user.click(within(article).getByRole('button', { name: 'Share' }));
    await screen.findByRole('button', { name: 'Link copied' });
    expect(await navigator.clipboard.readText()).toBe(`${window.location.origin}/news/item-1`);
  });

  it('uses the Web Share API where the browser has one', async () => {
    const share = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'share', { value: share, configurable: true });
    try {
      const { user } = setup('/news/item-1');
      const article = await screen.findByTestId('article-detail');
      await user.click(within(article).getByRole('button', { name: 'Share' }));
      expect(share).toHaveBeenCalledWith({
        title: 'The points mall is open',
        url: `${window.location.origin}/news/item-1`,
      });
    } finally {
      delete (navigator as { share?: unknown }).share;
    }
  });

  it('says when an article does not exist', async () => {
    setup('/blog/no-such-post');
    expect(
      await screen.findByText('This article does not exist or is no longer published.'),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: '← All blog posts' }).getAttribute('href')).toBe(
      '/blog',
    );
  });
});
