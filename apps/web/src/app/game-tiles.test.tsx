import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { startSession } from '../lib/session';
import { calls, installFakeApi, ok } from '../testing/fake-api';
import { statusWithFlags } from '../testing/auth-status';
import { fortune, gameCardFixture, gameRoutes, slotOpenFixture } from '../testing/game-fixtures';
import { identityRoutes } from '../testing/identity-fixtures';
import { renderApp } from '../testing/render-app';

/** House lottery tiles as the lobby serves them (vendor LOTT). */
const fastLottery = gameCardFixture({
  nodeId: 'TYPH-LOTT-ELOTT_1M',
  gameId: 'TYPH-LOTT-ELOTT_1M',
  gameCode: 'ELOTT_1M',
  gameName: 'Fast Lottery 1 Minute',
  vassalage: 'LOTT',
  gameType: 'ELOTT',
});
const vnNorth = gameCardFixture({
  nodeId: 'TYPH-LOTT-VN_NORTH',
  gameId: 'TYPH-LOTT-VN_NORTH',
  gameCode: 'VN_NORTH',
  gameName: 'Vietnam North Lottery',
  vassalage: 'LOTT',
  gameType: 'LOTT',
});

function setup(session: 'guest' | 'member' | 'trial') {
  const api = installFakeApi(
    statusWithFlags([]),
    identityRoutes(
      gameRoutes({
        'GET /wps/relay/GCSGAME_hotGamesV2': () => ok({ list: [fortune, fastLottery, vnNorth] }),
        'POST /taya-games/slot/demo/open': () =>
          ok({ ...slotOpenFixture('2000.00'), playerId: 'demo', currency: 'DEMO' }),
      }),
    ),
  );
  if (session === 'member') startSession('token-alice', 0);
  if (session === 'trial') startSession('token-trial', 4);
  const user = userEvent.setup();
  renderApp('/');
  return { ...api, user };
}

describe('game tiles', () => {
  it("opens a house lottery's own page, without a vendor launch", async () => {
    const { requests, user } = setup('member');
    const hot = await screen.findByTestId('home-hot');
    await user.click(
      await within(hot).findByRole('button', { name: 'Play Fast Lottery 1 Minute' }),
    );
    await waitFor(() => expect(window.location.pathname).toBe('/lottery'));
    expect(window.location.search).toBe('?gameCode=ELOTT_1M');
    expect(calls(requests, 'GET', '/wps/game/launchGame')).toHaveLength(0);
  });

  it('opens a Vietnamese draw on its lottery route', async () => {
    const { user } = setup('member');
    const hot = await screen.findByTestId('home-hot');
    await user.click(
      await within(hot).findByRole('button', { name: 'Play Vietnam North Lottery' }),
    );
    await waitFor(() => expect(window.location.pathname).toBe('/vnLottery'));
    expect(window.location.search).toBe('?gameCode=VN_NORTH');
  });

  it('lets a visitor play the house slot for free, marked as a demo; lotteries offer no demo', async () => {
    const { requests, user } = setup('guest');
    const hot = await screen.findByTestId('home-hot');
    await within(hot).findByRole('button', { name: 'Play Fast Lottery 1 Minute' });
    expect(within(hot).getAllByTestId('play-free')).toHaveLength(1);
    await user.click(within(hot).getByRole('button', { name: 'Taya Fortune: Play for free' }));
    await screen.findByTestId('slot-machine');
    expect(window.location.search).toBe('?vendor=TAYA&game=TAYA_FORTUNE&mode=demo');
    expect(screen.getByTestId('slot-demo-mark').textContent).toBe('DEMO');
    expect(calls(requests, 'POST', '/taya-games/slot/demo/open')[0]?.body).toEqual({
      gameCode: 'TAYA_FORTUNE',
    });
  });

  it('keeps the register notice for a trial player’s real play, and lets them play for free', async () => {
    const { user } = setup('trial');
    const hot = await screen.findByTestId('home-hot');
    await user.click(await within(hot).findByRole('button', { name: 'Play Taya Fortune' }));
    expect((await screen.findByTestId('game-notice')).textContent).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'OK' }));
    await user.click(within(hot).getByRole('button', { name: 'Taya Fortune: Play for free' }));
    await screen.findByTestId('slot-demo-mark');
  });
});
