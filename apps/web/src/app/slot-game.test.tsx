import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { getToken, startSession } from '../lib/session';
import { calls, fail, installFakeApi, ok, type FakeRoutes } from '../testing/fake-api';
import { statusWithFlags } from '../testing/auth-status';
import { kingsSpin, slotOpenFixture } from '../testing/game-fixtures';
import { identityRoutes } from '../testing/identity-fixtures';
import { renderApp } from '../testing/render-app';

const gameUrl = '/seamless?vendor=TAYA&game=TAYA_FORTUNE&token=launch-token-0001';

function setup(routes: FakeRoutes, url = gameUrl) {
  const api = installFakeApi(
    statusWithFlags([]),
    identityRoutes({ 'POST /taya-games/slot/open': () => ok(slotOpenFixture()), ...routes }),
  );
  startSession('token-alice', 0);
  const user = userEvent.setup();
  renderApp(url);
  return { ...api, user };
}

describe('the slot game page (/seamless)', () => {
  it('opens free play with play money and spins it without a player or the site token', async () => {
    const { requests, user } = setup(
      {
        'POST /taya-games/slot/demo/open': () =>
          ok({ ...slotOpenFixture(), playerId: 'demo', balance: '2000.00', currency: 'DEMO' }),
        'POST /taya-games/slot/demo/spin': (request) => {
          const body = request.body as { bet: string };
          return ok({ ...kingsSpin(body.bet, '3.00', '2002.00'), currency: 'DEMO' });
        },
      },
      '/seamless?vendor=TAYA&game=TAYA_FORTUNE&mode=demo',
    );
    await screen.findByTestId('slot-machine');
    expect(screen.getByTestId('slot-demo').textContent).toBe('Free play · play money');
    expect(calls(requests, 'POST', '/taya-games/slot/demo/open')[0]?.body).toEqual({
      gameCode: 'TAYA_FORTUNE',
    });
    expect(calls(requests, 'POST', '/taya-games/slot/open')).toHaveLength(0);
    expect(screen.getByTestId('slot-balance').textContent).toBe('DEMO\u00a02,000.00');
    await user.click(screen.getByTestId('slot-spin'));
    await waitFor(() =>
      expect(screen.getByTestId('slot-balance').textContent).toBe('DEMO\u00a02,002.00'),
    );
    const spin = calls(requests, 'POST', '/taya-games/slot/demo/spin');
    expect(spin).toHaveLength(1);
    expect(spin[0]?.body).toMatchObject({ gameCode: 'TAYA_FORTUNE' });
    expect(spin[0]?.body).not.toHaveProperty('playerId');
    expect(spin[0]?.headers.get('Authorization')).toBeNull();
  });

  it('asks again under the same id when a spin’s answer is lost, and shows that one spin', async () => {
    let tries = 0;
    const { requests, user } = setup({
      'POST /taya-games/slot/spin': (request) => {
        tries += 1;
        // The node behind the balancer went away with the first answer.
        if (tries === 1) return { status: 502, body: null };
        return ok(kingsSpin((request.body as { bet: string }).bet, '3.00', '1001.00'));
      },
    });
    await screen.findByTestId('slot-machine');
    await user.click(screen.getByTestId('slot-spin'));
    await waitFor(
      () => expect(screen.getByTestId('slot-balance').textContent).toContain('1,001.00'),
      {
        timeout: 5000,
      },
    );
    const spins = calls(requests, 'POST', '/taya-games/slot/spin');
    expect(spins).toHaveLength(2);
    const ids = spins.map((r) => (r.body as { requestId: string }).requestId);
    expect(ids[0]).toMatch(/^spin-[0-9a-f]{32}$/);
    expect(ids[1]).toBe(ids[0]);
    // The next press is a spin of its own.
    await user.click(screen.getByTestId('slot-spin'));
    await waitFor(() => expect(calls(requests, 'POST', '/taya-games/slot/spin')).toHaveLength(3), {
      timeout: 5000,
    });
    const third = calls(requests, 'POST', '/taya-games/slot/spin')[2]!.body as {
      requestId: string;
    };
    expect(third.requestId).not.toBe(ids[0]);
  });

  it('opens with the launch token, takes it out of the address, spins and shows the result', async () => {
    const { requests, user } = setup({
      'POST /taya-games/slot/spin': (request) => {
        const body = request.body as { bet: string };
        return ok(kingsSpin(body.bet, '3.00', '1001.00'));
      },
    });
    const slot = await screen.findByTestId('slot-machine');
    expect(within(slot).getByRole('heading', { level: 1, name: 'Taya Fortune' })).toBeTruthy();

    // Opened once, with the token from the address, and without the site's session token.
    const open = calls(requests, 'POST', '/taya-games/slot/open');
    expect(open).toHaveLength(1);
    expect(open[0]?.body).toEqual({ token: 'launch-token-0001' });
    expect(open[0]?.headers.get('Authorization')).toBeNull();
    expect(window.location.pathname).toBe('/seamless');
    expect(window.location.search).toBe('?vendor=TAYA&game=TAYA_FORTUNE');
    expect(window.location.href).not.toContain('launch-token');

    expect(screen.getByTestId('slot-balance').textContent).toBe('₱\u00a01,000.00');
    expect(screen.getByTestId('slot-win').textContent).toBe('₱\u00a00.00');
    // Fifteen symbols on five reels, each named for assistive tech.
    expect(screen.getAllByTestId('slot-reel')).toHaveLength(5);
    expect(within(screen.getByTestId('slot-reels')).getAllByRole('img')).toHaveLength(15);

    const bet = screen.getByRole('combobox', { name: 'Total bet' });
    expect([...(bet as HTMLSelectElement).options].map((option) => option.textContent)).toEqual([
      '₱\u00a01.00',
      '₱\u00a02.00',
      '₱\u00a05.00',
      '₱\u00a010.00',
      '₱\u00a020.00',
      '₱\u00a050.00',
      '₱\u00a0100.00',
    ]);
    await user.selectOptions(bet, '2.00');
    expect(screen.getByText('Line bet ₱ 0.10 on 20 lines')).toBeTruthy();

    const balanceCalls = calls(requests, 'GET', '/wps/v2/wallets/balance').length;
    await user.click(screen.getByRole('button', { name: 'Spin' }));

    await waitFor(() =>
      expect(screen.getByTestId('slot-balance').textContent).toBe('₱\u00a01,001.00'),
    );
    expect(screen.getByTestId('slot-win').textContent).toBe('₱\u00a03.00');
    expect(screen.getByText('You won ₱ 3.00!')).toBeTruthy();
    expect(screen.getByTestId('slot-line-wins').textContent).toContain(
      'Line 2: 3 × King pays ₱\u00a03.00',
    );
    const spin = calls(requests, 'POST', '/taya-games/slot/spin');
    expect(spin[0]?.body).toEqual({
      session: 'slot-session-0001',
      playerId: 'acc-1',
      gameCode: 'TAYA_FORTUNE',
      bet: '2.00',
      language: 'EN',
      // This press of Spin, named: a retry of it is the same spin.
      requestId: expect.stringMatching(/^spin-[0-9a-f]{32}$/),
    });
    // The three winning kings are highlighted; the reels show the drawn symbols.
    const reels = screen.getByTestId('slot-reels');
    expect(reels.querySelectorAll('.slot-cell.is-winning')).toHaveLength(3);
    expect(within(reels).getAllByRole('img', { name: 'King' })).toHaveLength(3);
    // The header's balance is asked again after the spin.
    await waitFor(() =>
      expect(calls(requests, 'GET', '/wps/v2/wallets/balance').length).toBeGreaterThan(
        balanceCalls,
      ),
    );
    // The game session stays in memory only.
    expect(JSON.stringify({ ...window.localStorage })).not.toContain('slot-session');
    expect(JSON.stringify({ ...window.sessionStorage })).not.toContain('slot-session');
  });

  it('turns the reels and stops them one by one when motion is welcome', async () => {
    vi.stubGlobal(
      'matchMedia',
      vi.fn((query: string) => ({ matches: false, media: query }) as unknown as MediaQueryList),
    );
    const { user } = setup({
      'POST /taya-games/slot/spin': () => ok(kingsSpin('1.00', '1.50', '1000.50')),
    });
    await screen.findByTestId('slot-machine');
    await user.click(screen.getByRole('button', { name: 'Spin' }));
    expect(screen.getByRole('button', { name: 'Spinning…' })).toBeTruthy();
    expect(screen.getAllByTestId('slot-reel')[4]?.getAttribute('aria-busy')).toBe('true');
    await waitFor(() => expect(screen.getByTestId('slot-win').textContent).toBe('₱\u00a01.50'), {
      timeout: 3000,
    });
    expect(
      screen
        .getAllByTestId('slot-reel')
        .every((reel) => reel.getAttribute('aria-busy') === 'false'),
    ).toBe(true);
    expect(screen.getByTestId('slot-balance').textContent).toBe('₱\u00a01,000.50');
  });

  it('celebrates a jackpot hit until the player closes it; the balance already holds it', async () => {
    const { user } = setup({
      'POST /taya-games/slot/spin': () =>
        ok({
          ...kingsSpin('1.00', '1.50', '62235.00'),
          jackpot: { poolId: 'pool-1', name: 'Taya Grand Jackpot', amount: '61234.50' },
        }),
    });
    await screen.findByTestId('slot-machine');
    await user.click(screen.getByRole('button', { name: 'Spin' }));
    const dialog = await screen.findByRole('dialog', { name: 'JACKPOT!' });
    const card = within(dialog).getByTestId('slot-jackpot');
    expect(card.textContent).toContain('Taya Grand Jackpot');
    expect(card.textContent).toContain('+₱\u00a061,234.50');
    expect(card.getAttribute('data-amount')).toBe('61234.50');
    expect(screen.getByTestId('slot-balance').textContent).toBe('₱\u00a062,235.00');
    expect(screen.getByTestId('slot-jackpot-line').textContent).toBe(
      'Jackpot Taya Grand Jackpot: +₱\u00a061,234.50',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Keep playing' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByTestId('slot-balance').textContent).toBe('₱\u00a062,235.00');
  });

  it('shows no jackpot for an ordinary spin', async () => {
    const { user } = setup({
      'POST /taya-games/slot/spin': () => ok(kingsSpin('1.00', '0.00', '999.00')),
    });
    await screen.findByTestId('slot-machine');
    await user.click(screen.getByRole('button', { name: 'Spin' }));
    await waitFor(() =>
      expect(screen.getByTestId('slot-balance').textContent).toBe('₱\u00a0999.00'),
    );
    expect(screen.getByText('No win this spin')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByTestId('slot-jackpot-line')).toBeNull();
  });

  it('says a used link must be opened again from the lobby, and keeps the site session', async () => {
    setup({ 'POST /taya-games/slot/open': () => fail(401, 'game_session_invalid') });
    const problem = await screen.findByTestId('game-problem');
    expect(problem.textContent).toContain(
      'This game link has expired or was already used. Open the game again from the lobby.',
    );
    expect(within(problem).getByRole('link', { name: 'Back to the lobby' })).toBeTruthy();
    expect(getToken()).toBe('token-alice');
  });

  it('says an ended game session must be opened again from the lobby, and keeps the site session', async () => {
    const { user } = setup({
      'POST /taya-games/slot/spin': () => fail(401, 'game_session_invalid'),
    });
    await screen.findByTestId('slot-machine');
    await user.click(screen.getByRole('button', { name: 'Spin' }));
    const alert = await screen.findByTestId('slot-error');
    expect(alert.textContent).toContain(
      'Your game session has ended. Open the game again from the lobby.',
    );
    expect(within(alert).getByRole('link', { name: 'Back to the lobby' })).toBeTruthy();
    expect(getToken()).toBe('token-alice');
  });

  it('shows a refused spin plainly, with a way to deposit', async () => {
    const { user } = setup({
      'POST /taya-games/slot/spin': () => fail(409, 'insufficient_funds'),
    });
    await screen.findByTestId('slot-machine');
    await user.click(screen.getByRole('button', { name: 'Spin' }));
    const alert = await screen.findByTestId('slot-error');
    expect(alert.textContent).toContain('Your balance is not enough');
    expect(within(alert).getByRole('link', { name: 'Deposit' }).getAttribute('href')).toBe(
      '/member?tab=depositv2',
    );
    expect(screen.getByTestId('slot-balance').textContent).toBe('₱\u00a01,000.00');
    expect((screen.getByRole('button', { name: 'Spin' }) as HTMLButtonElement).disabled).toBe(
      false,
    );
  });

  it('asks to start again from the lobby when the address has no token', async () => {
    const { requests } = setup({}, '/seamless?vendor=TAYA&game=TAYA_FORTUNE');
    expect((await screen.findByTestId('game-problem')).textContent).toContain(
      'Open the game again from the lobby.',
    );
    expect(calls(requests, 'POST', '/taya-games/slot/open')).toHaveLength(0);
  });

  it('builds the paytable from the game: line pays on the line bet, scatters on the total', async () => {
    const { user } = setup({});
    await screen.findByTestId('slot-machine');
    await user.click(screen.getByRole('button', { name: 'Paytable' }));
    const dialog = await screen.findByRole('dialog', { name: 'Paytable' });
    const rows = within(within(dialog).getByTestId('paytable')).getAllByRole('row');
    // Header, nine paying symbols best first, then the scatter.
    expect(rows).toHaveLength(11);
    expect(rows[1]?.textContent).toBe('Dragon×1000₱\u00a050.00×300₱\u00a015.00×80₱\u00a04.00');
    // (A rank's drawing is its glyph, so "9" comes before the name.)
    expect(rows[8]?.textContent).toBe('9Nine×180₱\u00a09.00×45₱\u00a02.25×15₱\u00a00.75');
    expect(rows[10]?.textContent).toBe('Scatter×100₱\u00a0100.00×15₱\u00a015.00×3₱\u00a03.00');
    expect(dialog.textContent).toContain(
      'Wild appears on reels 2, 3 and 4 and stands in for every symbol except Scatter.',
    );
    expect(within(dialog).getAllByText(/^Line \d+$/)).toHaveLength(20);
  });
});
