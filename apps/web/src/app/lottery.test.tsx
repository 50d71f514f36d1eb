import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LotteryGame, LotteryIssue } from '@taya/contracts';
import { startSession } from '../lib/session';
import { calls, fail, installFakeApi, ok, type FakeRoutes } from '../testing/fake-api';
import { statusWithFlags } from '../testing/auth-status';
import { identityRoutes } from '../testing/identity-fixtures';
import { renderApp } from '../testing/render-app';

/** A stand-in WebSocket that never connects: the page must fall back to polling. */
class QuietSocket extends EventTarget {
  static instances: QuietSocket[] = [];
  readyState = 0;
  constructor(readonly url: string) {
    super();
    QuietSocket.instances.push(this);
  }
  send() {}
  close() {
    this.readyState = 3;
  }
  receive(frame: object) {
    this.dispatchEvent(Object.assign(new Event('message'), { data: JSON.stringify(frame) }));
  }
}

beforeEach(() => {
  QuietSocket.instances = [];
  vi.stubGlobal('WebSocket', QuietSocket);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const seed = '000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f';
const commitment = '630dcd2966c4336691125448bbb25b4ff412a49c732db2c8abc1b8581bd710dd';

function issue(overrides: Partial<LotteryIssue> = {}): LotteryIssue {
  return {
    id: `i-${overrides.issueId ?? '20261124-0601'}`,
    gameCode: 'ELOTT_1M',
    issueId: '20261124-0601',
    status: 'open',
    drawAt: new Date(Date.now() + 70_000).toISOString(),
    closesAt: new Date(Date.now() + 60_000).toISOString(),
    commitment,
    seed: null,
    result: null,
    resultSource: null,
    drawnAt: null,
    settledAt: null,
    ...overrides,
  };
}

function drawn(issueId: string, digits: number[]): LotteryIssue {
  return issue({
    issueId,
    status: 'settled',
    seed,
    result: { kind: 'ELOTT', digits },
    resultSource: 'house',
    drawAt: '2026-11-24T10:00:00.000Z',
    closesAt: '2026-11-24T09:59:50.000Z',
    drawnAt: '2026-11-24T10:00:00.000Z',
  });
}

const limits = { minCost: '1.00', maxCost: '50000.00', maxUnits: 1000 };
const elott: LotteryGame = {
  gameCode: 'ELOTT_1M',
  name: 'Fast e-lottery 1 minute',
  family: 'ELOTT',
  prizeMode: 'ELOTT',
  intervalSeconds: 60,
  drawTime: null,
  timeZone: 'Asia/Ho_Chi_Minh',
  closeBeforeDrawSeconds: 10,
  houseDrawn: true,
  betTypes: [
    { code: 'SUM_BS', name: 'Sum big/small', pays: { win: { num: '197', den: '100' } }, ...limits },
    {
      code: 'POS_DIGIT',
      name: 'Position digit',
      pays: { win: { num: '985', den: '100' } },
      ...limits,
    },
  ],
  maxCostPerPlayerPerIssue: '200000.00',
  openIssue: issue(),
};
const vnNorth: LotteryGame = {
  ...elott,
  gameCode: 'VN_NORTH',
  name: 'Xổ số miền Bắc',
  family: 'VN',
  prizeMode: 'LOTT',
  intervalSeconds: null,
  drawTime: '18:15',
  houseDrawn: false,
  betTypes: [{ code: 'LO2', name: 'Lô', pays: { hit: { num: '80', den: '1' } }, ...limits }],
  openIssue: issue({ gameCode: 'VN_NORTH', issueId: '20261124' }),
};

const history = [
  drawn('20261124-0600', [4, 3, 3, 8, 4]),
  drawn('20261124-0599', [4, 1, 9, 8, 0]),
  drawn('20261124-0598', [7, 4, 2, 2, 4]),
];

function lotteryRoutes(overrides: FakeRoutes = {}, open = issue()): FakeRoutes {
  return identityRoutes({
    'GET /lgw/vn/games/game_menu': () =>
      ok({ prizeMode: 'elott', device: 'WEB', games: [elott, vnNorth] }),
    'GET /lgw/vn/numeros/opened/game': (request) => {
      const size = Number(request.query.get('pageSize') ?? 20);
      const list = request.query.get('gameCode') === 'ELOTT_1M' ? history.slice(0, size) : [];
      return ok({
        gameCode: request.query.get('gameCode'),
        list,
        pageNum: 1,
        totalPages: 1,
        totalCount: list.length,
      });
    },
    'GET /lotto/lgw/games/opened/numero': () =>
      ok({
        gameCode: 'ELOTT_1M',
        serverTime: new Date().toISOString(),
        issue: open,
        countdownSeconds: Math.max(0, Math.ceil((Date.parse(open.closesAt) - Date.now()) / 1000)),
        drawCountdownSeconds: 70,
        lastDrawn: history[0],
        stakedThisIssue: '0.00',
      }),
    'GET /lotto/bets/mine': () => ok({ list: [], pageNum: 1, totalPages: 1, totalCount: 0 }),
    ...overrides,
  });
}

function setup(url: string, routes: FakeRoutes, member = true) {
  const api = installFakeApi(statusWithFlags([]), routes);
  if (member) startSession('token-alice', 0);
  const user = userEvent.setup();
  renderApp(url);
  return { ...api, user };
}

describe('lottery hall (/elott, /lott)', () => {
  it('lists the games by family with the open issue, the countdown and the last result', async () => {
    setup('/elott', lotteryRoutes(), false);
    const card = await screen.findByTestId('lottery-card-ELOTT_1M');
    expect(within(card).getByRole('heading', { name: 'E-lottery 1 minute' })).toBeTruthy();
    expect(card.textContent).toContain('Draws every 1 min');
    expect(card.textContent).toContain('Issue 20261124-0601');
    expect(within(card).getByRole('timer').textContent).toMatch(/^0[01]:\d\d$/);
    await waitFor(() => expect(card.textContent).toContain('20261124-0600'));
    expect(within(card).getByLabelText('4 3 3 8 4')).toBeTruthy();
    // The game's tile art, the lobby's own (decorative: the heading names the game).
    expect(card.querySelector('img.lottery-card-art')?.getAttribute('src')).toBe(
      '/art/games/v1/elott-1m.svg',
    );
    expect(
      screen
        .getByTestId('lottery-card-VN_NORTH')
        .querySelector('img.lottery-card-art')
        ?.getAttribute('src'),
    ).toBe('/art/games/v1/vn-north.svg');
    expect(
      within(card).getByRole('link', { name: 'Play E-lottery 1 minute' }).getAttribute('href'),
    ).toBe('/lottery?gameCode=ELOTT_1M');
    // The fast e-lottery hall lists its own family first, then the others.
    const families = within(screen.getByTestId('lottery-hall'))
      .getAllByRole('heading', { level: 2 })
      .map((h) => h.textContent);
    expect(families).toEqual(['Fast e-lottery', 'Vietnamese lottery']);
    expect(
      within(screen.getByTestId('lottery-card-VN_NORTH'))
        .getByRole('link', { name: 'Play Northern Vietnam' })
        .getAttribute('href'),
    ).toBe('/vnLottery?gameCode=VN_NORTH');
  });

  it('puts the draw lotteries first on /lott', async () => {
    setup('/lott', lotteryRoutes(), false);
    await screen.findByTestId('lottery-card-VN_NORTH');
    const families = within(screen.getByTestId('lottery-hall'))
      .getAllByRole('heading', { level: 2 })
      .map((h) => h.textContent);
    expect(families).toEqual(['Vietnamese lottery', 'Fast e-lottery']);
  });
});

describe('lottery hall for a member', () => {
  it('links the games the member bet on lately', async () => {
    setup(
      '/lott',
      lotteryRoutes({
        'GET /lgw/vn/games/game_menu/recent': () =>
          ok({
            list: [
              { gameCode: 'ELOTT_1M', name: elott.name, lastBetAt: '2026-11-24T09:00:00.000Z' },
              {
                gameCode: 'GONE',
                name: 'A game no longer on the menu',
                lastBetAt: '2026-11-20T09:00:00.000Z',
              },
            ],
          }),
      }),
    );
    const recent = await screen.findByRole('navigation', { name: 'Played lately' });
    const links = within(recent).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['E-lottery 1 minute', '/lottery?gameCode=ELOTT_1M'],
    ]);
  });
});

describe('lottery game page', () => {
  it('adds bets to the slip with exact costs and totals, and places them with one request id', async () => {
    let placed: unknown = null;
    const { user, requests } = setup(
      '/lottery?gameCode=ELOTT_1M',
      lotteryRoutes({
        'POST /lotto/bets': (request) => {
          placed = request.body;
          return ok({ bets: [], chases: [], totalCost: '24.30', balance: '975.70' });
        },
      }),
    );
    await screen.findByTestId('lottery-game');
    await waitFor(() =>
      expect(screen.getByTestId('open-issue').textContent).toContain('Issue 20261124-0601'),
    );
    expect(screen.getByTestId('last-result').textContent).toContain('20261124-0600');

    // Big on the sum: 2.05 × 3 = 6.15.
    const stake = screen.getByLabelText('Stake per unit');
    await user.clear(stake);
    await user.type(stake, '2.05');
    const multiplier = screen.getByLabelText('Multiplier');
    await user.clear(multiplier);
    await user.type(multiplier, '3');
    await user.click(screen.getByRole('button', { name: 'Big' }));
    await user.click(screen.getByRole('button', { name: 'Add to slip (1)' }));
    // The 2nd position's digit 3 and 7 at 1.00 × 1: two bets of 1.00.
    await user.click(screen.getByRole('tab', { name: 'Position digit' }));
    await user.clear(stake);
    await user.type(stake, '1');
    await user.clear(multiplier);
    await user.type(multiplier, '1');
    const board = screen.getByTestId('board-POS_DIGIT');
    await user.click(within(board).getByRole('button', { name: '2nd' }));
    await user.click(within(board).getByRole('button', { name: '3' }));
    await user.click(within(board).getByRole('button', { name: '7' }));
    await user.click(within(board).getByRole('button', { name: 'Add to slip (2)' }));

    const slip = screen.getByTestId('bet-slip');
    const costs = within(slip)
      .getAllByTestId('slip-line-cost')
      .map((c) => c.textContent);
    expect(costs).toEqual(['₱\u00a06.15', '₱\u00a01.00', '₱\u00a01.00']);
    expect(within(slip).getByTestId('slip-total').textContent).toBe('₱\u00a08.15');
    expect(slip.textContent).toContain('Sum big/small · Big');
    expect(slip.textContent).toContain('Position digit · 2nd · 3');

    // A chase over 3 issues costs three times the slip.
    await user.click(
      within(slip).getByRole('checkbox', { name: 'Chase: repeat on the next issues' }),
    );
    const issues = within(slip).getByLabelText('Number of issues');
    await user.clear(issues);
    await user.type(issues, '3');
    expect(within(slip).getByTestId('slip-grand-total').textContent).toBe('₱\u00a024.45');

    await user.click(within(slip).getByRole('button', { name: 'Place bets' }));
    await screen.findByText('Your bets are placed on issue 20261124-0601 (total ₱ 24.30).');
    expect(placed).toMatchObject({
      gameCode: 'ELOTT_1M',
      issueId: '20261124-0601',
      bets: [
        { type: 'SUM_BS', selection: ['big'], unitStake: '2.05', units: 3 },
        { type: 'POS_DIGIT', selection: ['3'], positions: [2], unitStake: '1.00', units: 1 },
        { type: 'POS_DIGIT', selection: ['7'], positions: [2], unitStake: '1.00', units: 1 },
      ],
      chase: { issues: 3, stopOnWin: true },
    });
    expect(typeof (placed as { requestId: unknown }).requestId).toBe('string');
    expect(calls(requests, 'POST', '/lotto/bets')).toHaveLength(1);
    expect(within(slip).queryAllByTestId('slip-line')).toHaveLength(0);
  });

  it('stops betting when the countdown reaches the close', async () => {
    const closing = issue({ closesAt: new Date(Date.now() + 1_500).toISOString() });
    const { user } = setup('/lottery?gameCode=ELOTT_1M', lotteryRoutes({}, closing));
    await screen.findByTestId('lottery-game');
    await user.click(screen.getByRole('button', { name: 'Big' }));
    await user.click(screen.getByRole('button', { name: 'Add to slip (1)' }));
    const place = screen.getByRole('button', { name: 'Place bets' }) as HTMLButtonElement;
    expect(place.disabled).toBe(false);
    expect(screen.getByTestId('countdown').textContent).toContain('Betting closes in');
    await waitFor(() => expect(place.disabled).toBe(true), { timeout: 4_000 });
    expect(screen.getByTestId('countdown').textContent).toBe('Betting closed');
    expect(screen.getByTestId('slip-closed').textContent).toBe(
      'Betting on this issue has closed: wait for the next one.',
    );
  });

  it('keeps a closed issue on show until its draw, then moves to the next one', async () => {
    const closesAt = Date.now() + 1_500;
    const closing = issue({
      closesAt: new Date(closesAt).toISOString(),
      drawAt: new Date(closesAt + 5_000).toISOString(),
    });
    const next = issue({
      id: 'i-20261124-0602',
      issueId: '20261124-0602',
      closesAt: new Date(closesAt + 60_000).toISOString(),
      drawAt: new Date(closesAt + 65_000).toISOString(),
    });
    // The server offers the next issue as soon as the first one closes.
    const numero = () => {
      const open = Date.now() < closesAt ? closing : next;
      return ok({
        gameCode: 'ELOTT_1M',
        serverTime: new Date().toISOString(),
        issue: open,
        countdownSeconds: Math.max(0, Math.ceil((Date.parse(open.closesAt) - Date.now()) / 1000)),
        drawCountdownSeconds: Math.max(0, Math.ceil((Date.parse(open.drawAt) - Date.now()) / 1000)),
        lastDrawn: history[0],
        stakedThisIssue: '0.00',
      });
    };
    setup(
      '/lottery?gameCode=ELOTT_1M',
      lotteryRoutes({ 'GET /lotto/lgw/games/opened/numero': numero }, closing),
    );
    await screen.findByTestId('countdown');
    expect(screen.getByTestId('open-issue').textContent).toContain('20261124-0601');
    await waitFor(
      () => expect(screen.getByTestId('countdown').textContent).toBe('Betting closed'),
      { timeout: 3_000 },
    );
    // Polled again while closed (every 3 s): the next issue is there, but the closed one stays on
    // show until its draw.
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, closesAt + 4_000 - Date.now())));
    expect(screen.getByTestId('open-issue').textContent).toContain('20261124-0601');
    expect(screen.getByTestId('countdown').textContent).toBe('Betting closed');
    await waitFor(
      () => expect(screen.getByTestId('open-issue').textContent).toContain('20261124-0602'),
      { timeout: 4_000 },
    );
    expect(screen.getByTestId('countdown').textContent).toContain('Betting closes in');
  }, 20_000);

  it('says clearly why the server refused: closed, funds, limit', async () => {
    let reply = fail(409, 'lottery_closed');
    const { user } = setup(
      '/lottery?gameCode=ELOTT_1M',
      lotteryRoutes({ 'POST /lotto/bets': () => reply }),
    );
    await screen.findByTestId('lottery-game');
    await user.click(screen.getByRole('button', { name: 'Big' }));
    await user.click(screen.getByRole('button', { name: 'Add to slip (1)' }));
    const place = screen.getByRole('button', { name: 'Place bets' });
    await user.click(place);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Betting on issue 20261124-0601 closed before your bets arrived. Nothing was charged: place them on the next issue.',
    );
    reply = fail(409, 'insufficient_funds');
    await user.click(place);
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        'Your balance is not enough for these bets (₱\u00a01.00).',
      ),
    );
    reply = fail(409, 'lottery_limit_exceeded');
    await user.click(place);
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        'This is more than you may stake on one issue: ₱\u00a0200,000.00 left.',
      ),
    );
  });

  it('shows recent results with hot and cold numbers counted from them', async () => {
    const { user } = setup('/lottery?gameCode=ELOTT_1M', lotteryRoutes());
    await screen.findByTestId('lottery-game');
    await user.click(screen.getByRole('tab', { name: 'Results' }));
    const list = await screen.findByTestId('result-list');
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    // 4 appears 5 times over the three draws (4,3,3,8,4 · 4,1,9,8,0 · 7,4,2,2,4).
    const hot = screen.getByTestId('trend-hot');
    expect(within(hot).getAllByRole('listitem')[0]!.textContent).toBe('4×5');
    expect(within(hot).getAllByRole('listitem')[1]!.textContent).toBe('2×2');
    const cold = screen.getByTestId('trend-cold');
    expect(within(cold).getAllByRole('listitem')[0]!.textContent).toBe('5×0');
    expect(screen.getByText('Counted over the last 3 draws.')).toBeTruthy();
    expect(within(list).getAllByRole('link', { name: 'Verify' })[0]!.getAttribute('href')).toBe(
      '/lotteryVerify?gameCode=ELOTT_1M&issue=20261124-0600',
    );
  });

  it('asks a visitor on a game page to log in', async () => {
    setup('/lottert?gameCode=ELOTT_1M', lotteryRoutes(), false);
    const prompt = await screen.findByTestId('lottery-login');
    expect(within(prompt).getByRole('heading', { name: 'Lottery game' })).toBeTruthy();
    expect(within(prompt).getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe(
      '/login',
    );
  });
});

describe('Vietnamese lottery board', () => {
  const vnGame: LotteryGame = {
    ...vnNorth,
    betTypes: [
      { code: 'LO2', name: 'Lô', pays: { hit: { num: '80', den: '1' } }, ...limits },
      { code: 'XIEN2', name: 'Xiên 2', pays: { win: { num: '17', den: '1' } }, ...limits },
    ],
  };
  const vnDraw = issue({
    gameCode: 'VN_NORTH',
    issueId: '20261123',
    status: 'settled',
    result: {
      kind: 'VN',
      prizes: { special: ['12345'], first: ['67845'], seventh: ['45', '07', '99', '12'] },
    },
    resultSource: 'house_demo',
  });
  function vnRoutes(): FakeRoutes {
    return lotteryRoutes({
      'GET /lgw/vn/games/game_menu': () =>
        ok({ prizeMode: 'lott', device: 'WEB', games: [vnGame] }),
      'GET /lgw/vn/numeros/opened/game': () =>
        ok({ gameCode: 'VN_NORTH', list: [vnDraw], pageNum: 1, totalPages: 1, totalCount: 1 }),
      'GET /lotto/lgw/games/opened/numero': () =>
        ok({
          gameCode: 'VN_NORTH',
          serverTime: new Date().toISOString(),
          issue: vnGame.openIssue,
          countdownSeconds: 60,
          drawCountdownSeconds: 960,
          lastDrawn: vnDraw,
          stakedThisIssue: '0.00',
        }),
    });
  }

  it('makes one bet per lô number, one bet per xiên set, and labels a demo draw', async () => {
    const { user } = setup('/vnLottery?gameCode=VN_NORTH', vnRoutes());
    await screen.findByTestId('board-LO2');
    expect((await screen.findByTestId('demo-draw')).textContent).toBe('Demo draw (house)');
    const lo = screen.getByTestId('board-LO2');
    expect(within(lo).getAllByRole('button', { pressed: false }).length).toBeGreaterThanOrEqual(
      100,
    );
    await user.click(within(lo).getByRole('button', { name: '07' }));
    await user.click(within(lo).getByRole('button', { name: '45' }));
    await user.click(within(lo).getByRole('button', { name: 'Add to slip (2)' }));
    await user.click(screen.getByRole('tab', { name: 'Xiên 2' }));
    const xien = screen.getByTestId('board-XIEN2');
    await user.click(within(xien).getByRole('button', { name: '99' }));
    await user.click(within(xien).getByRole('button', { name: '12' }));
    // A xiên 2 set is full at two numbers: a third is not taken.
    await user.click(within(xien).getByRole('button', { name: '33' }));
    expect(within(xien).getByRole('button', { name: '33' }).getAttribute('aria-pressed')).toBe(
      'false',
    );
    await user.click(within(xien).getByRole('button', { name: 'Add to slip (1)' }));
    const lines = within(screen.getByTestId('bet-slip')).getAllByTestId('slip-line');
    expect(lines.map((line) => line.firstChild?.textContent)).toEqual([
      'Lô 2 digits · 07',
      'Lô 2 digits · 45',
      'Xiên 2 · 12 99',
    ]);
    expect(screen.getByTestId('slip-total').textContent).toBe('₱\u00a03.00');
  });

  it('counts hot lô numbers over every prize of the recent draws', async () => {
    const { user } = setup('/vnLottery?gameCode=VN_NORTH', vnRoutes());
    await screen.findByTestId('board-LO2');
    await user.click(screen.getByRole('tab', { name: 'Results' }));
    // 45 ends the special, the first and a seventh prize: three times; 07, 12 and 99 once each.
    const hot = await screen.findByTestId('trend-hot');
    expect(
      within(hot)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['45×3', '07×1', '12×1', '99×1', '00×0']);
  });
});

describe('verify page', () => {
  function verifyRoutes(digits: number[]): FakeRoutes {
    return lotteryRoutes({
      'GET /lotto/verify/ELOTT_1M/20261124-0001': () =>
        ok({
          gameCode: 'ELOTT_1M',
          issueId: '20261124-0001',
          status: 'settled',
          commitment,
          seed,
          result: { kind: 'ELOTT', digits },
          resultSource: 'house',
          houseDrawn: true,
          recomputed: { kind: 'ELOTT', digits },
          verified: true,
          method: 'HMAC-SHA256',
        }),
    });
  }

  it('recomputes a house-drawn result from its revealed seed in the browser', async () => {
    setup(
      '/lotteryVerify?gameCode=ELOTT_1M&issue=20261124-0001',
      verifyRoutes([4, 3, 3, 8, 4]),
      false,
    );
    const verdict = await screen.findByTestId('verify-verdict');
    await waitFor(() =>
      expect(verdict.textContent).toBe(
        'Verified: the seed matches the commitment and gives exactly the published result.',
      ),
    );
    expect(screen.getByTestId('verify-computed-commitment').textContent).toBe(commitment);
    expect(
      within(screen.getByTestId('verify-recomputed')).getByLabelText('4 3 3 8 4'),
    ).toBeTruthy();
  });

  it('does not take the server’s word: a published result the seed does not give fails', async () => {
    // The server even claims it verified; the browser's own computation says otherwise.
    setup(
      '/lotteryVerify?gameCode=ELOTT_1M&issue=20261124-0001',
      verifyRoutes([4, 3, 3, 8, 5]),
      false,
    );
    await waitFor(() =>
      expect(screen.getByTestId('verify-verdict').textContent).toBe(
        'Not verified: the seed gives a different result from the published one.',
      ),
    );
    expect(
      within(screen.getByTestId('verify-recomputed')).getByLabelText('4 3 3 8 4'),
    ).toBeTruthy();
  });
});
