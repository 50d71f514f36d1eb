import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AnnouncementItem, MessagePage } from '@taya/contracts';
import { startSession } from '../lib/session';
import { statusWithFlags } from '../testing/auth-status';
import { calls, fail, installFakeApi, ok, type FakeRoutes } from '../testing/fake-api';
import { identityRoutes, memberInfoFixture } from '../testing/identity-fixtures';
import { renderApp } from '../testing/render-app';

const messagesPath = '/wps/member/messages';
const unreadPath = '/wps/relay/CSP_unreadCount';
const noticesPath = '/wps/system/notices';
const announcementsPath = '/wps/relay/MCSFE_getListAnnouncements';

const memberType = 0;
const agentType = 1;
const trialType = 4;

const tricky = '<img src=x onerror="alert(1)"> Big <b>weekend</b> & more';

type Message = MessagePage['list'][number];

function message(id: string, overrides: Partial<Message> = {}): Message {
  return {
    id,
    title: `Message ${id}`,
    content: `Text of ${id}`,
    audience: 'everyone',
    createdAt: '2026-03-01T10:00:00.000Z',
    read: true,
    ...overrides,
  };
}

/**
 * The server's message store for one account: the list, the unread count and the read call
 * agree with each other, as the real server's do.
 */
function messageRoutes(list: Message[]): FakeRoutes {
  const unread = () => list.filter((item) => !item.read).length;
  return {
    [`GET ${messagesPath}`]: () =>
      ok({ list, unread: unread(), page: 1, size: 10, hasMore: false }),
    [`GET ${unreadPath}`]: () => ok({ count: unread() }),
    [`POST ${messagesPath}/m1/read`]: () => {
      const found = list.find((item) => item.id === 'm1');
      if (found) found.read = true;
      return ok({ count: unread() });
    },
  };
}

function setup(url: string, customerType: number | null, routes: FakeRoutes = {}) {
  const api = installFakeApi(
    statusWithFlags([]),
    identityRoutes({
      'GET /wps/member/info': () =>
        ok(memberInfoFixture({ type: customerType ?? memberType, account: 'alice88' })),
      [`GET ${noticesPath}`]: () => ok({ list: [] }),
      ...routes,
    }),
  );
  if (customerType !== null) startSession('token-alice', customerType);
  const user = userEvent.setup();
  renderApp(url);
  return { ...api, user };
}

describe('platform information (messageV2)', () => {
  it('lists the messages, opens one as text, marks it read and lowers the badge', async () => {
    const list = [
      message('m1', {
        title: tricky,
        content: `${tricky}\nSecond line`,
        audience: 'personal',
        read: false,
      }),
      message('m2', { read: false, audience: 'vip' }),
      message('m3', { title: 'Old news' }),
    ];
    const { requests, user } = setup('/member?tab=messageV2', memberType, messageRoutes(list));

    const panel = await screen.findByTestId('messages-panel');
    const rows = await within(panel).findAllByTestId('message-row');
    expect(rows.map((row) => row.getAttribute('data-read'))).toEqual(['false', 'false', 'true']);
    const sent = calls(requests, 'GET', messagesPath)[0];
    expect(sent?.query.get('page')).toBe('1');
    expect(sent?.query.get('size')).toBe('10');
    expect(sent?.query.get('language')).toBe('EN');

    const [first, second, third] = rows;
    if (!first || !second || !third) throw new Error('rows missing');
    // Unread: marked for the eye and in words for readers; the audience says who it is for.
    expect(first.classList.contains('is-unread')).toBe(true);
    const toggle = within(first).getByRole('button', {
      name: (name) => name.startsWith(tricky) && name.endsWith('(unread)'),
    });
    expect(within(first).getByText('For you')).toBeTruthy();
    expect(within(second).getByText('For your VIP level')).toBeTruthy();
    expect(within(third).getByRole('button', { name: 'Old news' })).toBeTruthy();
    expect(within(third).getByText('For everyone')).toBeTruthy();

    // The tab carries the red count.
    const tab = screen.getByRole('tab', { name: /Platform information/ });
    const badge = await within(tab).findByTestId('message-badge');
    expect(badge.textContent).toBe('2');
    expect(badge.getAttribute('aria-label')).toBe('2 unread messages');

    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const content = first.querySelector('.message-content p');
    expect(content?.textContent).toBe(`${tricky}\nSecond line`);
    // HTML-like text stays text: nothing it names is built.
    expect(first.querySelector('img, b')).toBeNull();

    await waitFor(() => expect(calls(requests, 'POST', `${messagesPath}/m1/read`)).toHaveLength(1));
    await waitFor(() => expect(first.getAttribute('data-read')).toBe('true'));
    await waitFor(() => expect(within(tab).getByTestId('message-badge').textContent).toBe('1'));
    expect(within(tab).getByTestId('message-badge').getAttribute('aria-label')).toBe(
      '1 unread message',
    );
    expect(within(first).getByRole('button', { name: tricky })).toBe(toggle);

    // Closing and opening again does not mark it twice.
    await user.click(toggle);
    await user.click(toggle);
    expect(calls(requests, 'POST', `${messagesPath}/m1/read`)).toHaveLength(1);
  });

  it('says so when there are no messages, and shows no badge at 0', async () => {
    const { requests } = setup('/member?tab=messageV2', memberType, messageRoutes([]));
    expect(await screen.findByText('You have no messages yet.')).toBeTruthy();
    await waitFor(() => expect(calls(requests, 'GET', unreadPath)).toHaveLength(1));
    expect(screen.queryByTestId('message-badge')).toBeNull();
    expect(screen.getByRole('tab', { name: 'Platform information' })).toBeTruthy();
  });

  it('shows 99+ above 99', async () => {
    setup('/member?tab=messageV2', memberType, {
      ...messageRoutes([]),
      [`GET ${unreadPath}`]: () => ok({ count: 150 }),
    });
    const badge = await screen.findByTestId('message-badge');
    expect(badge.textContent).toBe('99+');
    expect(badge.getAttribute('aria-label')).toBe('150 unread messages');
  });

  it('offers a retry when the list fails to load', async () => {
    let failing = true;
    const { user } = setup('/member?tab=messageV2', memberType, {
      ...messageRoutes([message('m3')]),
      [`GET ${messagesPath}`]: () =>
        failing
          ? fail(500, 'internal_error')
          : ok({ list: [message('m3')], unread: 0, page: 1, size: 10, hasMore: false }),
    });
    const panel = await screen.findByTestId('messages-panel');
    expect(await within(panel).findByRole('alert')).toBeTruthy();
    failing = false;
    await user.click(within(panel).getByRole('button', { name: 'Try again' }));
    expect(await within(panel).findByTestId('message-row')).toBeTruthy();
  });
});

describe('unread count (CSP_unreadCount)', () => {
  it('is never asked for a visitor', async () => {
    const { requests } = setup('/', null, messageRoutes([message('m1', { read: false })]));
    await screen.findByTestId('notice-bell');
    await waitFor(() => expect(calls(requests, 'GET', noticesPath).length).toBeGreaterThan(0));
    expect(calls(requests, 'GET', unreadPath)).toHaveLength(0);
    expect(screen.queryByTestId('message-badge')).toBeNull();
  });

  it('is never asked for a trial player', async () => {
    const { requests } = setup('/', trialType, messageRoutes([message('m1', { read: false })]));
    await screen.findByTestId('trial-badge');
    await waitFor(() => expect(calls(requests, 'GET', noticesPath).length).toBeGreaterThan(0));
    expect(calls(requests, 'GET', unreadPath)).toHaveLength(0);
    expect(screen.queryByTestId('message-badge')).toBeNull();
  });
});

describe('header notice bell', () => {
  const notices = [
    {
      id: 'n1',
      title: 'Maintenance tonight',
      content: 'From 02:00 to 03:00',
      marquee: false,
      publishedAt: '2026-03-02T10:00:00.000Z',
    },
    {
      id: 'n2',
      title: tricky,
      content: tricky,
      marquee: false,
      publishedAt: '2026-03-01T10:00:00Z',
    },
  ];

  it('lists the notices as text and clears its dot once opened', async () => {
    const { user } = setup('/', null, { [`GET ${noticesPath}`]: () => ok({ list: notices }) });
    const bell = await screen.findByRole('button', { name: 'Notices' });
    expect(bell.getAttribute('data-testid')).toBe('notice-bell');
    await waitFor(() => expect(bell.getAttribute('data-fresh')).toBe('true'));
    expect(within(bell).getByTestId('notice-bell-dot')).toBeTruthy();

    await user.click(bell);
    const popup = await screen.findByRole('dialog', { name: 'Notices' });
    expect(popup.getAttribute('data-testid')).toBe('notice-popup');
    const items = within(popup).getAllByTestId('notice-item');
    expect(items).toHaveLength(2);
    expect(within(items[0] as HTMLElement).getByRole('heading').textContent).toBe(
      'Maintenance tonight',
    );
    expect(items[0]?.textContent).toContain('From 02:00 to 03:00');
    expect(items[0]?.querySelector('time')?.getAttribute('dateTime')).toBe(
      '2026-03-02T10:00:00.000Z',
    );
    expect(within(items[1] as HTMLElement).getByRole('heading').textContent).toBe(tricky);
    expect(popup.querySelector('img, b')).toBeNull();

    // Seen: the dot goes, and stays gone (the time is kept on this device).
    expect(bell.getAttribute('data-fresh')).toBe('false');
    expect(within(bell).queryByTestId('notice-bell-dot')).toBeNull();
    expect(Number(window.localStorage.getItem('taya.noticesSeenAt'))).toBeGreaterThanOrEqual(
      Date.parse('2026-03-02T10:00:00.000Z'),
    );
    await user.click(within(popup).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(bell);
  });

  it('shows no dot when nothing was published since it was last opened', async () => {
    window.localStorage.setItem('taya.noticesSeenAt', String(Date.parse('2026-03-03T00:00:00Z')));
    const { requests } = setup('/', memberType, {
      [`GET ${noticesPath}`]: () => ok({ list: notices }),
    });
    const bell = await screen.findByTestId('notice-bell');
    await waitFor(() => expect(calls(requests, 'GET', noticesPath).length).toBeGreaterThan(0));
    await screen.findByTestId('account-name');
    expect(bell.getAttribute('data-fresh')).toBe('false');
  });

  it('says so when there are no notices', async () => {
    const { user } = setup('/', null);
    const bell = await screen.findByTestId('notice-bell');
    await user.click(bell);
    const popup = await screen.findByTestId('notice-popup');
    expect(await within(popup).findByText('No notices right now.')).toBeTruthy();
    expect(bell.getAttribute('data-fresh')).toBe('false');
  });
});

describe('agent centre messages and announcements', () => {
  function announcement(id: string, overrides: Partial<AnnouncementItem> = {}): AnnouncementItem {
    return {
      id,
      type: 'PL',
      title: `Announcement ${id}`,
      content: `Body of ${id}`,
      groupName: null,
      execution: 'A',
      promotionType: null,
      linkageType: 'NONE',
      url: null,
      announcementImages: [],
      publishedAt: '2026-03-01T10:00:00.000Z',
      ...overrides,
    };
  }

  function announcements(player: AnnouncementItem[]) {
    return ok({ banners: [], player, popup: [], promotion: [], help: [] });
  }

  it('shows the platform messages with the unread badge on the menu', async () => {
    const list = [message('m1', { read: false, audience: 'personal' }), message('m2')];
    const { requests, user } = setup('/agentHome/messages', agentType, messageRoutes(list));
    const page = await screen.findByTestId('agent-page-messages');
    const panel = within(page).getByTestId('messages-panel');
    const rows = await within(panel).findAllByTestId('message-row');
    expect(rows).toHaveLength(2);

    const nav = screen.getByRole('navigation', { name: 'Agent centre menu' });
    const link = within(nav).getByRole('link', { name: /Platform messages/ });
    await waitFor(() => expect(within(link).getByTestId('message-badge').textContent).toBe('1'));
    expect(link.getAttribute('aria-current')).toBe('page');

    await user.click(within(rows[0] as HTMLElement).getByRole('button', { name: /Message m1/ }));
    expect(await within(panel).findByText('Text of m1')).toBeTruthy();
    await waitFor(() => expect(within(link).queryByTestId('message-badge')).toBeNull());
    expect(calls(requests, 'POST', `${messagesPath}/m1/read`)).toHaveLength(1);
  });

  it('lists the player announcements, each opening to its text', async () => {
    const { requests, user } = setup('/agentHome/agentAnnouncement', agentType, {
      [`GET ${announcementsPath}`]: () =>
        announcements([announcement('a1'), announcement('a2', { title: tricky, content: tricky })]),
    });
    const panel = await screen.findByTestId('agent-announcements');
    const rows = await within(panel).findAllByTestId('announcement-row');
    expect(rows).toHaveLength(2);
    const sent = calls(requests, 'GET', announcementsPath)[0];
    expect(sent?.query.get('types')).toBe('PL');
    expect(sent?.query.get('execution')).toBe('A');
    expect(sent?.query.get('platform')).toBe('W');
    expect(sent?.query.get('language')).toBe('EN');

    const second = rows[1] as HTMLElement;
    const toggle = within(second).getByRole('button', { name: tricky });
    expect(within(second).queryByText(tricky, { selector: 'p' })).toBeNull();
    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(within(second).getByText(tricky, { selector: 'p' })).toBeTruthy();
    expect(panel.querySelector('img, b')).toBeNull();
  });

  it('says plainly when there are no announcements', async () => {
    setup('/agentHome/agentAnnouncement', agentType, {
      [`GET ${announcementsPath}`]: () => announcements([]),
    });
    const panel = await screen.findByTestId('agent-announcements');
    expect(await within(panel).findByText('No announcements right now.')).toBeTruthy();
  });
});
