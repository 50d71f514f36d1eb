import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { MemberBonus, MemberClaim, PromotionItem } from '@taya/contracts';
import { startSession } from '../lib/session';
import { statusWithFlags } from '../testing/auth-status';
import {
  calls,
  fail,
  installFakeApi,
  ok,
  type FakeRoutes,
  type RecordedRequest,
} from '../testing/fake-api';
import { identityRoutes, memberInfoFixture } from '../testing/identity-fixtures';
import { renderApp } from '../testing/render-app';

const listPath = '/wps/promotions';
const summaryPath = '/wps/member/promotions/summary';
const claimsPath = '/wps/member/promotions/claims';
const bonusesPath = '/wps/member/bonuses';

const firstId = '5f0c8b52-1b7a-4f63-9d2e-1a2b3c4d5e01';
const rebateId = '5f0c8b52-1b7a-4f63-9d2e-1a2b3c4d5e02';
const applyId = '5f0c8b52-1b7a-4f63-9d2e-1a2b3c4d5e03';

function promotion(id: string, overrides: Partial<PromotionItem> = {}): PromotionItem {
  return {
    id,
    kind: 'deposit_first',
    category: 'deposit',
    title: 'First deposit bonus',
    content: 'Double your first deposit',
    startsAt: '2026-01-01T00:00:00.000Z',
    endsAt: null,
    state: 'Claim',
    reason: 'deposit_qualified',
    claimAmount: '200.00',
    claimsMade: 0,
    perMemberLimit: 1,
    currency: 'TLB',
    terms: {
      bonus: '200.00',
      turnoverMultipleTenths: 50,
      turnoverOn: 'bonus',
      turnoverRequired: '1000.00',
      countedGames: 'all',
      wallet: 'bonus',
      expiresAt: null,
    },
    ...overrides,
  };
}

const depositRules = {
  kind: 'deposit_first',
  percentBps: 10_000,
  cap: '1000.00',
  minDeposit: '100.00',
  turnoverMultipleTenths: 50,
} as const;

const rebate = promotion(rebateId, {
  kind: 'rebate',
  category: 'rebate',
  title: 'Daily slots rebate',
  state: 'Joined',
  reason: 'paid_daily',
  claimAmount: null,
});

const uploadIds = ['0b7e1c9a-5d2f-4c3b-9a8e-1f2d3c4b5a61', '0b7e1c9a-5d2f-4c3b-9a8e-1f2d3c4b5a62'];

function uploadRoute(request: RecordedRequest) {
  const files = (request.body as FormData).getAll('files') as File[];
  return ok(
    files.map((file, index) => ({ id: uploadIds[index], contentType: file.type, size: file.size })),
  );
}

/** A server whose list answers from `items`; a claim turns the promotion into Claimed. */
function promotionRoutes(items: PromotionItem[], overrides: FakeRoutes = {}): FakeRoutes {
  return {
    [`GET ${listPath}`]: () => ok({ list: items }),
    [`GET ${listPath}/${firstId}`]: () =>
      ok({
        ...items.find((p) => p.id === firstId),
        content: '<p>Double it <img src=x onerror="alert(1)"><script>alert(2)</script></p>',
        rules: depositRules,
      }),
    [`POST ${listPath}/${firstId}/claim`]: () => {
      const found = items.find((p) => p.id === firstId);
      if (found) Object.assign(found, { state: 'Claimed', reason: 'limit_reached', claimsMade: 1 });
      return ok({
        claimId: 'claim-1',
        promotionId: firstId,
        amount: '200.00',
        turnoverAdded: '1000.00',
        wallet: 'bonus',
        replayed: false,
      });
    },
    [`GET ${summaryPath}`]: () =>
      ok({
        availablePromoCount: items.filter((p) => p.state === 'Claim').length,
        availablePromo: [{ type: 'REFERRAL', enabled: false }],
        rewardBadge: items.some((p) => p.state === 'Claim'),
      }),
    'POST /wps/member/uploads': uploadRoute,
    // The member already owes 4.00 of a deposit's turnover.
    [`GET ${bonusesPath}`]: () =>
      ok({ list: [], bonusBalance: '0.00', turnoverRemaining: '4.00', currency: 'TLB' }),
    ...overrides,
  };
}

function setup(url: string, loggedIn: boolean, routes: FakeRoutes) {
  const api = installFakeApi(
    statusWithFlags([]),
    identityRoutes({
      'GET /wps/member/info': () => ok(memberInfoFixture({ type: 0, account: 'alice88' })),
      'GET /wps/system/notices': () => ok({ list: [] }),
      ...routes,
    }),
  );
  if (loggedIn) startSession('token-alice', 0);
  const user = userEvent.setup();
  renderApp(url);
  return { ...api, user };
}

const scrolled: string[] = [];
Element.prototype.scrollIntoView = function scrollIntoView(this: Element) {
  scrolled.push(this.id);
};
afterEach(() => {
  scrolled.length = 0;
});

describe('/promotions', () => {
  it('shows a visitor the promotions by category, and Join leads to the log-in popup', async () => {
    const items = [
      promotion(firstId, { state: 'Join', reason: 'login_required', claimAmount: null }),
      rebate,
    ];
    const { user, requests } = setup('/promotions', false, promotionRoutes(items));

    const list = await screen.findByTestId('promotion-list');
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(calls(requests, 'GET', listPath)[0]?.query.get('language')).toBe('EN');
    const card = screen.getByTestId(`promotion-${firstId}`);
    expect(within(card).getByText('First deposit bonus', { selector: 'h2' })).toBeTruthy();
    expect(within(card).getByText('Log in to take part.')).toBeTruthy();
    expect(card.querySelector('[data-state="Join"]')?.textContent).toBe('Join');

    // Category tabs come from the data.
    await user.click(screen.getByRole('button', { name: 'Rebates' }));
    expect(screen.queryByTestId(`promotion-${firstId}`)).toBeNull();
    const rebateCard = screen.getByTestId(`promotion-${rebateId}`);
    expect(
      within(rebateCard).getByText('Paid automatically every day from your valid bets.'),
    ).toBeTruthy();
    expect(rebateCard.querySelector('[data-state="Joined"]')?.textContent).toBe('Joined');
    await user.click(screen.getByRole('button', { name: 'All' }));

    await user.click(screen.getByTestId(`promotion-action-${firstId}`));
    expect(await screen.findByRole('dialog', { name: 'Log in' })).toBeTruthy();
    expect(calls(requests, 'POST', `${listPath}/${firstId}/claim`)).toHaveLength(0);
  });

  it('opens the anchored promotion with its rules and claims it once per intent', async () => {
    const items = [promotion(firstId), rebate];
    let failNext = true;
    const routes = promotionRoutes(items);
    const claim = routes[`POST ${listPath}/${firstId}/claim`]!;
    routes[`POST ${listPath}/${firstId}/claim`] = (request) => {
      // The first try gets no answer it can trust: the retry must carry the same id.
      if (failNext) {
        failNext = false;
        return fail(503, 'service_unavailable');
      }
      return claim(request);
    };
    const { user, requests } = setup(`/promotions#${firstId}`, true, routes);

    const detail = await screen.findByTestId('promotion-detail', {}, { timeout: 5000 });
    await waitFor(() => expect(scrolled).toContain(firstId));
    const rules = within(detail).getByTestId('promotion-rules');
    expect(within(rules).getByText('Bonus of 100% of your first deposit')).toBeTruthy();
    expect(within(rules).getByText('Largest bonus: ₱ 1,000.00')).toBeTruthy();
    expect(within(rules).getByText('Smallest qualifying deposit: ₱ 100.00')).toBeTruthy();
    expect(within(rules).getByText('Wager the bonus 5× before withdrawing')).toBeTruthy();
    // Operator HTML is sanitised: the text stays, the image and script go.
    expect(within(detail).getByText('Double it')).toBeTruthy();
    expect(detail.querySelector('img, script')).toBeNull();

    const card = screen.getByTestId(`promotion-${firstId}`);
    expect(within(card).getByText('You can claim ₱ 200.00')).toBeTruthy();
    const button = within(card).getByRole('button', { name: 'Claim' });
    await user.click(button);
    await user.click(await screen.findByTestId('terms-confirm'));
    expect(await within(card).findByRole('alert')).toBeTruthy();
    await user.click(within(card).getByRole('button', { name: 'Claim' }));
    await user.click(await screen.findByTestId('terms-confirm'));

    const result = await screen.findByTestId('claim-result');
    expect(within(result).getByTestId('claim-amount').textContent).toBe('₱\u00a0200.00');
    expect(within(result).getByTestId('claim-turnover').textContent).toBe(
      'Turnover added: ₱\u00a01,000.00',
    );
    const sent = calls(requests, 'POST', `${listPath}/${firstId}/claim`);
    expect(sent).toHaveLength(2);
    const [firstTry, retry] = sent.map((r) => (r.body as { requestId: string }).requestId);
    expect(firstTry).toMatch(/^[\w-]{8,64}$/);
    expect(retry).toBe(firstTry);

    // The list, the balance and the badge are asked again: the card now says Claimed.
    await user.click(within(result).getByRole('button', { name: 'Done' }));
    await waitFor(() =>
      expect(card.querySelector('[data-state]')?.getAttribute('data-state')).toBe('Claimed'),
    );
    expect(within(card).queryByRole('button', { name: 'Claim' })).toBeNull();
  });

  it('takes an application with a counted comment and uploaded images', async () => {
    const items = [
      promotion(applyId, {
        kind: 'application',
        category: 'events',
        title: 'Share your big win',
        state: 'Join',
        reason: 'apply_open',
        claimAmount: null,
      }),
    ];
    const applied: unknown[] = [];
    const { user, requests } = setup(
      '/promotions',
      true,
      promotionRoutes(items, {
        [`POST ${listPath}/${applyId}/apply`]: (request) => {
          applied.push(request.body);
          return ok({
            id: 'app-1',
            promotionId: applyId,
            status: 'pending',
            comment: 'My win',
            imageIds: uploadIds.slice(0, 1),
            reason: null,
            amount: null,
            createdAt: '2026-03-01T10:00:00.000Z',
            decidedAt: null,
            replayed: false,
          });
        },
      }),
    );
    Object.defineProperty(URL, 'createObjectURL', {
      configurable: true,
      writable: true,
      value: () => 'blob:taya/1',
    });
    Object.defineProperty(URL, 'revokeObjectURL', {
      configurable: true,
      writable: true,
      value: () => undefined,
    });

    await user.click(await screen.findByRole('button', { name: 'Apply' }));
    const dialog = await screen.findByTestId('application-dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Send application' }));
    expect(within(dialog).getByText('Write a comment.')).toBeTruthy();
    expect(calls(requests, 'POST', `${listPath}/${applyId}/apply`)).toHaveLength(0);

    const comment = within(dialog).getByLabelText('Comment');
    await user.type(comment, 'My win');
    expect(within(dialog).getByTestId('comment-counter').textContent).toContain('6/140');
    expect(comment.getAttribute('maxlength')).toBe('140');
    await user.upload(
      within(dialog).getByLabelText('Add images'),
      new File([new Uint8Array(10)], 'win.png', { type: 'image/png' }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Send application' }));

    await waitFor(() => expect(applied).toHaveLength(1));
    expect(applied[0]).toMatchObject({ comment: 'My win', imageIds: [uploadIds[0]] });
    expect((applied[0] as { requestId: string }).requestId).toMatch(/^[\w-]{8,64}$/);
    expect(calls(requests, 'POST', '/wps/member/uploads')).toHaveLength(1);
    expect(await screen.findByText('Application sent. We will review it soon.')).toBeTruthy();
  });
  it('shows the terms before a claim: Cancel claims nothing, Claim sends it', async () => {
    const items = [
      promotion(firstId, {
        claimAmount: '500.00',
        endsAt: '2026-12-31T15:59:00.000Z',
        terms: {
          bonus: '500.00',
          turnoverMultipleTenths: 50,
          turnoverOn: 'bonus',
          turnoverRequired: '2500.00',
          countedGames: 'all',
          wallet: 'bonus',
          expiresAt: null,
        },
      }),
    ];
    const { user, requests } = setup('/promotions', true, promotionRoutes(items));
    const card = await screen.findByTestId(`promotion-${firstId}`);

    await user.click(within(card).getByRole('button', { name: 'Claim' }));
    const dialog = await screen.findByRole('dialog', { name: 'Before you claim' });
    expect(within(dialog).getByTestId('terms-bonus').textContent).toBe('₱\u00a0500.00');
    expect(within(dialog).getByTestId('terms-turnover').textContent).toBe(
      '5× the bonus: ₱\u00a02,500.00',
    );
    expect(within(dialog).getByTestId('terms-games').textContent).toBe(
      'Valid bets on every game count in full.',
    );
    expect(within(dialog).getByTestId('terms-expiry').textContent).toMatch(
      /^The bonus does not expire and the turnover has no deadline\. Claim by .*2026/,
    );
    // The 4.00 already owed plus the bonus's 2,500.00: what claiming blocks a withdrawal on.
    await waitFor(() =>
      expect(within(dialog).getByTestId('terms-withdrawal').textContent).toBe(
        'Withdrawing any cash, your own deposits included, is blocked until the turnover is wagered. You will need to wager ₱\u00a02,504.00 before you can withdraw. That is ₱\u00a02,500.00 for this bonus plus ₱\u00a04.00 you already had to wager.',
      ),
    );

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByTestId('claim-terms')).toBeNull();
    expect(calls(requests, 'POST', `${listPath}/${firstId}/claim`)).toHaveLength(0);
    expect(screen.queryByTestId('claim-result')).toBeNull();

    await user.click(within(card).getByRole('button', { name: 'Claim' }));
    await user.click(await screen.findByTestId('terms-confirm'));
    await screen.findByTestId('claim-result');
    expect(screen.queryByTestId('claim-terms')).toBeNull();
    expect(calls(requests, 'POST', `${listPath}/${firstId}/claim`)).toHaveLength(1);
  });

  it('says when a bonus adds no turnover', async () => {
    const items = [
      promotion(firstId, {
        terms: {
          bonus: '200.00',
          turnoverMultipleTenths: 0,
          turnoverOn: 'bonus',
          turnoverRequired: '0.00',
          countedGames: 'all',
          wallet: 'bonus',
          expiresAt: null,
        },
      }),
    ];
    const { user } = setup('/promotions', true, promotionRoutes(items));
    const card = await screen.findByTestId(`promotion-${firstId}`);
    await user.click(within(card).getByRole('button', { name: 'Claim' }));
    const dialog = await screen.findByTestId('claim-terms');
    expect(within(dialog).getByTestId('terms-turnover').textContent).toBe(
      'No turnover requirement',
    );
    expect(within(dialog).getByTestId('terms-withdrawal').textContent).toBe(
      'This bonus adds no turnover: it does not block a withdrawal.',
    );
  });

  it('draws a lucky draw and shows the prize, or says it won nothing', async () => {
    const raffleId = '5f0c8b52-1b7a-4f63-9d2e-1a2b3c4d5e04';
    const items = [
      promotion(raffleId, {
        kind: 'raffle',
        category: 'events',
        title: 'Daily lucky draw',
        state: 'Claim',
        reason: 'draw_available',
        claimAmount: null,
      }),
    ];
    const draws: unknown[] = [];
    const { user } = setup(
      '/promotions',
      true,
      promotionRoutes(items, {
        'POST /wps/relay/MCS2_claimRafflePromotion': (request) => {
          draws.push(request.body);
          const won = draws.length === 1;
          return ok({
            claimId: `draw-${draws.length}`,
            promotionId: raffleId,
            amount: won ? '8.88' : '0.00',
            turnoverAdded: won ? '8.88' : '0.00',
            wallet: 'bonus',
            replayed: false,
            won,
            drawsLeftToday: 2 - draws.length,
          });
        },
      }),
    );

    await user.click(await screen.findByRole('button', { name: 'Draw' }));
    const prize = await screen.findByTestId('claim-result');
    expect(within(prize).getByTestId('claim-amount').textContent).toBe('₱\u00a08.88');
    expect(draws[0]).toMatchObject({ promotionId: raffleId });
    await user.click(within(prize).getByRole('button', { name: 'Done' }));

    await user.click(screen.getByRole('button', { name: 'Draw' }));
    const nothing = await screen.findByTestId('claim-result');
    expect(within(nothing).getByText('No prize this time')).toBeTruthy();
    // Each draw is its own intent: a new request id.
    const ids = draws.map((body) => (body as { requestId: string }).requestId);
    expect(new Set(ids).size).toBe(2);
  });
});

describe('reward centre and bonus details', () => {
  const claim: MemberClaim = {
    id: 'claim-0',
    promotionId: rebateId,
    kind: 'rebate',
    title: 'Daily slots rebate',
    amount: '12.50',
    turnover: '12.50',
    wallet: 'bonus',
    createdAt: '2026-03-01T10:00:00.000Z',
  };

  it('lists what can be claimed now and what was received, with the red badge', async () => {
    const items = [promotion(firstId), rebate];
    const { user, requests } = setup(
      '/member?tab=rewardCenter',
      true,
      promotionRoutes(items, {
        [`GET ${claimsPath}`]: () =>
          ok({ list: [claim], page: 1, size: 10, hasMore: false, currency: 'TLB' }),
      }),
    );

    const tab = await screen.findByRole('tab', { name: /Reward centre/ });
    const badge = await within(tab).findByTestId('reward-badge');
    expect(badge.textContent).toBe('1');
    expect(badge.getAttribute('aria-label')).toBe('Rewards to claim: 1');

    const claimable = await screen.findByTestId('claimable-list');
    expect(within(claimable).getByText('First deposit bonus')).toBeTruthy();
    expect(within(claimable).getByText('₱ 200.00')).toBeTruthy();
    const received = await screen.findByTestId('claim-claim-0');
    expect(within(received).getByText('Daily slots rebate')).toBeTruthy();
    expect(within(received).getByText('+₱ 12.50')).toBeTruthy();
    expect(within(received).getByText('Turnover: ₱ 12.50')).toBeTruthy();
    expect(calls(requests, 'GET', claimsPath)[0]?.query.get('page')).toBe('1');

    await user.click(within(claimable).getByRole('button', { name: 'Claim' }));
    await user.click(await screen.findByTestId('terms-confirm'));
    await screen.findByTestId('claim-result');
    // Nothing is left to claim: the badge goes, the list says so.
    await waitFor(() => expect(within(tab).queryByTestId('reward-badge')).toBeNull());
    expect(await screen.findByTestId('claimable-empty')).toBeTruthy();
  });

  it('shows each bonus’s turnover progress and what still blocks a withdrawal', async () => {
    const bonus = (overrides: Partial<MemberBonus>): MemberBonus => ({
      id: 'req-1',
      claimId: 'claim-1',
      promotionId: firstId,
      title: 'First deposit bonus',
      amount: '200.00',
      required: '1000.00',
      progressed: '250.00',
      remaining: '750.00',
      complete: false,
      releasedAt: null,
      createdAt: '2026-03-02T10:00:00.000Z',
      ...overrides,
    });
    setup(
      '/member?tab=bonusDetails',
      true,
      promotionRoutes([rebate], {
        [`GET ${bonusesPath}`]: () =>
          ok({
            list: [
              bonus({}),
              bonus({
                id: 'req-0',
                title: null,
                amount: null,
                required: '10.00',
                progressed: '10.00',
                remaining: '0.00',
                complete: true,
                releasedAt: null,
              }),
            ],
            bonusBalance: '210.00',
            turnoverRemaining: '950.00',
            currency: 'TLB',
          }),
      }),
    );

    expect((await screen.findByTestId('turnover-remaining')).textContent).toBe('₱\u00a0950.00');
    expect(screen.getByTestId('bonus-balance').textContent).toBe('₱\u00a0210.00');
    // What blocks a withdrawal and why: the open bonus's 750.00, and 200.00 of deposits.
    expect(screen.getByTestId('turnover-from-bonuses').textContent).toBe('₱\u00a0750.00');
    expect(screen.getByTestId('turnover-from-deposits').textContent).toBe('₱\u00a0200.00');
    expect(screen.getByTestId('withdrawal-blocked').textContent).toBe(
      'Withdrawing any cash, your own deposits included, is blocked until ₱\u00a0950.00 more is wagered. Valid bets on every game count in full.',
    );
    const open = await screen.findByTestId('bonus-req-1');
    const bar = within(open).getByRole('progressbar');
    expect(bar.getAttribute('aria-valuenow')).toBe('25');
    expect(within(open).getByTestId('bonus-progress').textContent).toBe(
      '₱\u00a0250.00 of ₱\u00a01,000.00 wagered',
    );
    expect(within(open).getByTestId('bonus-remaining').textContent).toBe(
      'Still to wager: ₱\u00a0750.00',
    );
    expect(within(open).getByText('In progress')).toBeTruthy();
    expect(within(open).getByText('Withdrawals wait until this turnover is wagered.')).toBeTruthy();
    const done = screen.getByTestId('bonus-req-0');
    expect(within(done).getByText('Bonus')).toBeTruthy();
    expect(within(done).getByText('Complete')).toBeTruthy();
    expect(within(done).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100');
    expect(within(done).queryByText('Withdrawals wait until this turnover is wagered.')).toBeNull();
  });
});
