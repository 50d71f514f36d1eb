import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { AnnouncementItem } from '@taya/contracts';
import { startSession } from '../lib/session';
import {
  calls,
  installFakeApi,
  ok,
  type FakeRoutes,
  type RecordedRequest,
} from '../testing/fake-api';
import { statusWithFlags } from '../testing/auth-status';
import { gameRoutes, jackpotPool } from '../testing/game-fixtures';
import { identityRoutes } from '../testing/identity-fixtures';
import { renderApp } from '../testing/render-app';

const noticesPath = '/wps/system/notices';
const announcementsPath = '/wps/relay/MCSFE_getListAnnouncements';
/** The banner requests (the site also asks the same endpoint for its session popups). */
const bannerCalls = (requests: RecordedRequest[]) =>
  calls(requests, 'GET', announcementsPath).filter((r) => r.query.get('types') === 'B');

function notice(id: string, title: string, marquee: boolean, content = '') {
  return { id, title, content, marquee, publishedAt: '2026-03-01T10:00:00.000Z' };
}

function banner(id: string, overrides: Partial<AnnouncementItem> = {}): AnnouncementItem {
  return {
    id,
    type: 'B',
    title: `Banner ${id}`,
    content: '',
    groupName: 'w_home',
    execution: 'B',
    promotionType: null,
    linkageType: 'NONE',
    url: null,
    announcementImages: [`https://cdn.example.com/banners/${id}.jpg`],
    publishedAt: '2026-03-01T10:00:00.000Z',
    ...overrides,
  };
}

function announcements(banners: AnnouncementItem[]) {
  return ok({ banners, player: [], popup: [], promotion: [], help: [] });
}

/** Motion allowed (jsdom has no matchMedia, which the app reads as "reduce motion"). */
function allowMotion() {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({ matches: false, media: query }) as unknown as MediaQueryList),
  );
}

function setup(routes: FakeRoutes = {}, session: 'guest' | 'member' = 'guest') {
  const api = installFakeApi(
    statusWithFlags([]),
    identityRoutes(
      gameRoutes({
        [`GET ${noticesPath}`]: () => ok({ list: [] }),
        [`GET ${announcementsPath}`]: () => announcements([]),
        ...routes,
      }),
    ),
  );
  if (session === 'member') startSession('token-alice', 0);
  const user = userEvent.setup();
  renderApp('/');
  return { ...api, user };
}

const tricky = '<img src=x onerror="alert(1)"> Big <b>weekend</b> & more';

describe('home notice marquee (SPEC §2)', () => {
  it('scrolls the marquee notices only, as text, and pauses on request', async () => {
    allowMotion();
    const { requests, user } = setup({
      [`GET ${noticesPath}`]: () =>
        ok({
          list: [
            notice('n1', 'Maintenance tonight', true, 'From 02:00 to 03:00'),
            notice('n2', 'Bell only', false),
            notice('n3', tricky, true),
          ],
        }),
    });
    const marquee = await screen.findByTestId('notice-marquee');
    expect(marquee.tagName).toBe('SECTION');
    expect(marquee.getAttribute('aria-label')).toBe('Notices');
    expect(calls(requests, 'GET', noticesPath)[0]?.query.get('language')).toBe('EN');

    // The list twice end to end for a seamless loop; readers get the first copy only.
    const lists = within(marquee).getAllByRole('list', { hidden: true });
    expect(lists).toHaveLength(2);
    expect(lists[1]?.getAttribute('aria-hidden')).toBe('true');
    const items = within(marquee).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Maintenance tonightFrom 02:00 to 03:00',
      tricky,
    ]);
    expect(marquee.textContent).not.toContain('Bell only');
    // HTML-like text stays text: nothing it names is built.
    expect(marquee.querySelector('img, b')).toBeNull();

    const track = within(marquee).getByTestId('notice-marquee-track');
    expect(Number.parseFloat(track.style.animationDuration)).toBeGreaterThanOrEqual(12);
    const pause = within(marquee).getByRole('button', { name: 'Pause the notices' });
    expect(pause.getAttribute('aria-pressed')).toBe('false');
    await user.click(pause);
    expect(pause.getAttribute('aria-pressed')).toBe('true');
    expect(track.classList.contains('is-paused')).toBe(true);
  });

  it('stands still with reduced motion: the first notice, and the rest on request', async () => {
    const { user } = setup({
      [`GET ${noticesPath}`]: () =>
        ok({ list: [notice('n1', 'First news', true), notice('n2', 'Second news', true)] }),
    });
    const marquee = await screen.findByTestId('notice-marquee');
    expect(within(marquee).queryByTestId('notice-marquee-track')).toBeNull();
    expect(
      within(marquee)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['First news']);
    const all = within(marquee).getByRole('button', { name: 'All notices (2)' });
    expect(all.getAttribute('aria-expanded')).toBe('false');
    await user.click(all);
    expect(
      within(marquee)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['First news', 'Second news']);
    expect(all.getAttribute('aria-expanded')).toBe('true');
  });
});

describe('home banners (SPEC §2, §9)', () => {
  it('shows neither marquee nor banners when there is nothing to show', async () => {
    const { requests } = setup({
      [`GET ${noticesPath}`]: () => ok({ list: [notice('n1', 'Bell only', false)] }),
      [`GET ${announcementsPath}`]: () =>
        announcements([banner('login', { groupName: 'w_login' })]),
      'GET /wps/games/jackpot': () => ok({ pools: [jackpotPool()] }),
    });
    await screen.findByTestId('jackpot-counter');
    await waitFor(() => expect(calls(requests, 'GET', noticesPath)).toHaveLength(1));
    await waitFor(() => expect(bannerCalls(requests)).toHaveLength(1));
    await screen.findByText('No big wins yet this week');
    expect(screen.queryByTestId('notice-marquee')).toBeNull();
    expect(screen.queryByTestId('home-banners')).toBeNull();
    expect(screen.queryByTestId('home-banner')).toBeNull();
  });

  it('lists the w_home banners in order above the jackpot, under the marquee', async () => {
    const { requests } = setup({
      [`GET ${noticesPath}`]: () => ok({ list: [notice('n1', 'Welcome', true)] }),
      [`GET ${announcementsPath}`]: () =>
        announcements([
          banner('b1', { title: 'Welcome bonus', linkageType: 'URL', url: '/promotions#welcome' }),
          banner('b2', {
            title: 'Partner site',
            linkageType: 'URL',
            url: 'https://partner.example/x',
          }),
          banner('b3', { title: 'Login only', groupName: 'w_login' }),
          banner('b4', {
            title: 'Weekly cashback',
            linkageType: 'PROMOTION',
            promotionType: 'cashback',
          }),
          banner('b5', { title: 'Plain picture', linkageType: 'NONE', url: 'https://x.example' }),
          banner('b6', { title: 'Script', linkageType: 'URL', url: 'javascript:alert(1)' }),
        ]),
      'GET /wps/games/jackpot': () => ok({ pools: [jackpotPool()] }),
    });
    const carousel = await screen.findByTestId('home-banners');
    const slides = within(carousel).getAllByTestId('home-banner');
    // Swiper's loop may move slides around in the DOM; its own index keeps the server's order.
    const ordered = [...slides].sort(
      (a, b) =>
        Number(a.getAttribute('data-swiper-slide-index') ?? slides.indexOf(a)) -
        Number(b.getAttribute('data-swiper-slide-index') ?? slides.indexOf(b)),
    );
    const images = ordered.map((slide) => within(slide).getByRole('img'));
    expect(images.map((image) => image.getAttribute('alt'))).toEqual([
      'Welcome bonus',
      'Partner site',
      'Weekly cashback',
      'Plain picture',
      'Script',
    ]);
    expect(images[0]?.getAttribute('src')).toBe('https://cdn.example.com/banners/b1.jpg');

    // URL on our site: a link in the app; another site: a new tab, without an opener.
    const welcome = within(carousel).getByRole('link', { name: 'Welcome bonus' });
    expect(welcome.getAttribute('href')).toBe('/promotions#welcome');
    expect(welcome.getAttribute('target')).toBeNull();
    const partner = within(carousel).getByRole('link', { name: /Partner site/ });
    expect(partner.getAttribute('href')).toBe('https://partner.example/x');
    expect(partner.getAttribute('target')).toBe('_blank');
    expect(partner.getAttribute('rel')).toContain('noopener');
    // PROMOTION: the promotions page at that promotion; NONE and unsafe addresses: no link.
    expect(
      within(carousel).getByRole('link', { name: 'Weekly cashback' }).getAttribute('href'),
    ).toBe('/promotions#cashback');
    expect(within(carousel).getAllByRole('link')).toHaveLength(3);

    // SPEC §2 order: marquee, banners, jackpot counter.
    const marquee = screen.getByTestId('notice-marquee');
    const jackpot = await screen.findByTestId('jackpot-counter');
    expect(
      marquee.compareDocumentPosition(carousel) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
    expect(
      carousel.compareDocumentPosition(jackpot) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();

    const asked = bannerCalls(requests)[0];
    expect(asked?.query.get('types')).toBe('B');
    expect(asked?.query.get('platform')).toBe('W');
    expect(asked?.query.get('execution')).toBe('B');
    expect(asked?.query.get('language')).toBe('EN');
    expect(asked?.headers.get('Authorization')).toBeNull();
  });

  it('opens an in-app banner link with the router', async () => {
    const { user } = setup({
      [`GET ${announcementsPath}`]: () =>
        announcements([banner('b1', { title: 'Hot games', linkageType: 'URL', url: '/hot' })]),
    });
    const carousel = await screen.findByTestId('home-banners');
    // One banner: no loop, no dots, no pause button.
    expect(within(carousel).queryByRole('button', { name: 'Pause the banners' })).toBeNull();
    await user.click(within(carousel).getByRole('link', { name: 'Hot games' }));
    await waitFor(() => expect(window.location.pathname).toBe('/hot'));
  });

  it('asks for the logged-in banners with the session, and starts a GAME banner like a card', async () => {
    const { requests, user } = setup(
      {
        [`GET ${announcementsPath}`]: () =>
          announcements([
            banner('g1', {
              title: 'Play Fortune',
              linkageType: 'GAME',
              url: 'TAYAPH-TAYA-FORTUNE',
            }),
          ]),
        'GET /wps/game/launchGame': () =>
          ok({ content: { game_url: '/seamless?vendor=TAYA&game=TAYA_FORTUNE&token=t-1' } }),
        'POST /taya-games/slot/open': () => ok({}),
      },
      'member',
    );
    const carousel = await screen.findByTestId('home-banners');
    const asked = bannerCalls(requests)[0];
    expect(asked?.query.get('execution')).toBe('A');
    expect(asked?.headers.get('Authorization')).toBe('Bearer token-alice');

    await user.click(within(carousel).getByRole('button', { name: 'Play Fortune' }));
    await waitFor(() => expect(calls(requests, 'GET', '/wps/game/launchGame')).toHaveLength(1));
    expect(calls(requests, 'GET', '/wps/game/launchGame')[0]?.query.get('nodeId')).toBe(
      'TAYAPH-TAYA-FORTUNE',
    );
    await waitFor(() => expect(window.location.pathname).toBe('/seamless'));
  });

  it('sends a guest who taps a GAME banner to log in first', async () => {
    const { requests, user } = setup({
      [`GET ${announcementsPath}`]: () =>
        announcements([
          banner('g1', { title: 'Play Fortune', linkageType: 'GAME', url: 'TAYAPH-TAYA-FORTUNE' }),
        ]),
    });
    const carousel = await screen.findByTestId('home-banners');
    await user.click(within(carousel).getByRole('button', { name: 'Play Fortune' }));
    expect(await screen.findByRole('dialog', { name: 'Log in' })).toBeTruthy();
    expect(calls(requests, 'GET', '/wps/game/launchGame')).toHaveLength(0);
  });

  it('turns by itself with several banners and can be paused', async () => {
    allowMotion();
    const { user } = setup({
      [`GET ${announcementsPath}`]: () => announcements([banner('b1'), banner('b2'), banner('b3')]),
    });
    const carousel = await screen.findByTestId('home-banners');
    const pause = within(carousel).getByRole('button', { name: 'Pause the banners' });
    expect(pause.getAttribute('aria-pressed')).toBe('false');
    await user.click(pause);
    expect(pause.getAttribute('aria-pressed')).toBe('true');
    // Dots for each banner, named for the slide they go to.
    expect(within(carousel).getByRole('button', { name: 'Go to slide 3' })).toBeTruthy();
  });
});
