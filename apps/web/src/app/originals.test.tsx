import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { OriginalBet, OriginalInfo, OriginalRound } from '@taya/contracts';
import { startSession } from '../lib/session';
import { calls, installFakeApi, ok, type FakeRoutes } from '../testing/fake-api';
import { statusWithFlags } from '../testing/auth-status';
import { gameCardFixture, gameRoutes } from '../testing/game-fixtures';
import { identityRoutes } from '../testing/identity-fixtures';
import { renderApp } from '../testing/render-app';

const hash = 'ec4916dd28fc4c10d78e287ca5d9cc51ee1ae73cbfde08c6b37324cbfaac8bc5';
const seed = `${'0'.repeat(63)}1`;

const info = (game: 'dice' | 'limbo'): OriginalInfo => ({
  game,
  gameCode: game === 'dice' ? 'TAYA_DICE' : 'TAYA_LIMBO',
  engine: `taya-${game}@1`,
  // Dice's exact return at the usual 99 %: 9,900 ÷ 10,001.
  rtp: game === 'dice' ? '98.99' : '99.00',
  rtpBps: 9900,
  currency: 'TLB',
  minBet: '1.00',
  maxBet: '500.00',
  maxProfit: '10000.00',
  maintenance: false,
});

function diceBet(
  amount: string,
  params: Record<string, unknown>,
  roll: string,
  payout: string,
  balance: string,
  extra: Partial<OriginalRound> = {},
): OriginalBet {
  return {
    roundId: `r-${roll}`,
    game: 'dice',
    amount,
    payout,
    multiplier: payout === '0.00' ? '0.0000' : '1.9800',
    win: payout !== '0.00',
    outcome: { roll, win: payout !== '0.00' },
    params,
    seed: { serverSeedHash: hash, clientSeed: 'taya', nonce: 1, serverSeed: null },
    engine: 'taya-dice@1',
    at: '2026-11-28T01:00:00.000Z',
    balance,
    currency: 'TLB',
    ...extra,
  };
}

function setup(session: 'guest' | 'member', url: string, routes: FakeRoutes = {}) {
  const api = installFakeApi(
    statusWithFlags([]),
    identityRoutes(
      gameRoutes({
        'GET /originals/dice': () => ok(info('dice')),
        'GET /originals/limbo': () => ok(info('limbo')),
        'GET /originals/dice/history': () => ok({ list: [] }),
        'GET /originals/dice/seeds': () =>
          ok({ current: { serverSeedHash: hash, clientSeed: 'taya', nonce: 1 }, previous: null }),
        ...routes,
      }),
    ),
  );
  if (session === 'member') startSession('token-alice', 0);
  const user = userEvent.setup();
  renderApp(url);
  return { ...api, user };
}

describe('the dice page (/house/dice)', () => {
  it('keeps win chance, multiplier, target and payout in step, whichever is edited', async () => {
    const { user } = setup('guest', '/house/dice');
    await screen.findByTestId('original-game');
    const chance = screen.getByTestId('dice-chance') as HTMLInputElement;
    const multiplier = screen.getByTestId('dice-multiplier') as HTMLInputElement;
    const target = screen.getByTestId('dice-target') as HTMLInputElement;
    const payout = screen.getByTestId('dice-payout') as HTMLInputElement;
    expect([target.value, chance.value, multiplier.value, payout.value]).toEqual([
      '50.00',
      '50.00',
      '1.98',
      '1.98',
    ]);

    await user.clear(multiplier);
    await user.type(multiplier, '3');
    await user.tab();
    expect([target.value, chance.value, multiplier.value]).toEqual(['33.00', '33.00', '3.00']);
    expect(payout.value).toBe('3.00');

    // Over keeps the chance: the target mirrors.
    await user.click(screen.getByTestId('dice-flip'));
    expect(target.value).toBe('67.00');
    expect(chance.value).toBe('33.00');
    expect(screen.getByText('Roll over')).toBeTruthy();

    await user.clear(chance);
    await user.type(chance, '49.5');
    await user.tab();
    expect([target.value, multiplier.value]).toEqual(['50.50', '2.00']);

    await user.clear(payout);
    await user.type(payout, '10.00');
    await user.tab();
    expect([chance.value, multiplier.value]).toEqual(['9.90', '10.00']);

    // The stake's buttons stay inside the game's limits.
    const amount = screen.getByTestId('og-amount') as HTMLInputElement;
    await user.click(screen.getByTestId('og-half'));
    expect(amount.value).toBe('1.00');
    await user.click(screen.getByTestId('og-double'));
    await user.click(screen.getByTestId('og-double'));
    expect(amount.value).toBe('4.00');
    await user.click(screen.getByTestId('og-max'));
    expect(amount.value).toBe('500.00');
    await user.click(screen.getByTestId('og-help'));
    expect(screen.getByTestId('og-rtp').textContent).toBe('98.99 %');
  });

  it("sends a visitor's Bet to the log-in popup, and plays money for free in demo", async () => {
    const { requests, user } = setup('guest', '/house/dice', {
      'POST /originals/demo/dice/session': () =>
        ok({ session: 'demo-session-0001', balance: '1000.00', currency: 'DEMO' }),
      'POST /originals/demo/dice/bets': (request) => {
        const body = request.body as { amount: string; params: Record<string, unknown> };
        return ok({
          ...diceBet(body.amount, body.params, '11.82', '1.98', '1000.98', {
            seed: { serverSeedHash: hash, clientSeed: 'taya', nonce: 1, serverSeed: seed },
          }),
          currency: 'DEMO',
        });
      },
    });
    await user.click(await screen.findByTestId('og-bet'));
    await screen.findByRole('dialog', { name: 'Log in' });
    expect(calls(requests, 'POST', '/originals/dice/bets')).toHaveLength(0);
    window.history.back();

    await user.click(await screen.findByTestId('og-mode-demo'));
    expect((await screen.findByTestId('og-demo-mark')).textContent).toBe('DEMO');
    await waitFor(() =>
      expect(screen.getByTestId('og-balance').textContent).toBe('DEMO\u00a01,000.00'),
    );
    await user.click(screen.getByTestId('og-bet'));
    await waitFor(() =>
      expect(screen.getByTestId('og-balance').textContent).toBe('DEMO\u00a01,000.98'),
    );
    const [bet] = calls(requests, 'POST', '/originals/demo/dice/bets');
    expect(bet?.body).toMatchObject({
      amount: '1.00',
      params: { target: '50.00', direction: 'under' },
      session: 'demo-session-0001',
    });
    expect(screen.getByTestId('dice-roll').textContent).toBe('11.82');
    expect(screen.getAllByTestId('og-recent-item').map((item) => item.textContent)).toEqual([
      '11.82',
    ]);
    // Its seed is out at once: the history row links to the verifier.
    const row = screen.getByTestId('og-history-row');
    const link = within(row).getByTestId('og-history-verify');
    expect(link.getAttribute('href')).toContain('/house/verify?game=dice');
  });

  it('bets real money for a member, with a request id, and shows the new balance', async () => {
    const { requests, user } = setup('member', '/house/dice', {
      'POST /originals/dice/bets': (request) => {
        const body = request.body as { amount: string; params: Record<string, unknown> };
        return ok(diceBet(body.amount, body.params, '50.21', '0.00', '1232.50'));
      },
    });
    await screen.findByTestId('original-game');
    await waitFor(() =>
      expect(screen.getByTestId('og-balance').textContent).toBe('₱\u00a01,234.50'),
    );
    const amount = screen.getByTestId('og-amount');
    await user.clear(amount);
    await user.type(amount, '2.00');
    await user.click(screen.getByTestId('og-bet'));
    await waitFor(() =>
      expect(screen.getByTestId('og-balance').textContent).toBe('₱\u00a01,232.50'),
    );
    const [bet] = calls(requests, 'POST', '/originals/dice/bets');
    const body = bet?.body as { requestId: string; amount: string };
    expect(body.amount).toBe('2.00');
    expect(body.requestId).toMatch(/^[A-Za-z0-9_.-]{8,64}$/);
    expect(bet?.headers.get('Idempotency-Key')).toBe(body.requestId);
    expect(screen.getByTestId('dice-result').className).toContain('is-loss');
    // History is asked again after the bet.
    await waitFor(() =>
      expect(calls(requests, 'GET', '/originals/dice/history').length).toBeGreaterThan(1),
    );
  });

  it('opens a TAYA_DICE tile on its page, and its "Play for free" in demo', async () => {
    const dice = gameCardFixture({
      nodeId: 'TYPH-TAYA-TAYA_DICE',
      gameId: 'TYPH-TAYA-TAYA_DICE',
      gameCode: 'TAYA_DICE',
      gameName: 'Dice',
      vassalage: 'TAYA',
      gameType: 'MINI',
    });
    const { requests, user } = setup('guest', '/', {
      'GET /wps/relay/GCSGAME_hotGamesV2': () => ok({ list: [dice] }),
      'POST /originals/demo/dice/session': () =>
        ok({ session: 'demo-session-0001', balance: '1000.00', currency: 'DEMO' }),
    });
    const hot = await screen.findByTestId('home-hot');
    await user.click(await within(hot).findByRole('button', { name: 'Dice: Play for free' }));
    await screen.findByTestId('og-demo-mark');
    expect(window.location.pathname).toBe('/house/dice');
    expect(window.location.search).toBe('?mode=demo');
    window.history.back();
    const again = await screen.findByTestId('home-hot');
    await user.click(await within(again).findByRole('button', { name: 'Play Dice' }));
    await screen.findByTestId('original-game');
    expect(window.location.pathname).toBe('/house/dice');
    expect(calls(requests, 'GET', '/wps/game/launchGame')).toHaveLength(0);
  });
});

describe('the verify page (/house/verify)', () => {
  it('replays a round from its seeds in the browser and checks the hash', async () => {
    const params = encodeURIComponent(JSON.stringify({ target: '50.00', direction: 'under' }));
    setup(
      'guest',
      `/house/verify?game=dice&serverSeed=${seed}&serverSeedHash=${hash}&clientSeed=taya&nonce=1&params=${params}&rtp=99.00&amount=2.00`,
    );
    const result = await screen.findByTestId('ogv-result');
    expect(within(result).getByTestId('ogv-outcome').textContent).toBe('11.82');
    expect(within(result).getByTestId('ogv-multiplier').textContent).toBe('1.98×');
    expect(within(result).getByTestId('ogv-payout').textContent).toBe('3.96');
    expect(within(result).getByTestId('ogv-hash-check').textContent).toBe(
      'The server seed matches the hash shown before the bet.',
    );
  });

  it('is a calculator: pasted seeds give limbo’s result, and a wrong hash is called out', async () => {
    const user = userEvent.setup();
    installFakeApi(statusWithFlags([]), identityRoutes(gameRoutes({})));
    renderApp('/house/verify');
    await screen.findByTestId('og-verify');
    await user.selectOptions(screen.getByTestId('ogv-game'), 'limbo');
    await user.type(screen.getByTestId('ogv-server-seed'), seed);
    await user.type(screen.getByTestId('ogv-hash'), '0'.repeat(64));
    await user.type(screen.getByTestId('ogv-client-seed'), 'taya');
    await user.clear(screen.getByTestId('ogv-nonce'));
    await user.type(screen.getByTestId('ogv-nonce'), '2');
    await user.type(screen.getByTestId('ogv-target'), '2.00');
    await user.click(screen.getByTestId('ogv-submit'));
    const result = await screen.findByTestId('ogv-result');
    expect(within(result).getByTestId('ogv-outcome').textContent).toBe('5.16×');
    expect(within(result).getByTestId('ogv-multiplier').textContent).toBe('2.00×');
    expect(within(result).getByTestId('ogv-hash-check').textContent).toBe(
      'The server seed does NOT match the hash shown.',
    );
    expect(window.location.search).toContain('game=limbo');
  });
});

describe('a launch of an original (/originals/:game)', () => {
  it('opens the game page, in demo when the launch says so', async () => {
    setup('guest', '/originals/dice?mode=demo', {
      'POST /originals/demo/dice/session': () =>
        ok({ session: 'demo-session-0001', balance: '1000.00', currency: 'DEMO' }),
    });
    await screen.findByTestId('og-demo-mark');
    expect(window.location.pathname).toBe('/house/dice');
    expect(window.location.search).toBe('?mode=demo');
  });
});
