import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { startSession, storageKeys } from '../lib/session';
import { installFakeApi } from '../testing/fake-api';
import { renderApp } from '../testing/render-app';
import { systemStatusFixture } from '../testing/system-status-fixture';

const open = systemStatusFixture();

describe('system status gate', () => {
  it('shows the site with side menu, header and footer when the site is open (status 0)', async () => {
    installFakeApi(open);
    renderApp('/');

    const layout = await screen.findByTestId('site-layout');
    expect(within(layout).getByTestId('side-menu')).toBeTruthy();
    expect(within(layout).getByTestId('site-header')).toBeTruthy();
    const footer = within(layout).getByTestId('site-footer');
    expect(footer.textContent).toContain('Players must be 18 or older');
    expect(footer.textContent).toContain('© 2026 Taya');
    expect(screen.getByRole('heading', { level: 1, name: 'Home' })).toBeTruthy();
    expect(within(layout).getByTestId('lobby')).toBeTruthy();
  });

  it('lists HOME first, then the categories in the order of SPEC §2', async () => {
    installFakeApi(open);
    renderApp('/');
    const games = within(await screen.findByTestId('side-menu')).getByRole('navigation', {
      name: 'Games',
    });
    const links = within(games)
      .getAllByRole('link')
      .map((link) => link.textContent);
    expect(links.slice(0, 11)).toEqual([
      'Home',
      'Hot games',
      'Slots',
      'Live casino',
      'Fishing',
      'Poker and cards',
      'Lottery',
      'E-lottery',
      'Sports',
      'E-sports',
      'Cockfight',
    ]);
    expect(within(games).getByRole('link', { name: 'Home' }).getAttribute('aria-current')).toBe(
      'page',
    );
    expect(within(games).getByRole('link', { name: 'Slots' }).getAttribute('href')).toBe('/rng');
    expect(within(games).getByRole('link', { name: 'Live casino' }).getAttribute('href')).toBe(
      '/?category=LIVE',
    );
  });

  it('shows the maintenance page with its message, end time and customer service (status 1)', async () => {
    installFakeApi(
      systemStatusFixture({
        status: 1,
        maintenance: true,
        maintenanceInfo: {
          message: 'Upgrading the lottery engine.',
          endsAt: '2026-03-01T04:00:00.000Z',
        },
      }),
    );
    const windowOpen = vi.spyOn(window, 'open').mockReturnValue(null);
    renderApp('/');

    const page = await screen.findByTestId('maintenance-page');
    expect(within(page).getByRole('heading', { level: 1 }).textContent).toBe('Under maintenance');
    expect(page.textContent).toContain('Upgrading the lottery engine.');
    // 04:00 UTC is noon in Manila, the merchant's time zone.
    expect(page.textContent).toMatch(/Expected back: .*12:00/);
    expect(screen.queryByTestId('site-layout')).toBeNull();

    await userEvent.click(within(page).getByTestId('customer-service-button'));
    expect(windowOpen).toHaveBeenCalledWith(
      'https://chat.example.test/taya',
      '_blank',
      'noopener,noreferrer',
    );
  });

  it('disables customer service and says why when none is configured', async () => {
    const status = systemStatusFixture({ status: 1, maintenance: true });
    installFakeApi({ ...status, info: { ...status.info, customerService: [] } });
    renderApp('/');
    const button = await screen.findByTestId('customer-service-button');
    expect((button as HTMLButtonElement).disabled).toBe(true);
    expect(button.getAttribute('title')).toBe('Customer service is not set up for this site yet');
    expect((await screen.findByTestId('maintenance-page')).textContent).toContain(
      'We are improving the site. Please come back soon.',
    );
  });

  it('shows the region-blocked page with the visitor IP (status 2)', async () => {
    installFakeApi(
      systemStatusFixture({
        status: 2,
        regionRestriction: true,
        location: { ip: '198.51.100.23', country: 'US' },
      }),
    );
    renderApp('/promotions');

    const page = await screen.findByTestId('blocked-page');
    expect(within(page).getByRole('heading', { level: 1 }).textContent).toBe(
      'Access restricted in your region',
    );
    expect(screen.getByTestId('blocked-ip').textContent).toBe('198.51.100.23');
    expect(within(page).getByTestId('customer-service-button')).toBeTruthy();
    expect(screen.queryByTestId('site-layout')).toBeNull();
  });

  it('shows the network error with a Retry that recovers once the server answers', async () => {
    installFakeApi('network-down');
    renderApp('/');

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Network link is abnormal, please try again');

    installFakeApi(open);
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByTestId('site-layout')).toBeTruthy();
  });
});

describe('routes and guards', () => {
  it('sends a guest from /member to the log-in popup over the home page', async () => {
    installFakeApi(open);
    renderApp('/member');

    const dialog = await screen.findByRole('dialog', { name: 'Log in' });
    expect(window.location.pathname).toBe('/login');
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(within(dialog).getByRole('textbox', { name: 'Username' })).toBeTruthy();
    expect(dialog.contains(document.activeElement)).toBe(true);
    expect(screen.getByRole('heading', { level: 1, name: 'Home' })).toBeTruthy();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(window.location.pathname).toBe('/'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('closes the register popup with Escape', async () => {
    installFakeApi(open);
    renderApp('/register');
    const dialog = await screen.findByRole('dialog', { name: 'Register' });
    expect(within(dialog).getByRole('textbox', { name: 'Username' })).toBeTruthy();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(window.location.pathname).toBe('/');
  });

  it('lets a logged-in player into the member centre', async () => {
    installFakeApi(open);
    startSession('tok', 3);
    renderApp('/member');
    expect(await screen.findByRole('heading', { level: 1, name: 'Member centre' })).toBeTruthy();
    expect(window.location.pathname).toBe('/member');
  });

  it('sends a guest from /agentHome to the agent landing page', async () => {
    installFakeApi(open);
    renderApp('/agentHome');

    await screen.findByRole('heading', { level: 1, name: 'Agent back office' });
    const layout = screen.getByTestId('agent-layout');
    expect(window.location.pathname).toBe('/agent');
    expect(screen.queryByTestId('side-menu')).toBeNull();
    for (const promise of ['Promotion materials', 'Expert guidance', 'Data reports']) {
      expect(within(layout).getByRole('heading', { name: promise })).toBeTruthy();
    }
    expect(layout.textContent).toContain('Monday to Friday, 12 noon to 9 pm');
    const login = within(layout).getByTestId('agent-login');
    expect(within(login).getByRole('textbox', { name: 'Username' })).toBeTruthy();
    expect(within(login).getByLabelText('Password')).toBeTruthy();
    expect(within(login).getByRole('button', { name: 'Log in' })).toBeTruthy();
    expect(screen.queryByTestId('not-built')).toBeNull();
  });

  it('sends a logged-in member who is not an agent from /agentHome to /agent', async () => {
    installFakeApi(open);
    startSession('tok', 3);
    renderApp('/agentHome');
    await screen.findByRole('heading', { level: 1, name: 'Agent back office' });
    expect(window.location.pathname).toBe('/agent');
  });

  it('lets an agent into the agent centre', async () => {
    installFakeApi(open);
    startSession('tok', 41);
    renderApp('/agentHome');
    expect(await screen.findByRole('heading', { level: 1, name: 'Agent centre' })).toBeTruthy();
    expect(screen.getByTestId('agent-centre-layout')).toBeTruthy();
    expect(screen.queryByTestId('side-menu')).toBeNull();
    expect(screen.queryByTestId('site-footer')).toBeNull();
  });

  it('shows game pages without the side menu', async () => {
    installFakeApi(open);
    renderApp('/seamless');
    const layout = await screen.findByTestId('game-layout');
    expect(within(layout).getByTestId('site-header')).toBeTruthy();
    expect(screen.queryByTestId('side-menu')).toBeNull();
    expect(screen.queryByTestId('site-footer')).toBeNull();
  });

  it('tells /vnlottery (game page) from /vnLottery (lottery, log-in needed)', async () => {
    installFakeApi(open);
    renderApp('/vnlottery');
    expect(await screen.findByTestId('game-layout')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Vietnamese lottery game' })).toBeTruthy();
  });

  it('requires a log-in for /vnLottery', async () => {
    installFakeApi(open);
    renderApp('/vnLottery?gameCode=VN1');
    await screen.findByRole('dialog', { name: 'Log in' });
    expect(window.location.pathname).toBe('/login');
  });

  it('shows the RNG vendor from the query', async () => {
    installFakeApi(open);
    renderApp('/rng?vassalage=PG');
    const centre = await screen.findByTestId('game-list-centre');
    expect(within(centre).getByRole('heading', { level: 1 }).textContent).toBe('Slots');
    const vendors = within(centre).getByRole('group', { name: 'Vendor' });
    expect(within(vendors).getByRole('button', { name: 'PG' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
  });

  it('shows a not-found page inside the site layout for unknown paths', async () => {
    installFakeApi(open);
    renderApp('/no/such/page');
    const layout = await screen.findByTestId('site-layout');
    expect(within(layout).getByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
  });

  it('scrolls to the top when the route changes', async () => {
    installFakeApi(open);
    renderApp('/');
    const menu = await screen.findByTestId('side-menu');
    vi.mocked(window.scrollTo).mockClear();
    await userEvent.click(within(menu).getByRole('link', { name: 'Promotions' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Promotions' })).toBeTruthy();
    expect(window.scrollTo).toHaveBeenCalledWith(0, 0);
  });
});

describe('shell controls', () => {
  it('opens the side menu as a drawer from the header and closes it with Escape', async () => {
    installFakeApi(open);
    renderApp('/');
    const toggle = await screen.findByRole('button', { name: 'Open menu' });
    const menu = screen.getByTestId('side-menu');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');

    await userEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(menu.classList.contains('is-open')).toBe(true);
    expect(menu.contains(document.activeElement)).toBe(true);

    await userEvent.keyboard('{Escape}');
    expect(menu.classList.contains('is-open')).toBe(false);
    expect(document.activeElement).toBe(toggle);
  });

  it('closes the drawer with Escape wherever focus has gone', async () => {
    installFakeApi(open);
    renderApp('/');
    const toggle = await screen.findByRole('button', { name: 'Open menu' });
    const menu = screen.getByTestId('side-menu');
    await userEvent.click(toggle);
    expect(menu.classList.contains('is-open')).toBe(true);
    // The player taps the page behind the drawer: focus leaves the menu.
    (document.activeElement as HTMLElement).blur();
    expect(menu.contains(document.activeElement)).toBe(false);
    await userEvent.keyboard('{Escape}');
    expect(menu.classList.contains('is-open')).toBe(false);
  });

  it('switches theme and remembers it', async () => {
    installFakeApi(open);
    document.documentElement.dataset.theme = 'dark';
    renderApp('/');
    const toggle = await screen.findByTestId('theme-toggle');
    expect(toggle.getAttribute('aria-label')).toBe('Switch to light theme');
    await userEvent.click(toggle);
    expect(document.documentElement.dataset.theme).toBe('light');
    expect(window.localStorage.getItem('taya.theme')).toBe('light');
    expect(toggle.getAttribute('aria-label')).toBe('Switch to dark theme');
  });

  it("offers the merchant's languages first, then every other catalogue, and switches to Tagalog", async () => {
    installFakeApi(open);
    renderApp('/');
    const select = (await screen.findByTestId('language-select')) as HTMLSelectElement;
    const offered = [...select.options].map((option) => option.value);
    const catalogues = Object.keys(import.meta.glob('../locales/*.json')).length;
    expect(offered.slice(0, 2)).toEqual(['EN', 'TY']);
    expect(offered).toContain('MY');
    expect(new Set(offered).size).toBe(catalogues);

    await userEvent.selectOptions(select, 'TY');
    expect(await screen.findByText('Malalaking panalo ngayong linggo')).toBeTruthy();
    expect(document.documentElement.lang).toBe('tl');
    expect(document.documentElement.dir).toBe('ltr');
    expect(window.localStorage.getItem('taya.language')).toBe('TY');
  });

  it("uses the merchant's default language when the player has not chosen one", async () => {
    const status = systemStatusFixture();
    installFakeApi({
      ...status,
      merchant: {
        ...status.merchant,
        merchantCode: 'TAYAMM',
        defaultLanguage: 'MY',
        langList: ['EN', 'MY'],
      },
    });
    renderApp('/');
    expect(await screen.findByText('ဤအပတ်၏ ဆုကြီးများ')).toBeTruthy();
    expect(document.documentElement.lang).toBe('my');
    // The default is not pinned: only an explicit choice is stored.
    expect(window.localStorage.getItem('taya.language')).toBeNull();
  });

  it("keeps the player's own language over the merchant default", async () => {
    const status = systemStatusFixture();
    installFakeApi({ ...status, merchant: { ...status.merchant, defaultLanguage: 'TY' } });
    window.localStorage.setItem('taya.language', 'EN');
    renderApp('/');
    await screen.findByTestId('site-layout');
    // Give a wrongly fired language switch the chance to land before asserting it did not.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.getByText('Big wins this week')).toBeTruthy();
  });

  it('sends the stored merchant code with the status call', async () => {
    const { requests } = installFakeApi(open);
    window.localStorage.setItem(storageKeys.merchant, 'TAYAMM');
    renderApp('/');
    await screen.findByTestId('site-layout');
    const statusCall = requests.find((request) => request.url === '/wps/system/status');
    expect(statusCall?.headers.get('Merchant')).toBe('TAYAMM');
    expect(statusCall?.headers.get('Device')).toBe('WEB');
  });
});
