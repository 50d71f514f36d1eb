import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import type { RedEnvelopeCurrent, ReferralSummary } from '@taya/contracts';
import { changeLanguage } from '../lib/i18n';
import { startSession } from '../lib/session';
import { statusWithFlags } from '../testing/auth-status';
import { calls, fail, installFakeApi, ok, type FakeRoutes } from '../testing/fake-api';
import { identityRoutes, memberInfoFixture } from '../testing/identity-fixtures';
import { renderApp } from '../testing/render-app';

const currentPath = '/wps/red-envelopes/current';
const promotionId = '6f1c2a4e-3b7d-4c1a-9e2f-0a1b2c3d4e5f';
const grabPath = `/wps/red-envelopes/${promotionId}/grab`;
const referralPath = '/wps/member/referral';

type Envelope = NonNullable<RedEnvelopeCurrent['envelope']>;

function envelope(overrides: Partial<Envelope> = {}): Envelope {
  return {
    promotionId,
    title: 'Red envelope rain',
    open: true,
    window: {
      start: '20:00',
      end: '20:10',
      opensAt: '2026-03-02T12:00:00.000Z',
      closesAt: '2026-03-02T12:10:00.000Z',
    },
    opensIn: 0,
    closesIn: 420,
    grabbed: false,
    grabbedAmount: null,
    poolLeft: true,
    minAmount: '1.00',
    maxAmount: '88.00',
    currency: 'TLB',
    ...overrides,
  };
}

function setup(routes: FakeRoutes, customerType = 0) {
  const api = installFakeApi(
    statusWithFlags([]),
    identityRoutes({
      'GET /wps/member/info': () => ok(memberInfoFixture({ type: customerType })),
      ...routes,
    }),
  );
  startSession('token-alice', customerType);
  return api;
}

/** Reduced motion asked for (or not) through matchMedia, as a browser reports it. */
function prefersReducedMotion(reduce: boolean) {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      matches: reduce && query.includes('prefers-reduced-motion'),
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    })),
  );
}

afterEach(() => {
  window.sessionStorage.clear();
});

describe('red-envelope rain', () => {
  it('falls during an open window; opening one shows the amount and asks once', async () => {
    // The clock stands still, so a slow machine cannot tick the countdown before it is read.
    vi.useFakeTimers({ toFake: ['Date'] });
    onTestFinished(() => {
      vi.useRealTimers();
    });
    prefersReducedMotion(false);
    let grabbed = false;
    const api = setup({
      [`GET ${currentPath}`]: () =>
        ok({
          envelope: envelope(grabbed ? { grabbed: true, grabbedAmount: '12.34' } : {}),
        }),
      [`POST ${grabPath}`]: () => {
        grabbed = true;
        return ok({
          claimId: 'c1',
          promotionId,
          window: '2026-03-02T20:00',
          amount: '12.34',
          turnoverAdded: '12.34',
          currency: 'TLB',
          replayed: false,
        });
      },
    });
    renderApp('/');
    const rain = await screen.findByTestId('red-envelope-rain');
    expect(within(rain).getByRole('heading', { name: 'Red envelope rain' })).toBeTruthy();
    expect(within(rain).getByText('Closes in 7:00')).toBeTruthy();
    const sky = within(rain).getByTestId('envelope-sky');
    expect(sky.className).toBe('envelope-sky');
    const drops = within(rain).getAllByRole('button', { name: 'Open a red envelope' });
    expect(drops.length).toBeGreaterThan(5);

    await userEvent.click(drops[3]!);
    expect((await within(rain).findByTestId('envelope-amount')).textContent).toBe('₱\u00a012.34');
    expect(within(rain).getByText(/Turnover to complete before withdrawal: ₱ 12.34/)).toBeTruthy();
    const posts = calls(api.requests, 'POST', grabPath);
    expect(posts).toHaveLength(1);
    expect((posts[0]!.body as { requestId: string }).requestId).toMatch(/^[\w-]{8,64}$/);
    // The header's balance is asked again.
    await waitFor(() =>
      expect(calls(api.requests, 'GET', '/wps/v2/wallets/balance').length).toBeGreaterThan(1),
    );

    // The header's close button and the outcome's own.
    const closers = within(rain).getAllByRole('button', { name: 'Close' });
    expect(closers).toHaveLength(2);
    await userEvent.click(closers[1]!);
    await waitFor(() => expect(screen.queryByTestId('red-envelope-rain')).toBeNull());
  });

  it('says so when the envelope of this window was already opened or the window closed', async () => {
    prefersReducedMotion(true);
    let reason = 'window_grabbed';
    setup({
      [`GET ${currentPath}`]: () => ok({ envelope: envelope() }),
      [`POST ${grabPath}`]: () => fail(409, 'conflict', { value: { state: 'Claimed', reason } }),
    });
    const view = renderApp('/');
    let rain = await screen.findByTestId('red-envelope-rain');
    // Less motion: the envelopes stand still.
    expect(within(rain).getByTestId('envelope-sky').className).toBe('envelope-sky is-still');
    await userEvent.click(within(rain).getAllByRole('button', { name: 'Open a red envelope' })[0]!);
    expect((await within(rain).findByTestId('envelope-refused')).textContent).toBe(
      "You have already opened this window's envelope.",
    );
    view.unmount();

    reason = 'window_closed';
    renderApp('/');
    rain = await screen.findByTestId('red-envelope-rain');
    await userEvent.click(within(rain).getAllByRole('button', { name: 'Open a red envelope' })[0]!);
    expect((await within(rain).findByTestId('envelope-refused')).textContent).toBe(
      'This window has closed. Come back for the next one.',
    );
  });

  it('stays away between windows, once opened, for trial players and once closed', async () => {
    prefersReducedMotion(true);
    const api = setup({
      [`GET ${currentPath}`]: () => ok({ envelope: envelope({ open: false, opensIn: 600 }) }),
    });
    const first = renderApp('/');
    await waitFor(() => expect(calls(api.requests, 'GET', currentPath).length).toBe(1));
    await screen.findByRole('complementary', { name: 'Main menu' });
    expect(screen.queryByTestId('red-envelope-rain')).toBeNull();
    first.unmount();

    const opened = setup({
      [`GET ${currentPath}`]: () =>
        ok({ envelope: envelope({ grabbed: true, grabbedAmount: '3.00' }) }),
    });
    const second = renderApp('/');
    await waitFor(() => expect(calls(opened.requests, 'GET', currentPath).length).toBe(1));
    await screen.findByRole('complementary', { name: 'Main menu' });
    expect(screen.queryByTestId('red-envelope-rain')).toBeNull();
    second.unmount();

    // Trial players are never asked.
    const trial = setup({ [`GET ${currentPath}`]: () => ok({ envelope: envelope() }) }, 4);
    const third = renderApp('/');
    await screen.findByRole('complementary', { name: 'Main menu' });
    expect(calls(trial.requests, 'GET', currentPath)).toHaveLength(0);
    third.unmount();

    // Closed by the member: it does not fall again in this session.
    setup({ [`GET ${currentPath}`]: () => ok({ envelope: envelope() }) });
    const fourth = renderApp('/');
    const rain = await screen.findByTestId('red-envelope-rain');
    await userEvent.click(within(rain).getByRole('button', { name: 'Close' }));
    fourth.unmount();
    const again = setup({ [`GET ${currentPath}`]: () => ok({ envelope: envelope() }) });
    renderApp('/');
    await waitFor(() => expect(calls(again.requests, 'GET', currentPath).length).toBe(1));
    await screen.findByRole('complementary', { name: 'Main menu' });
    expect(screen.queryByTestId('red-envelope-rain')).toBeNull();
  });
});

describe('red-envelope screen', () => {
  it('lists the windows in the merchant’s time and my envelopes, linked from the side menu', async () => {
    setup({
      'GET /wps/red-envelopes': () =>
        ok({
          timeZone: 'Asia/Manila',
          list: [
            {
              promotionId,
              title: 'Red envelope rain',
              content: 'Open one per window',
              startsAt: '2026-01-01T00:00:00.000Z',
              endsAt: null,
              windows: [
                { start: '12:00', end: '12:10' },
                { start: '20:00', end: '20:10' },
              ],
              open: null,
              next: {
                start: '20:00',
                end: '20:10',
                opensAt: '2026-03-02T12:00:00.000Z',
                closesAt: '2026-03-02T12:10:00.000Z',
              },
              poolLeft: true,
              minAmount: '1.00',
              maxAmount: '88.00',
              currency: 'TLB',
            },
          ],
        }),
      'GET /wps/member/red-envelopes/grabs': () =>
        ok({
          list: [
            {
              claimId: 'c1',
              promotionId,
              title: 'Red envelope rain',
              window: '2026-03-01T12:00',
              amount: '8.88',
              turnoverAdded: '8.88',
              createdAt: '2026-03-01T04:02:00.000Z',
            },
          ],
          currency: 'TLB',
        }),
    });
    renderApp('/redEnvelope');
    const card = await screen.findByTestId('envelope-card');
    expect(within(card).getByText('12:00 – 12:10')).toBeTruthy();
    expect(within(card).getByText('20:00 – 20:10')).toBeTruthy();
    expect(within(card).getByText('Times in Asia/Manila')).toBeTruthy();
    expect(within(card).getByText('₱ 1.00 – ₱ 88.00')).toBeTruthy();
    expect(within(card).getByText(/^Next window: Mar 2, 2026, 8:00/)).toBeTruthy();
    const grabs = await screen.findByTestId('envelope-grabs');
    expect(within(grabs).getByText('₱ 8.88')).toBeTruthy();
    const menu = within(await screen.findByRole('complementary', { name: 'Main menu' }));
    expect(menu.getByRole('link', { name: 'Red envelopes' }).getAttribute('href')).toBe(
      '/redEnvelope',
    );
  });
});

function referral(overrides: Partial<ReferralSummary> = {}): ReferralSummary {
  return {
    code: 'A1B2C3D4E5',
    promotion: {
      id: 'p1',
      title: 'Invite friends, earn 100',
      content: 'Share your link',
      reward: '100.00',
      minDeposit: '200.00',
      minValidBet: '1000.00',
      maxFriends: 20,
      turnoverMultipleTenths: 30,
      endsAt: null,
    },
    friends: [
      {
        name: 'bo***ob',
        registeredAt: '2026-03-01T10:00:00.000Z',
        deposited: '200.00',
        validBet: '1000.00',
        status: 'rewarded',
        reward: '100.00',
      },
      {
        name: 'ca***ol',
        registeredAt: '2026-03-02T10:00:00.000Z',
        deposited: '50.00',
        validBet: '0.00',
        status: 'in_progress',
        reward: null,
      },
    ],
    friendsRewarded: 1,
    totalEarned: '100.00',
    currency: 'TLB',
    ...overrides,
  };
}

describe('refer and earn (member centre, referral tab)', () => {
  it('shows my invite link with its QR code, my friends’ progress and my earnings', async () => {
    setup({ [`GET ${referralPath}`]: () => ok(referral()) });
    renderApp('/member?tab=referral');
    const panel = await screen.findByTestId('referral-panel');
    const link = within(panel).getByTestId('referral-link');
    expect(link.textContent).toBe(`${window.location.origin}/register?referralCode=A1B2C3D4E5`);
    expect(within(panel).getByTestId('referral-code').textContent).toBe('A1B2C3D4E5');
    expect(within(panel).getByRole('button', { name: 'Copy Invite link' })).toBeTruthy();
    expect(within(panel).getByTitle('QR code of your invite link')).toBeTruthy();
    expect(within(panel).getByTestId('referral-terms').textContent).toContain(
      'Earn ₱\u00a0100.00 for each friend who registers with your link, deposits ₱\u00a0200.00 and bets ₱\u00a01,000.00 in total.',
    );
    expect(
      within(panel).getByText(
        'Rewarded for up to 20 friends; each reward is wagered 3× before withdrawal.',
      ),
    ).toBeTruthy();
    expect(within(panel).getByTestId('referral-earned').textContent).toBe('₱\u00a0100.00');
    const friends = within(panel).getAllByRole('listitem');
    expect(friends).toHaveLength(2);
    expect(within(friends[0]!).getByText('Rewarded')).toBeTruthy();
    expect(within(friends[1]!).getByText('In progress')).toBeTruthy();
    expect(within(friends[1]!).getByText('₱ 50.00 / ₱ 200.00')).toBeTruthy();
  });

  it('says when no referral promotion runs, and speaks the member’s language', async () => {
    setup({ [`GET ${referralPath}`]: () => ok(referral({ promotion: null, friends: [] })) });
    await changeLanguage('MY');
    try {
      renderApp('/member?tab=referral');
      const panel = await screen.findByTestId('referral-panel');
      expect(within(panel).getByTestId('referral-off').textContent).toBe(
        'ယခု ဖိတ်ခေါ်ပြီး ရယူသည့် ပရိုမိုးရှင်း မရှိပါ။ သင့်လင့်ခ်ဖြင့် စာရင်းသွင်းသော သူငယ်ချင်းများကို ဆက်လက် မှတ်တမ်းတင်ထားပါသည်။',
      );
      expect(within(panel).getByText('သင့်လင့်ခ်ဖြင့် စာရင်းသွင်းထားသော သူငယ်ချင်း မရှိသေးပါ။')).toBeTruthy();
    } finally {
      await changeLanguage('EN');
    }
  });
});
