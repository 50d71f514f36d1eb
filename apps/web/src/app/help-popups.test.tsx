import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AnnouncementItem, HelpArticle, SystemStatusValue } from '@taya/contracts';
import { currentLanguage } from '../lib/i18n';
import { getMerchantCode, getToken, setFirstLogin, startSession } from '../lib/session';
import { statusWithFlags } from '../testing/auth-status';
import { calls, installFakeApi, ok, type FakeRoutes } from '../testing/fake-api';
import { identityRoutes } from '../testing/identity-fixtures';
import { renderApp } from '../testing/render-app';

const helpPath = '/wps/system/helpCenter';
const announcementsPath = '/wps/relay/MCSFE_getListAnnouncements';

function article(tag: HelpArticle['tag'], title: string, extra: Partial<HelpArticle> = {}) {
  return {
    id: `a-${tag}`,
    title,
    content: `<p>${title} text</p>`,
    lang: 'EN',
    display: true,
    tag,
    children: [],
    ...extra,
  } satisfies HelpArticle;
}

const helpCentre: HelpArticle[] = [
  article('aboutus', 'About us'),
  article('deposit', 'Deposits'),
  article('faqs', 'FAQs', {
    children: [
      article('faqs', 'How do I reset my password?', {
        id: 'q1',
        content: '<p>Use <strong>Forgot password</strong>.</p>',
      }),
      article('faqs', 'How long does a withdrawal take?', { id: 'q2' }),
    ],
  }),
  article('terms', 'Terms and conditions', {
    content:
      '<h3>Eligibility</h3><p onclick="steal()">You must be 18 or older.</p>' +
      '<script>window.hacked = true</script><a href="javascript:alert(1)">bad link</a>' +
      '<a href="https://example.com/rules">rules</a><img src="x" onerror="window.hacked = true">',
  }),
];

function announcement(id: string, extra: Partial<AnnouncementItem> = {}): AnnouncementItem {
  return {
    id,
    type: 'PL',
    title: `Announcement ${id}`,
    content: `Text of ${id}`,
    groupName: null,
    execution: 'B',
    promotionType: null,
    linkageType: 'NONE',
    url: null,
    announcementImages: [],
    publishedAt: '2026-03-01T10:00:00.000Z',
    ...extra,
  };
}

const emptyLists = { banners: [], player: [], popup: [], promotion: [], help: [] };

/** Announcements by type and execution, as the server answers them. */
function announcementRoute(
  player: AnnouncementItem[],
  popups: Partial<Record<'A' | 'B' | 'F', AnnouncementItem[]>> = {},
): FakeRoutes {
  return {
    [`GET ${announcementsPath}`]: (request) => {
      const types = request.query.get('types');
      const execution = (request.query.get('execution') ?? 'B') as 'A' | 'B' | 'F';
      if (types === 'PL') return ok({ ...emptyLists, player });
      if (types === 'PU') {
        const popup =
          execution === 'F'
            ? [...(popups.A ?? []), ...(popups.F ?? [])]
            : (popups[execution] ?? []);
        return ok({ ...emptyLists, popup });
      }
      return ok(emptyLists);
    },
  };
}

function setup(url: string, routes: FakeRoutes = {}, status = statusWithFlags(['USERNAMEREG3'])) {
  const api = installFakeApi(
    status,
    identityRoutes({ [`GET ${helpPath}`]: () => ok(helpCentre), ...routes }),
  );
  const user = userEvent.setup();
  const view = renderApp(url);
  return { ...api, user, view };
}

function withDisclaimer(): SystemStatusValue {
  const base = statusWithFlags(['USERNAMEREG3']);
  return {
    ...base,
    info: {
      ...base.info,
      whitelabel: [
        ...base.info.whitelabel,
        { modId: 'DISCLAIMER3', enabled: '1', childrenNodes: [] },
      ],
    },
  };
}

describe('help centre popup', () => {
  it('opens the terms straight from /help#term, with the operator HTML cleaned', async () => {
    const { requests } = setup('/help#term');
    const popup = await screen.findByTestId('help-popup');
    expect(popup.getAttribute('role')).toBe('dialog');
    await within(popup).findByText('You must be 18 or older.');
    expect(screen.getByRole('dialog', { name: 'Terms and conditions' })).toBe(popup);
    const body = within(popup).getByTestId('help-article');
    expect(body.getAttribute('data-tag')).toBe('terms');
    expect(body.querySelector('script, img, [onclick], [onerror]')).toBeNull();
    expect(within(body).getByText('bad link').getAttribute('href')).toBeNull();
    expect(within(body).getByRole('link', { name: 'rules' }).getAttribute('href')).toBe(
      'https://example.com/rules',
    );
    expect((window as { hacked?: boolean }).hacked).toBeUndefined();
    const asked = calls(requests, 'GET', helpPath)[0];
    expect(asked?.query.get('lang')).toBe('EN');
    expect(asked?.query.get('device')).toBe('WEB');
  });

  it('lists the topics, opens one, expands its questions, and goes back', async () => {
    const { user } = setup('/help');
    const popup = await screen.findByRole('dialog', { name: 'Help centre' });
    const topics = await within(popup).findByRole('list', { name: 'Help topics' });
    expect(
      within(topics)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['About us', 'Deposits', 'FAQs', 'Terms and conditions']);
    await user.click(within(topics).getByRole('button', { name: 'FAQs' }));
    const question = within(popup).getByRole('button', { name: 'How do I reset my password?' });
    expect(question.getAttribute('aria-expanded')).toBe('false');
    expect(within(popup).queryByText('Forgot password')).toBeNull();
    await user.click(question);
    expect(question.getAttribute('aria-expanded')).toBe('true');
    expect(within(popup).getByText('Forgot password').tagName).toBe('STRONG');
    await user.click(within(popup).getByRole('button', { name: 'All topics' }));
    expect(within(popup).getByRole('list', { name: 'Help topics' })).toBeTruthy();
  });

  it('opens the topic a footer link names', async () => {
    setup('/help#deposit');
    const popup = await screen.findByTestId('help-popup');
    expect((await within(popup).findByTestId('help-article')).getAttribute('data-tag')).toBe(
      'deposit',
    );
  });
});

describe('announcement popup', () => {
  it('pages the player announcements 9 at a time and leads a promotion to the reward centre', async () => {
    const items = Array.from({ length: 12 }, (_, i) =>
      announcement(String(i + 1), i === 9 ? { promotionType: 'DEPOSIT_BONUS' } : {}),
    );
    startSession('token-alice', 3);
    const { user, requests } = setup('/', announcementRoute(items));
    await user.click(await screen.findByTestId('notice-bell'));
    const notices = await screen.findByTestId('notice-popup');
    await user.click(within(notices).getByRole('button', { name: 'Announcements' }));

    const popup = await screen.findByTestId('announcement-popup');
    expect(screen.queryByTestId('notice-popup')).toBeNull();
    await within(popup).findAllByTestId('announcement-item');
    expect(within(popup).getAllByTestId('announcement-item')).toHaveLength(9);
    expect(within(popup).getByText('Announcement 9')).toBeTruthy();
    expect(within(popup).queryByText('Announcement 10')).toBeNull();
    const asked = calls(requests, 'GET', announcementsPath).find(
      (r) => r.query.get('types') === 'PL',
    );
    expect(asked?.query.get('execution')).toBe('A');
    expect(asked?.headers.get('Authorization')).toBe('Bearer token-alice');

    const previous = within(popup).getByRole('button', { name: 'Previous' });
    expect((previous as HTMLButtonElement).disabled).toBe(true);
    await user.click(within(popup).getByRole('button', { name: 'Next' }));
    expect(within(popup).getAllByTestId('announcement-item')).toHaveLength(3);
    expect(
      (within(popup).getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled,
    ).toBe(true);

    // An item without a promotion has no promotion button.
    await user.click(within(popup).getByRole('button', { name: 'Announcement 11' }));
    expect(within(popup).getByText('Text of 11')).toBeTruthy();
    await user.click(within(popup).getByRole('button', { name: 'Announcement 10' }));
    const buttons = within(popup).getAllByRole('button', { name: 'Go to promotion' });
    expect(buttons).toHaveLength(1);
    await user.click(buttons[0]!);
    await waitFor(() => expect(screen.queryByTestId('announcement-popup')).toBeNull());
    expect(window.location.pathname).toBe('/member');
    expect(new URLSearchParams(window.location.search).get('tab')).toBe('rewardCenter');
  });
});

describe('session popups', () => {
  it('shows the visitor popups once per session', async () => {
    const routes = announcementRoute([], { B: [announcement('pub', { type: 'PU' })] });
    const { user, view } = setup('/', routes);
    const popup = await screen.findByTestId('session-popup');
    expect(screen.getByRole('dialog', { name: 'Announcement' })).toBe(popup);
    expect(within(popup).getByText('Announcement pub')).toBeTruthy();
    await user.click(within(popup).getByRole('button', { name: 'Got it' }));
    expect(screen.queryByTestId('session-popup')).toBeNull();
    expect(window.sessionStorage.getItem('taya.popupsClosed.B')).toBe('1');

    // Same session, page opened again: not shown again, not even asked for.
    view.unmount();
    const again = setup('/', routes);
    await screen.findByTestId('site-footer');
    await waitFor(() => expect(calls(again.requests, 'GET', '/wps/system/notices').length).toBe(1));
    expect(screen.queryByTestId('session-popup')).toBeNull();
    expect(
      calls(again.requests, 'GET', announcementsPath).filter((r) => r.query.get('types') === 'PU'),
    ).toHaveLength(0);
  });

  it('shows the players their own set, with the first-log-in ones on a first log-in', async () => {
    // The visitor set was already closed in this session; a log-in brings the players' set.
    window.sessionStorage.setItem('taya.popupsClosed.B', '1');
    const routes = announcementRoute([], {
      A: [announcement('everyone', { type: 'PU', execution: 'A' })],
      F: [announcement('welcome', { type: 'PU', execution: 'F' })],
    });
    const { requests, view } = setup('/', routes);
    await screen.findByTestId('site-footer');
    expect(screen.queryByTestId('session-popup')).toBeNull();
    // The log-in flow keeps the token and the server's first-log-in answer.
    act(() => {
      startSession('token-alice', 3);
      setFirstLogin(true);
    });
    const popup = await screen.findByTestId('session-popup');
    expect(screen.getByRole('dialog', { name: 'News for you' })).toBe(popup);
    expect(
      within(popup)
        .getAllByTestId('session-popup-item')
        .map((i) => i.textContent),
    ).toEqual(['Announcement everyoneText of everyone', 'Announcement welcomeText of welcome']);
    const asked = calls(requests, 'GET', announcementsPath).find(
      (r) => r.query.get('types') === 'PU',
    );
    expect(asked?.query.get('execution')).toBe('F');
    expect(asked?.headers.get('Authorization')).toBe('Bearer token-alice');

    // Escape closes it like the button does, and it stays closed for this session.
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByTestId('session-popup')).toBeNull();
    expect(window.sessionStorage.getItem('taya.popupsClosed.A')).toBe('1');
    view.unmount();
    setup('/', routes);
    await screen.findByTestId('site-footer');
    expect(screen.queryByTestId('session-popup')).toBeNull();
  });
});

describe('disclaimer popup', () => {
  it('stays until accepted: no close button, Escape and the cover do nothing', async () => {
    const { user, view } = setup('/', {}, withDisclaimer());
    const popup = await screen.findByTestId('disclaimer-popup');
    expect(screen.getByRole('dialog', { name: 'Before you continue' })).toBe(popup);
    expect(within(popup).queryByRole('button', { name: 'Close' })).toBeNull();
    expect(within(popup).getByText(/18 years of age or older/)).toBeTruthy();

    fireEvent.keyDown(document, { key: 'Escape' });
    await user.click(popup.parentElement!);
    expect(screen.getByTestId('disclaimer-popup')).toBe(popup);

    await user.click(within(popup).getByRole('button', { name: 'Leave' }));
    expect(screen.getByRole('dialog', { name: 'You must be 18 or older' })).toBeTruthy();
    expect(within(popup).getByTestId('disclaimer-under-age')).toBeTruthy();
    expect(within(popup).queryByRole('button', { name: 'Accept' })).toBeNull();
    await user.click(within(popup).getByRole('button', { name: 'Back' }));

    await user.click(within(popup).getByRole('button', { name: 'Accept' }));
    expect(screen.queryByTestId('disclaimer-popup')).toBeNull();
    expect(window.sessionStorage.getItem('taya.disclaimerAccepted')).toBe('1');

    view.unmount();
    setup('/', {}, withDisclaimer());
    await screen.findByTestId('site-footer');
    expect(screen.queryByTestId('disclaimer-popup')).toBeNull();
  });

  it('is not shown when the merchant has the flag off', async () => {
    setup('/');
    await screen.findByTestId('site-footer');
    expect(screen.queryByTestId('disclaimer-popup')).toBeNull();
  });
});

describe('region select popup', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('switches region: stores the merchant, sets the language, clears the session and reloads home', async () => {
    startSession('token-alice', 3);
    window.sessionStorage.setItem('taya.popupsClosed.A', '1');
    const { user } = setup('/');
    const menu = await screen.findByRole('complementary');
    await user.click(within(menu).getByRole('button', { name: 'Region' }));
    const popup = await screen.findByTestId('region-popup');
    expect(screen.getByRole('dialog', { name: 'Select region' })).toBe(popup);
    const philippines = within(popup).getByRole('radio', { name: /Philippines/ });
    expect((philippines as HTMLInputElement).checked).toBe(true);

    await user.click(within(popup).getByRole('radio', { name: /Myanmar/ }));
    const language = within(popup).getByRole('combobox', { name: 'Language' });
    expect((language as HTMLSelectElement).value).toBe('EN');
    await user.selectOptions(language, 'MY');

    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    await user.click(within(popup).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/'));
    expect(getMerchantCode()).toBe('TAYAMM');
    expect(currentLanguage()).toBe('MY');
    expect(getToken()).toBeNull();
    expect(window.sessionStorage.getItem('taya.popupsClosed.A')).toBeNull();
  });

  it('only changes the language when the region stays the same', async () => {
    const { user } = setup('/');
    const menu = await screen.findByRole('complementary');
    await user.click(within(menu).getByRole('button', { name: 'Region' }));
    const popup = await screen.findByTestId('region-popup');
    await user.selectOptions(within(popup).getByRole('combobox', { name: 'Language' }), 'TY');
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    await user.click(within(popup).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(screen.queryByTestId('region-popup')).toBeNull());
    expect(currentLanguage()).toBe('TY');
    expect(assign).not.toHaveBeenCalled();
  });
});
