import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { vendorLoadGapMs } from '../features/games/routes/game-list-centre';
import { startSession } from '../lib/session';
import {
  calls,
  fail,
  installFakeApi,
  ok,
  type FakeReply,
  type FakeRoutes,
} from '../testing/fake-api';
import { statusWithFlags } from '../testing/auth-status';
import {
  fortune,
  gameCardFixture,
  gameListRoute,
  gameRoutes,
  jackpotPool,
  slotOpenFixture,
  someGames,
  vendorLane,
  winner,
} from '../testing/game-fixtures';
import { identityRoutes } from '../testing/identity-fixtures';
import { renderApp } from '../testing/render-app';

/** "₱\u00a052,345.67" → 5234567n. */
function minorOf(text: string): bigint {
  return BigInt(text.replace(/[^\d]/g, ''));
}

function setup(
  url: string,
  routes: FakeRoutes = {},
  session: 'guest' | 'member' | 'trial' = 'guest',
) {
  const api = installFakeApi(statusWithFlags([]), identityRoutes(gameRoutes(routes)));
  if (session === 'member') startSession('token-alice', 0);
  if (session === 'trial') startSession('token-trial', 4);
  const user = userEvent.setup();
  renderApp(url);
  return { ...api, user };
}

/** A reply the test releases when it chooses, to look at the page while a call is under way. */
function deferred() {
  let release: (reply: FakeReply) => void = () => undefined;
  const reply = new Promise<FakeReply>((resolve) => {
    release = resolve;
  });
  return { reply, release };
}

describe('home page (SPEC §2)', () => {
  it('shows 7 of the hot games with More to /hot when there are more', async () => {
    setup('/', { 'GET /wps/relay/GCSGAME_hotGamesV2': () => ok({ list: someGames(12) }) });
    const hot = await screen.findByTestId('home-hot');
    await waitFor(() => expect(within(hot).getAllByTestId('game-card')).toHaveLength(7));
    const more = within(hot).getByRole('link', { name: 'More Hot games' });
    expect(more.getAttribute('href')).toBe('/hot');
    expect(within(hot).getByRole('button', { name: 'Play Game 7' })).toBeTruthy();
    expect(within(hot).queryByRole('button', { name: 'Play Game 8' })).toBeNull();
  });

  it('has no More when every hot game shows, and looks complete with one game and one vendor', async () => {
    setup('/');
    const hot = await screen.findByTestId('home-hot');
    await within(hot).findByRole('button', { name: 'Play Taya Fortune' });
    expect(within(hot).queryByRole('link', { name: /More/ })).toBeNull();
    // A generated tile (initials), since the game has no icon; "New" from the catalogue.
    expect(within(hot).getByText('TF')).toBeTruthy();
    expect(within(hot).getByText('New')).toBeTruthy();
    expect(within(hot).getByText('Taya Games')).toBeTruthy();

    // The RNG lane lists the vendor, which opens the slot list filtered to it.
    const slots = await screen.findByTestId('home-section-RNG');
    const vendor = within(slots).getByRole('link', { name: /Taya Games/ });
    expect(vendor.getAttribute('href')).toBe('/rng?vassalage=TAYA');
    expect(vendor.textContent).toContain('1 game');
    // Nothing else is on offer, so no other category section and no invented content.
    expect(screen.queryByTestId('home-section-LIVE')).toBeNull();
    expect(screen.queryByTestId('lobby-empty')).toBeNull();
  });

  it('shows a game’s own art when the catalogue gives it one, and initials when it fails to load', async () => {
    const art = '/art/games/v1/taya-fortune.svg';
    setup('/', {
      'GET /wps/relay/GCSGAME_hotGamesV2': () =>
        ok({ list: [gameCardFixture({ iconUrl: art, showIcon: art })] }),
    });
    const hot = await screen.findByTestId('home-hot');
    await within(hot).findByRole('button', { name: 'Play Taya Fortune' });
    const image = hot.querySelector('.game-card-art img');
    expect(image?.getAttribute('src')).toBe(art);
    expect(within(hot).queryByText('TF')).toBeNull();
    // A picture that fails to load gives way to the generated tile, never a broken image.
    act(() => {
      image!.dispatchEvent(new Event('error'));
    });
    expect(within(hot).getByText('TF')).toBeTruthy();
    expect(hot.querySelector('.game-card-art img')).toBeNull();
  });

  it('shows the winner board: three ranked, then 4 to 6 numbered', async () => {
    const list = [
      winner('al***ce', '25000'),
      winner('bo***ob', '12000.5'),
      winner('ca***ol', '9000'),
      winner('da***ve', '5000'),
      winner('ev***ve', '2500'),
      winner('fr***nk', '1200'),
      winner('gr***ce', '800'),
      winner('he***di', '500'),
    ];
    setup('/', { 'GET /wps/relay/GCSGAME_getRankList': () => ok({ list }) });
    const board = await screen.findByTestId('winner-board');
    const ranked = await within(board).findAllByTestId('winner-ranked');
    expect(ranked.map((item) => item.textContent)).toEqual([
      '11st placeal***ce₱\u00a025,000.00Taya Fortune',
      '22nd placebo***ob₱\u00a012,000.50Taya Fortune',
      '33rd placeca***ol₱\u00a09,000.00Taya Fortune',
    ]);
    const rows = within(board).getAllByTestId('winner-row');
    expect(rows.map((row) => row.textContent)).toEqual([
      '4da***veTaya Fortune₱\u00a05,000.00',
      '5ev***veTaya Fortune₱\u00a02,500.00',
      '6fr***nkTaya Fortune₱\u00a01,200.00',
    ]);
    expect(board.textContent).not.toContain('gr***ce');
  });

  it('shows the jackpot pool above the winner board, exactly as the server has it', async () => {
    const { requests } = setup('/', {
      'GET /wps/games/jackpot': () => ok({ pools: [jackpotPool()] }),
    });
    const jackpot = await screen.findByTestId('jackpot-counter');
    expect(within(jackpot).getByRole('heading', { level: 2 }).textContent).toBe(
      'Taya Grand Jackpot',
    );
    const value = within(jackpot).getByTestId('jackpot-value');
    expect(value.textContent).toBe('₱\u00a052,345.67');
    expect(value.getAttribute('data-value')).toBe('52345.67');
    expect(jackpot.textContent).toContain('1% of every bet on TAYA feeds the pool');
    expect(within(jackpot).getByTestId('jackpot-last-win').textContent).toMatch(
      /^Last won by de\*\*\*er · ₱\u00a061,234\.50 · \S.*2026/,
    );
    // Spec order: the jackpot, then the winner board.
    const board = screen.getByTestId('winner-board');
    expect(jackpot.compareDocumentPosition(board) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(calls(requests, 'GET', '/wps/games/jackpot')[0]?.query.get('language')).toBe('EN');
  });

  it('asks again every 5 s and counts the shown value up to the new one, ending exactly on it', async () => {
    vi.stubGlobal(
      'matchMedia',
      vi.fn((query: string) => ({ matches: false, media: query }) as unknown as MediaQueryList),
    );
    // The page's own clocks only; fetches and the test's waiting keep real time.
    vi.useFakeTimers({
      toFake: [
        'setInterval',
        'clearInterval',
        'requestAnimationFrame',
        'cancelAnimationFrame',
        'performance',
      ],
    });
    const values = ['52345.67', '52445.68'];
    const { requests } = setup('/', {
      'GET /wps/games/jackpot': () =>
        ok({ pools: [jackpotPool({ value: values.shift() ?? '52445.68' })] }),
    });
    const value = await screen.findByTestId('jackpot-value');
    expect(value.textContent).toBe('₱\u00a052,345.67');

    await act(() => vi.advanceTimersByTimeAsync(5_000));
    await waitFor(() => expect(value.getAttribute('data-value')).toBe('52445.68'));
    expect(calls(requests, 'GET', '/wps/games/jackpot')).toHaveLength(2);
    await act(() => vi.advanceTimersByTimeAsync(600));
    const midway = minorOf(value.textContent ?? '');
    expect(midway).toBeGreaterThan(52_345_67n);
    expect(midway).toBeLessThan(52_445_68n);
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(value.textContent).toBe('₱\u00a052,445.68');
  });

  it('leaves the jackpot out entirely when the merchant has no pool, or it fails', async () => {
    const { requests } = setup('/');
    await screen.findByTestId('winner-board');
    await waitFor(() => expect(calls(requests, 'GET', '/wps/games/jackpot')).toHaveLength(1));
    await screen.findByText('No big wins yet this week');
    expect(screen.queryByTestId('jackpot-counter')).toBeNull();
    expect(screen.queryByTestId('jackpot-value')).toBeNull();
  });

  it('shows a pool without a win yet with no last-win line', async () => {
    setup('/', {
      'GET /wps/games/jackpot': () =>
        ok({
          pools: [jackpotPool({ value: '0', lastWin: null, contributionPercent: '0.50' })],
        }),
    });
    const jackpot = await screen.findByTestId('jackpot-counter');
    expect(within(jackpot).getByTestId('jackpot-value').textContent).toBe('₱\u00a00.00');
    expect(jackpot.textContent).toContain('0.5% of every bet on TAYA feeds the pool');
    expect(within(jackpot).queryByTestId('jackpot-last-win')).toBeNull();
  });

  it('says honestly when nobody has won big this week', async () => {
    const { requests } = setup('/');
    expect(await screen.findByText('No big wins yet this week')).toBeTruthy();
    expect(screen.queryAllByTestId('winner-ranked')).toHaveLength(0);
    const rank = calls(requests, 'GET', '/wps/relay/GCSGAME_getRankList')[0];
    expect(rank?.query.get('gameCategory')).toBe('ALL');
    expect(rank?.query.get('limitNum')).toBe('20');
  });

  it('shows guests no Recent or Favorites and asks nothing about them', async () => {
    const { requests } = setup('/');
    await screen.findByTestId('home-hot');
    await screen.findByTestId('home-section-RNG');
    expect(screen.queryByTestId('home-recent')).toBeNull();
    expect(screen.queryByTestId('home-favorites')).toBeNull();
    expect(screen.queryByTestId('favourite-toggle')).toBeNull();
    expect(calls(requests, 'GET', '/wps/relay/GCS_recentGame')).toHaveLength(0);
    expect(calls(requests, 'GET', '/wps/relay/MCSFE_getFavoriteGames')).toHaveLength(0);
    expect(calls(requests, 'GET', '/wps/relay/MCSFE_getFavoriteGameIds')).toHaveLength(0);
  });

  it('shows a member Recent then Favorites before Hot, only when they have games', async () => {
    const played = someGames(2);
    setup(
      '/',
      {
        'GET /wps/relay/GCS_recentGame': () => ok({ list: played, page: 1, pageSize: 20 }),
        'GET /wps/relay/MCSFE_getFavoriteGames': () =>
          ok({ content: [fortune], pageNum: 1, totalPages: 1 }),
        'GET /wps/relay/MCSFE_getFavoriteGameIds': () => ok({ list: [fortune.nodeId] }),
      },
      'member',
    );
    const recent = await screen.findByTestId('home-recent');
    const favourites = await screen.findByTestId('home-favorites');
    const hot = screen.getByTestId('home-hot');
    expect(within(recent).getAllByTestId('game-card')).toHaveLength(2);
    expect(within(favourites).getByRole('button', { name: 'Play Taya Fortune' })).toBeTruthy();
    const order = [recent, favourites, hot];
    for (let i = 1; i < order.length; i++) {
      expect(
        order[i - 1]!.compareDocumentPosition(order[i]!) & Node.DOCUMENT_POSITION_FOLLOWING,
      ).toBeTruthy();
    }
  });

  it('leaves out an empty Recent and Favorites for a member', async () => {
    const { requests } = setup('/', {}, 'member');
    await screen.findByTestId('home-hot');
    await waitFor(() =>
      expect(calls(requests, 'GET', '/wps/relay/GCS_recentGame')).toHaveLength(1),
    );
    expect(screen.queryByTestId('home-recent')).toBeNull();
    expect(screen.queryByTestId('home-favorites')).toBeNull();
  });

  it('orders the categories and hides Fish, E-sports and Cockfight on HOME', async () => {
    const live = someGames(9, { gameType: 'LIVE', vassalage: 'EVO' });
    const fish = someGames(2, { gameType: 'FISH', vassalage: 'JDB' }).map((game, i) => ({
      ...game,
      nodeId: `F${i}`,
      gameName: `Fish ${i}`,
    }));
    const routes = {
      'GET /wps/relay/GCSGAME_gameVendor': () =>
        ok({
          data: {
            lanes: [
              vendorLane('RNG', [{ code: 'TAYA', name: 'Taya Games' }]),
              vendorLane('LIVE', [{ code: 'EVO', name: 'Evo Live', count: 9 }]),
              vendorLane('FISH', [{ code: 'JDB', name: 'JDB Fishing', count: 2 }]),
            ],
          },
        }),
      'GET /wps/relay/GCSGAME_gameList': gameListRoute([fortune, ...live, ...fish]),
    };
    const { requests } = setup('/', routes);
    const liveSection = await screen.findByTestId('home-section-LIVE');
    await waitFor(() => expect(within(liveSection).getAllByTestId('game-card')).toHaveLength(7));
    expect(
      within(liveSection).getByRole('link', { name: 'More Live casino' }).getAttribute('href'),
    ).toBe('/live');
    const slots = screen.getByTestId('home-section-RNG');
    expect(
      slots.compareDocumentPosition(liveSection) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
    expect(screen.queryByTestId('home-section-FISH')).toBeNull();
    expect(
      calls(requests, 'GET', '/wps/relay/GCSGAME_gameList').some(
        (request) => request.query.get('gameType') === 'FISH',
      ),
    ).toBe(false);
  });

  it('shows a chosen category alone, or says it has nothing yet', async () => {
    const fish = someGames(2, { gameType: 'FISH', vassalage: 'JDB' });
    setup('/?category=FISH', {
      'GET /wps/relay/GCSGAME_gameVendor': () =>
        ok({ data: { lanes: [vendorLane('FISH', [{ code: 'JDB', name: 'JDB Fishing' }])] } }),
      'GET /wps/relay/GCSGAME_gameList': gameListRoute(fish),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Fishing' })).toBeTruthy();
    const section = await screen.findByTestId('home-section-FISH');
    await waitFor(() => expect(within(section).getAllByTestId('game-card')).toHaveLength(2));
    expect(screen.queryByTestId('winner-board')).toBeNull();
  });

  it('says a category has no games yet instead of showing an empty page', async () => {
    setup('/?category=COCKFIGHT');
    expect(await screen.findByTestId('category-empty')).toBeTruthy();
    expect(screen.getByText('There are no Cockfight games on this site yet.')).toBeTruthy();
  });
});

describe('starting a game', () => {
  it('opens the log-in popup for a guest and does not launch', async () => {
    const { requests, user } = setup('/');
    const hot = await screen.findByTestId('home-hot');
    await user.click(await within(hot).findByRole('button', { name: 'Play Taya Fortune' }));
    expect(await screen.findByRole('dialog', { name: 'Log in' })).toBeTruthy();
    expect(window.location.pathname).toBe('/login');
    expect(calls(requests, 'GET', '/wps/game/launchGame')).toHaveLength(0);
  });

  it('launches for a member and goes to the game page in the same tab', async () => {
    const { requests, user } = setup(
      '/',
      {
        'GET /wps/game/launchGame': () =>
          ok({
            content: {
              game_url: '/seamless?vendor=TAYA&game=TAYA_FORTUNE&token=launch-token-0001',
            },
          }),
        'POST /taya-games/slot/open': () => ok(slotOpenFixture()),
      },
      'member',
    );
    const hot = await screen.findByTestId('home-hot');
    await user.click(await within(hot).findByRole('button', { name: 'Play Taya Fortune' }));
    expect(await screen.findByTestId('slot-machine')).toBeTruthy();
    const launch = calls(requests, 'GET', '/wps/game/launchGame')[0];
    expect(launch?.query.get('nodeId')).toBe('TAYAPH-TAYA-FORTUNE');
    expect(launch?.query.get('accountType')).toBe('1');
    expect(calls(requests, 'POST', '/taya-games/slot/open')[0]?.body).toEqual({
      token: 'launch-token-0001',
    });
    expect(window.location.pathname).toBe('/seamless');
    expect(window.location.search).toBe('?vendor=TAYA&game=TAYA_FORTUNE');
  });

  it('asks a trial player for a real account', async () => {
    const { requests, user } = setup('/', {}, 'trial');
    const hot = await screen.findByTestId('home-hot');
    await user.click(await within(hot).findByRole('button', { name: 'Play Taya Fortune' }));
    const dialog = await screen.findByRole('dialog', { name: 'Notice' });
    expect(dialog.textContent).toContain('Please register a real account to use this');
    expect(within(dialog).getByRole('link', { name: 'Register a real account' })).toBeTruthy();
    expect(calls(requests, 'GET', '/wps/game/launchGame')).toHaveLength(0);
    // Trial players have no favourites either.
    expect(screen.queryByTestId('favourite-toggle')).toBeNull();
  });

  it('says a game is under maintenance through the error catalogue', async () => {
    const { user } = setup(
      '/',
      { 'GET /wps/game/launchGame': () => fail(503, 'game_maintenance') },
      'member',
    );
    const hot = await screen.findByTestId('home-hot');
    await user.click(await within(hot).findByRole('button', { name: 'Play Taya Fortune' }));
    const dialog = await screen.findByRole('dialog', { name: 'Notice' });
    expect(within(dialog).getByTestId('game-notice').textContent).toBe(
      'This game is under maintenance, please try again later',
    );
    expect(window.location.pathname).toBe('/');
  });
});

describe('favourites (SPEC §4)', () => {
  it('fills the heart at once, then calls once for two clicks within a second', async () => {
    const pending = deferred();
    let ids: string[] = [];
    const { requests, user } = setup(
      '/',
      {
        'GET /wps/relay/MCSFE_getFavoriteGameIds': () => ok({ list: ids }),
        'POST /wps/relay/MCSFE_addFavoriteGame': async () => {
          const reply = await pending.reply;
          ids = [fortune.nodeId];
          return reply;
        },
        'DELETE /wps/relay/MCSFE_removeFavoriteGame': () => {
          ids = [];
          return ok({ nodeId: fortune.nodeId, favourite: false });
        },
      },
      'member',
    );
    const hot = await screen.findByTestId('home-hot');
    const heart = await within(hot).findByRole('button', { name: 'Favourite: Taya Fortune' });
    expect(heart.getAttribute('aria-pressed')).toBe('false');

    await user.click(heart);
    // Optimistic: pressed while the call is still under way.
    await waitFor(() => expect(heart.getAttribute('aria-pressed')).toBe('true'));
    expect(calls(requests, 'POST', '/wps/relay/MCSFE_addFavoriteGame')).toHaveLength(1);

    // A second click inside the second is dropped: no removal, no second call.
    await user.click(heart);
    expect(heart.getAttribute('aria-pressed')).toBe('true');
    expect(calls(requests, 'DELETE', '/wps/relay/MCSFE_removeFavoriteGame')).toHaveLength(0);
    expect(calls(requests, 'POST', '/wps/relay/MCSFE_addFavoriteGame')).toHaveLength(1);

    pending.release(ok({ nodeId: fortune.nodeId, favourite: true }));
    const add = calls(requests, 'POST', '/wps/relay/MCSFE_addFavoriteGame')[0];
    expect(add?.body).toEqual({ nodeId: fortune.nodeId, vendor: 'TAYA', gameType: 'RNG' });
    await waitFor(() =>
      expect(calls(requests, 'GET', '/wps/relay/MCSFE_getFavoriteGameIds').length).toBeGreaterThan(
        1,
      ),
    );
    expect(heart.getAttribute('aria-pressed')).toBe('true');

    // After the second has passed, the next click removes it.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await user.click(heart);
    await waitFor(() => expect(heart.getAttribute('aria-pressed')).toBe('false'));
    const remove = calls(requests, 'DELETE', '/wps/relay/MCSFE_removeFavoriteGame');
    expect(remove).toHaveLength(1);
    expect(remove[0]?.query.get('nodeId')).toBe(fortune.nodeId);
  });

  it('puts the heart back when the server refuses', async () => {
    const { user } = setup(
      '/',
      { 'POST /wps/relay/MCSFE_addFavoriteGame': () => fail(500, 'internal_error') },
      'member',
    );
    const hot = await screen.findByTestId('home-hot');
    const heart = await within(hot).findByRole('button', { name: 'Favourite: Taya Fortune' });
    await user.click(heart);
    const dialog = await screen.findByRole('dialog', { name: 'Notice' });
    expect(dialog.textContent).toContain('Something went wrong on our side');
    expect(heart.getAttribute('aria-pressed')).toBe('false');
  });

  it('lists favourites on /favorite and says so when there are none', async () => {
    setup('/favorite', {}, 'member');
    expect(await screen.findByTestId('favorite-empty')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Browse games' }).getAttribute('href')).toBe('/');
  });

  it('sends a guest from /recent to the log-in popup', async () => {
    setup('/recent');
    expect(await screen.findByRole('dialog', { name: 'Log in' })).toBeTruthy();
  });
});

describe('game list centres', () => {
  it('lists RNG games 10 a page for the vendor in the query', async () => {
    const { requests } = setup('/rng?vassalage=TAYA');
    const block = await screen.findByTestId('vendor-block');
    await within(block).findByRole('button', { name: 'Play Taya Fortune' });
    expect(within(block).getByRole('heading', { name: 'Taya Games' })).toBeTruthy();
    const list = calls(requests, 'GET', '/wps/relay/GCSGAME_gameList')[0];
    expect(list?.query.get('gameType')).toBe('RNG');
    expect(list?.query.get('vassalage')).toBe('TAYA');
    expect(list?.query.get('pageSize')).toBe('10');
  });

  it("loads each vendor's list 300 ms after the one before, 5 a page, and pages", async () => {
    const evo = someGames(7, { gameType: 'LIVE', vassalage: 'EVO' });
    const sexy = someGames(2, { gameType: 'LIVE', vassalage: 'SEXY' }).map((game, i) => ({
      ...game,
      nodeId: `S${i}`,
      gameName: `Sexy ${i}`,
    }));
    const listRoute = gameListRoute([...evo, ...sexy]);
    const askedAt: number[] = [];
    const { requests, user } = setup('/live', {
      'GET /wps/relay/GCSGAME_getVassGameType': () => ok({ content: { LIVE: ['EVO', 'SEXY'] } }),
      'GET /wps/relay/GCSGAME_gameList': (request) => {
        askedAt.push(Date.now());
        return listRoute(request);
      },
    });
    const blocks = await screen.findAllByTestId('vendor-block');
    expect(blocks).toHaveLength(2);
    await waitFor(() => expect(within(blocks[1]!).getAllByTestId('game-card')).toHaveLength(2));
    const lists = calls(requests, 'GET', '/wps/relay/GCSGAME_gameList');
    expect(lists.map((request) => request.query.get('vassalage'))).toEqual(['EVO', 'SEXY']);
    expect(lists.every((request) => request.query.get('pageSize') === '5')).toBe(true);
    // The second vendor waited for the first answer, then 300 ms more.
    expect(askedAt[1]! - askedAt[0]!).toBeGreaterThanOrEqual(vendorLoadGapMs - 5);

    const first = blocks[0]!;
    expect(within(first).getAllByTestId('game-card')).toHaveLength(5);
    expect(within(first).getByText('Page 1 of 2')).toBeTruthy();
    await user.click(within(first).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(within(first).getAllByTestId('game-card')).toHaveLength(2));
    expect(calls(requests, 'GET', '/wps/relay/GCSGAME_gameList').at(-1)?.query.get('pageNo')).toBe(
      '2',
    );
  });

  it('searches by name and filters by vendor', async () => {
    const { requests, user } = setup('/rng');
    await screen.findByTestId('vendor-block');
    await user.type(screen.getByRole('searchbox', { name: 'Search games' }), 'fort');
    await waitFor(() =>
      expect(
        calls(requests, 'GET', '/wps/relay/GCSGAME_gameList').some(
          (request) => request.query.get('gameName') === 'fort',
        ),
      ).toBe(true),
    );
    const vendors = screen.getByRole('group', { name: 'Vendor' });
    await user.click(within(vendors).getByRole('button', { name: 'Taya Games' }));
    expect(window.location.search).toBe('?vassalage=TAYA');
    expect(
      within(vendors).getByRole('button', { name: 'Taya Games' }).getAttribute('aria-pressed'),
    ).toBe('true');
  });

  it('says plainly when a category has no vendors', async () => {
    setup('/fish');
    expect(await screen.findByTestId('category-empty')).toBeTruthy();
    expect(screen.getByText('There are no Fishing games on this site yet.')).toBeTruthy();
  });

  it('shows a game centre or its honest empty state', async () => {
    setup('/sports');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sports' })).toBeTruthy();
    expect(await screen.findByTestId('category-empty')).toBeTruthy();
  });

  it('lists the hot games on /hot', async () => {
    setup('/hot', { 'GET /wps/relay/GCSGAME_hotGamesV2': () => ok({ list: someGames(12) }) });
    const list = await screen.findByTestId('hot-games');
    expect(within(list).getAllByTestId('game-card')).toHaveLength(5);
    expect(screen.getByText('Page 1 of 3')).toBeTruthy();
  });
});
