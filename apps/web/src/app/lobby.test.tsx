import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { lobbySearchPageSize } from '../features/games/routes/lobby';
import { calls, fail, installFakeApi, ok, type FakeRoutes } from '../testing/fake-api';
import { statusWithFlags } from '../testing/auth-status';
import {
  fortune,
  gameCardFixture,
  gameListRoute,
  gameRoutes,
  someGames,
  vendorLane,
} from '../testing/game-fixtures';
import { identityRoutes } from '../testing/identity-fixtures';
import { renderApp } from '../testing/render-app';

const lanes = [
  vendorLane('LIVE', [{ code: 'EVO', name: 'Evolution', count: 12 }]),
  vendorLane('RNG', [
    { code: 'TAYA', name: 'Taya Games' },
    { code: 'PG', name: 'PG Soft', count: 80 },
  ]),
  vendorLane('SPORTS', [{ code: 'SABA', name: 'Saba Sports' }]),
  vendorLane('FISH', []),
];

const catalog = [
  fortune,
  gameCardFixture({ nodeId: 'EVO-BACC', gameName: 'Fortune Baccarat', gameType: 'LIVE' }),
  ...someGames(30, { vassalage: 'PG' }),
];

function setup(routes: FakeRoutes = {}) {
  const api = installFakeApi(
    statusWithFlags([]),
    identityRoutes(
      gameRoutes({
        'GET /wps/relay/GCSGAME_gameVendor': () => ok({ data: { lanes } }),
        'GET /wps/relay/GCSGAME_gameList': gameListRoute(catalog),
        ...routes,
      }),
    ),
  );
  const user = userEvent.setup();
  renderApp('/lobby');
  return { ...api, user };
}

describe('game lobby (/lobby)', () => {
  it('lists every category with its vendors, in the menu order, for a visitor', async () => {
    const { requests } = setup();
    const categories = await screen.findByTestId('lobby-categories');
    const headings = within(categories)
      .getAllByRole('heading', { level: 2 })
      .map((heading) => heading.textContent);
    // FISH has no vendors, so it is left out.
    expect(headings).toEqual(['Slots', 'Live casino', 'Sports']);
    expect(document.title).toContain('Game lobby');

    const slots = screen.getByTestId('lobby-category-RNG');
    expect(
      within(slots)
        .getByRole('link', { name: /PG Soft/ })
        .getAttribute('href'),
    ).toBe('/rng?vassalage=PG');
    expect(within(slots).getByRole('link', { name: /PG Soft/ }).textContent).toContain('80 games');
    const live = screen.getByTestId('lobby-category-LIVE');
    expect(
      within(live)
        .getByRole('link', { name: /Evolution/ })
        .getAttribute('href'),
    ).toBe('/live');
    const sports = screen.getByTestId('lobby-category-SPORTS');
    expect(
      within(sports)
        .getByRole('link', { name: /Saba Sports/ })
        .getAttribute('href'),
    ).toBe('/sports');
    // Nothing is searched until the player types.
    expect(calls(requests, 'GET', '/wps/relay/GCSGAME_gameList')).toHaveLength(0);

    const menu = within(screen.getByTestId('side-menu')).getByRole('link', {
      name: 'Game lobby',
    });
    expect(menu.getAttribute('href')).toBe('/lobby');
    expect(menu.getAttribute('aria-current')).toBe('page');
  });

  it('searches every category by name, counts the matches and pages with More', async () => {
    const { requests, user } = setup();
    await screen.findByTestId('lobby-categories');
    await user.type(screen.getByRole('searchbox', { name: 'Search games' }), 'fortune');

    const results = await screen.findByTestId('lobby-results');
    await waitFor(() => expect(within(results).getAllByTestId('game-card')).toHaveLength(2));
    expect(within(results).getByRole('button', { name: 'Play Taya Fortune' })).toBeTruthy();
    expect(within(results).getByRole('button', { name: 'Play Fortune Baccarat' })).toBeTruthy();
    expect(screen.getByTestId('lobby-match-count').textContent).toBe('2 games match');
    // One call for the settled text (debounced), across all categories.
    const sent = calls(requests, 'GET', '/wps/relay/GCSGAME_gameList');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.query.get('gameName')).toBe('fortune');
    expect(sent[0]!.query.get('gameType')).toBeNull();
    expect(screen.getByTestId('lobby-search').textContent).not.toContain('More');

    const box = screen.getByRole('searchbox', { name: 'Search games' });
    await user.clear(box);
    await user.type(box, 'game');
    await waitFor(() =>
      expect(screen.getByTestId('lobby-match-count').textContent).toBe('30 games match'),
    );
    expect(within(screen.getByTestId('lobby-results')).getAllByTestId('game-card')).toHaveLength(
      lobbySearchPageSize,
    );
    await user.click(
      within(screen.getByTestId('lobby-search')).getByRole('button', { name: 'More' }),
    );
    await waitFor(() =>
      expect(within(screen.getByTestId('lobby-results')).getAllByTestId('game-card')).toHaveLength(
        30,
      ),
    );
    expect(
      within(screen.getByTestId('lobby-search')).queryByRole('button', { name: 'More' }),
    ).toBeNull();

    // A guest starting a result gets the log-in popup, as on any game card.
    await user.click(screen.getByRole('button', { name: 'Play Game 30' }));
    expect(await screen.findByRole('dialog', { name: 'Log in' })).toBeTruthy();
  });

  it('says plainly when nothing matches', async () => {
    const { user } = setup();
    await screen.findByTestId('lobby-categories');
    await user.type(screen.getByRole('searchbox', { name: 'Search games' }), 'zzz');
    expect((await screen.findByTestId('lobby-no-match')).textContent).toBe('No games match “zzz”.');
    expect(screen.queryByTestId('lobby-match-count')).toBeNull();
  });

  it('says so when there are no games at all', async () => {
    setup({ 'GET /wps/relay/GCSGAME_gameVendor': () => ok({ data: { lanes: [] } }) });
    expect(await screen.findByTestId('lobby-page-empty')).toBeTruthy();
  });

  it('offers a retry when the vendors cannot be loaded', async () => {
    const { requests, user } = setup({
      'GET /wps/relay/GCSGAME_gameVendor': () => fail(500, 'internal_error'),
    });
    const problem = await screen.findByRole('alert');
    await user.click(within(problem).getByRole('button', { name: 'Retry' }));
    await waitFor(() =>
      expect(calls(requests, 'GET', '/wps/relay/GCSGAME_gameVendor').length).toBeGreaterThan(1),
    );
  });
});
