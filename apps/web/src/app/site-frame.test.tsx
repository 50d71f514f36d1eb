import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Resource, SystemStatusValue } from '@taya/contracts';
import { changeLanguage } from '../lib/i18n';
import { getCustomerType, getToken, startSession } from '../lib/session';
import { statusWithFlags } from '../testing/auth-status';
import { fail, installFakeApi, ok, type FakeRoutes } from '../testing/fake-api';
import { gameRoutes, vendorLane } from '../testing/game-fixtures';
import { identityRoutes, loginValueFixture, memberInfoFixture } from '../testing/identity-fixtures';
import { renderApp } from '../testing/render-app';

const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const allResources: Resource[] = [
  { resourceType: 'TELEGRAM_2', labelNameEn: 'Telegram', url: 'https://t.me/tayaph' },
  { resourceType: 'FACEBOOK_1', labelNameEn: 'Facebook', url: 'https://www.facebook.com/tayaph' },
  { resourceType: 'YOUTUBE_1', labelNameEn: 'YouTube', url: 'https://www.youtube.com/@tayaph' },
  { resourceType: 'WHATSAPP1', labelNameEn: 'WhatsApp', url: 'https://wa.me/639000000000' },
  { resourceType: 'VIBER', labelNameEn: 'Viber', url: 'viber://chat?number=%2B639000000000' },
  { resourceType: 'TIKTOK_1', labelNameEn: 'TikTok', url: 'https://www.tiktok.com/@tayaph' },
  { resourceType: 'Android', labelNameEn: 'Android app', url: '/download/android' },
  { resourceType: 'MOBILECONFIG', labelNameEn: 'iOS app', url: '/download/ios' },
];

/** The status with these resources and, when asked, the REFERRAL promotion module on. */
function frameStatus(
  options: { resources?: Resource[]; referral?: boolean; country?: 'PH' | 'MM' } = {},
): SystemStatusValue {
  const base = statusWithFlags([]);
  const whitelabel =
    options.referral === undefined
      ? base.info.whitelabel
      : [
          ...base.info.whitelabel,
          {
            modId: 'PROMOTION',
            enabled: '1' as const,
            childrenNodes: [
              {
                modId: 'REFERRAL',
                enabled: options.referral ? ('1' as const) : ('0' as const),
                childrenNodes: [],
              },
            ],
          },
        ];
  return {
    ...base,
    merchant:
      options.country === 'MM'
        ? { ...base.merchant, country: 'MM', currency: 'MMK', currencySymbol: 'K' }
        : base.merchant,
    info: { ...base.info, whitelabel, resources: options.resources ?? allResources },
  };
}

function frameRoutes(overrides: FakeRoutes = {}): FakeRoutes {
  return { ...gameRoutes(), ...identityRoutes(), ...overrides };
}

async function sideMenu() {
  return within(await screen.findByRole('complementary', { name: 'Main menu' }));
}

/** The public state's counts with the REFERRAL promotion on or off (GET …/promotions/summary). */
function summaryRoutes(referral: boolean): FakeRoutes {
  return {
    'GET /wps/member/promotions/summary': () =>
      ok({
        availablePromoCount: 0,
        availablePromo: [{ type: 'REFERRAL', enabled: referral }],
        rewardBadge: false,
      }),
  };
}

describe('side menu: the referral item (SPEC §2, §6)', () => {
  it('sends agents to the agent register centre', async () => {
    installFakeApi(
      frameStatus(),
      frameRoutes({ 'GET /wps/member/info': () => ok(memberInfoFixture({ type: 1 })) }),
    );
    startSession('token-agent', 1);
    renderApp('/');
    const menu = await sideMenu();
    const link = await menu.findByRole('link', { name: 'Invite and register' });
    expect(link.getAttribute('href')).toBe('/agentHome/registerCenter');
    expect(menu.queryByRole('link', { name: 'Invite friends' })).toBeNull();
  });

  it('shows members the refer-and-earn page while a referral promotion runs', async () => {
    installFakeApi(frameStatus(), frameRoutes(summaryRoutes(true)));
    startSession('token-alice', 0);
    renderApp('/');
    const menu = await sideMenu();
    const link = await menu.findByRole('link', { name: 'Invite friends' });
    expect(link.getAttribute('href')).toBe('/member?tab=referral');
  });

  it('hides it from members while none runs, and from visitors and trial players', async () => {
    // The whitelabel module alone does not show it: the promotion's summary decides.
    const { requests } = installFakeApi(
      frameStatus({ referral: true }),
      frameRoutes(summaryRoutes(false)),
    );
    startSession('token-alice', 0);
    const first = renderApp('/');
    let menu = await sideMenu();
    expect(await menu.findByRole('link', { name: 'Promotions' })).toBeTruthy();
    await waitFor(() =>
      expect(requests.some((r) => r.path === '/wps/member/promotions/summary')).toBe(true),
    );
    expect(menu.queryByRole('link', { name: 'Invite friends' })).toBeNull();
    expect(menu.queryByRole('link', { name: 'Invite and register' })).toBeNull();
    first.unmount();

    // A trial player, even with the promotion on.
    installFakeApi(
      frameStatus(),
      frameRoutes({
        ...summaryRoutes(true),
        'GET /wps/member/info': () => ok(memberInfoFixture({ type: 4 })),
      }),
    );
    startSession('token-trial', 4);
    const second = renderApp('/');
    menu = await sideMenu();
    expect(await menu.findByRole('link', { name: 'Promotions' })).toBeTruthy();
    expect(menu.queryByRole('link', { name: 'Invite friends' })).toBeNull();
    second.unmount();

    // A visitor.
    window.sessionStorage.clear();
    installFakeApi(frameStatus(), frameRoutes(summaryRoutes(true)));
    renderApp('/');
    menu = await sideMenu();
    expect(await menu.findByRole('link', { name: 'Promotions' })).toBeTruthy();
    expect(menu.queryByRole('link', { name: 'Invite friends' })).toBeNull();
  });
});

describe('side menu: app download QR codes (SPEC §2, §9)', () => {
  it('links each platform guide with the language and a one-time ticket, never the session token, in a 78 px code', async () => {
    const { requests } = installFakeApi(
      frameStatus(),
      frameRoutes({
        'POST /wps/session/ticket': () => ok({ ticket: 'ticket-one-time', expiresInSeconds: 300 }),
      }),
    );
    startSession('token-alice', 0);
    renderApp('/');
    const menu = await sideMenu();

    const ios = await menu.findByTestId('download-qr-ios');
    await waitFor(() =>
      expect(new URL(ios.getAttribute('href')!).searchParams.get('ticket')).toBe('ticket-one-time'),
    );
    const iosUrl = new URL(ios.getAttribute('href')!);
    expect(iosUrl.origin).toBe(window.location.origin);
    expect(iosUrl.pathname).toBe('/download/ios');
    expect(iosUrl.searchParams.get('language')).toBe('EN');
    expect(iosUrl.searchParams.has('token')).toBe(false);
    expect(ios.getAttribute('href')).not.toContain('token-alice');
    const ticketCall = requests.find((r) => r.path === '/wps/session/ticket');
    expect(ticketCall?.headers.get('Authorization')).toBe('Bearer token-alice');
    const code = await within(ios).findByRole('img', { name: 'QR code: iOS app' });
    expect(code.getAttribute('width')).toBe('78');
    expect(code.getAttribute('height')).toBe('78');

    const android = new URL(menu.getByTestId('download-qr-android').getAttribute('href')!);
    expect(android.pathname).toBe('/download/android');
    expect(android.searchParams.get('ticket')).toBe('ticket-one-time');
    expect(android.href).not.toContain('token-alice');

    // A language change changes the link.
    await changeLanguage('TY', { persist: false });
    await waitFor(() =>
      expect(
        new URL(menu.getByTestId('download-qr-ios').getAttribute('href')!).searchParams.get(
          'language',
        ),
      ).toBe('TY'),
    );
  });

  it('carries no token for a visitor, and shows no code for a platform without a resource', async () => {
    installFakeApi(
      frameStatus({
        resources: allResources.filter((resource) => resource.resourceType !== 'Android'),
      }),
      frameRoutes(),
    );
    renderApp('/');
    const menu = await sideMenu();
    const ios = new URL((await menu.findByTestId('download-qr-ios')).getAttribute('href')!);
    expect(ios.searchParams.get('language')).toBe('EN');
    expect(ios.searchParams.has('token')).toBe(false);
    expect(ios.searchParams.has('ticket')).toBe(false);
    expect(menu.queryByTestId('download-qr-android')).toBeNull();
  });
});

describe('social links (SPEC §2)', () => {
  it('lists the configured channels in both the side menu and the footer, opening safely', async () => {
    installFakeApi(
      frameStatus({
        resources: [
          ...allResources.filter((resource) => resource.resourceType !== 'YOUTUBE_1'),
          // A bad entry must never become a link.
          { resourceType: 'YOUTUBE_1', labelNameEn: 'YouTube', url: 'javascript:alert(1)' },
        ],
      }),
      frameRoutes(),
    );
    renderApp('/');
    const menu = await sideMenu();
    const footer = within(await screen.findByTestId('site-footer'));

    for (const place of [menu, footer]) {
      const links = within(place.getByTestId('social-links')).getAllByRole('link');
      expect(links.map((link) => link.getAttribute('aria-label'))).toEqual([
        'Telegram (opens in a new window)',
        'Facebook (opens in a new window)',
        'WhatsApp (opens in a new window)',
        'Viber (opens in a new window)',
      ]);
      for (const link of links) {
        expect(link.getAttribute('target')).toBe('_blank');
        expect(link.getAttribute('rel')).toBe('noopener noreferrer');
      }
      expect(links[0]!.getAttribute('href')).toBe('https://t.me/tayaph');
      expect(links[3]!.getAttribute('href')).toBe('viber://chat?number=%2B639000000000');
    }
  });
});

describe('footer (SPEC §2)', () => {
  it('lists products by category with their vendors, leaving TCG_SEA out', async () => {
    installFakeApi(
      frameStatus(),
      frameRoutes({
        'GET /wps/relay/GCSGAME_gameVendor': () =>
          ok({
            data: {
              lanes: [
                vendorLane('RNG', [{ code: 'TAYA', name: 'Taya Games' }]),
                vendorLane('LIVE', [{ code: 'EVO', name: 'Live Studio' }]),
                vendorLane('LOTT', [
                  { code: 'TCG_SEA', name: 'SEA Lottery' },
                  { code: 'LOTT', name: 'Taya Lotto' },
                ]),
              ],
            },
          }),
      }),
    );
    renderApp('/');
    const footer = await screen.findByTestId('site-footer');
    const products = await within(footer).findByRole('region', { name: 'Products' });
    expect(
      (await within(products).findByRole('link', { name: 'Taya Games' })).getAttribute('href'),
    ).toBe('/rng?vassalage=TAYA');
    expect(within(products).getByRole('link', { name: 'Live Studio' }).getAttribute('href')).toBe(
      '/live',
    );
    expect(within(products).getByRole('link', { name: 'Taya Lotto' }).getAttribute('href')).toBe(
      '/lott',
    );
    expect(within(products).getByText('Lottery')).toBeTruthy();

    const logos = within(footer).getByTestId('vendor-logos');
    expect(
      within(logos)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Taya Games', 'Live Studio', 'Taya Lotto']);
    expect(footer.textContent).not.toContain('SEA Lottery');
  });

  it('has the help, contact and licence links, the badges and this year’s copyright', async () => {
    const licence = {
      resourceType: 'LICENCE',
      labelNameEn: 'Licensed and regulated by the gaming authority, licence no. 0001.',
      url: '/help#licence',
    };
    installFakeApi(
      frameStatus({ resources: [...allResources, licence] }),
      frameRoutes({
        'GET /wps/cashier/channels/public': () =>
          ok([
            { code: 'BANK', kind: 'bank_transfer', name: 'Bank transfer' },
            { code: 'GCASH', kind: 'online', name: 'GCash' },
          ]),
      }),
    );
    renderApp('/');
    const footer = within(await screen.findByTestId('site-footer'));
    const help = within(footer.getByRole('region', { name: 'Help' }));
    expect(help.getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual([
      '/help#aboutus',
      '/help#deposit',
      '/help#withdraw',
      '/help#game',
      '/help#faqs',
      '/help#terms',
    ]);
    const contact = within(footer.getByRole('region', { name: 'Contact us' }));
    expect(contact.getByRole('link', { name: 'Live chat' }).getAttribute('href')).toBe('/chat');
    expect(contact.getByRole('link', { name: 'Complaints' }).getAttribute('href')).toBe(
      '/feedback',
    );
    expect(contact.getByRole('link', { name: 'Affiliate' }).getAttribute('href')).toBe('/agent');
    expect(footer.getByRole('link', { name: 'Licence details' }).getAttribute('href')).toBe(
      '/help#licence',
    );
    expect(footer.getByTestId('footer-licence').textContent).toContain(licence.labelNameEn);
    expect(footer.getByRole('img', { name: 'Players must be 18 or older' }).textContent).toBe(
      '18+',
    );
    expect(footer.getByText('Play responsibly')).toBeTruthy();
    expect(
      within(await footer.findByTestId('payment-methods'))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Bank transfer', 'GCash']);
    expect(
      footer.getByText(`© ${new Date().getFullYear()} Taya. All rights reserved.`),
    ).toBeTruthy();
  });

  it('shows only the channels the merchant has enabled, and no licence line unless configured', async () => {
    installFakeApi(
      frameStatus({ country: 'MM' }),
      frameRoutes({
        'GET /wps/cashier/channels/public': () =>
          ok([{ code: 'KBZ', kind: 'online', name: 'KBZPay' }]),
      }),
    );
    renderApp('/');
    const methods = await screen.findByTestId('payment-methods');
    expect(
      within(methods)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['KBZPay']);
    const footer = screen.getByTestId('site-footer');
    expect(within(footer).queryByTestId('footer-licence')).toBeNull();
    expect(footer.textContent).not.toContain('WavePay');
  });
});

describe('header (SPEC §2)', () => {
  it('hides the balance behind *** with the eye toggle', async () => {
    installFakeApi(frameStatus(), frameRoutes());
    startSession('token-alice', 0);
    const user = userEvent.setup();
    renderApp('/');
    await waitFor(() =>
      expect(screen.getByTestId('balance-amount').textContent).toBe('₱\u00a01,234.50'),
    );
    await user.click(screen.getByRole('button', { name: 'Hide balance' }));
    expect(screen.getByTestId('balance-amount').textContent).toBe('***');
    expect(screen.getByTestId('balance-amount').textContent).not.toContain('1,234');
  });

  it('offers the account menu’s pages, and the agent centre only to agents', async () => {
    installFakeApi(frameStatus(), frameRoutes());
    startSession('token-alice', 0);
    const user = userEvent.setup();
    const first = renderApp('/');
    await user.click(await screen.findByRole('button', { name: 'Account menu: alice88' }));
    const expected: [string, string][] = [
      ['VIP level', '/member?tab=playerRank'],
      ['Betting record', '/member?tab=personalHistoryCopy'],
      ['Account record', '/member?tab=transactionHistory'],
      ['Profit and loss', '/member?tab=personalProfit'],
      ['Reward centre', '/member?tab=rewardCenter'],
      ['My account', '/member?tab=securityCenter'],
    ];
    for (const [name, href] of expected) {
      expect(screen.getByRole('link', { name }).getAttribute('href')).toBe(href);
    }
    expect(screen.queryByRole('link', { name: 'Agent centre' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Sign out' })).toBeTruthy();
    first.unmount();

    installFakeApi(
      frameStatus(),
      frameRoutes({
        'GET /wps/member/info': () =>
          ok(memberInfoFixture({ type: 1, clubLabel: { labelName: 'VIP 3' } })),
      }),
    );
    startSession('token-agent', 1);
    renderApp('/');
    // The button's name holds what it shows: the VIP label, then the account name.
    await user.click(await screen.findByRole('button', { name: 'Account menu: VIP 3 alice88' }));
    expect(screen.getByRole('link', { name: 'Agent centre' }).getAttribute('href')).toBe(
      '/agentHome',
    );
    expect(screen.getByTestId('vip-label').textContent).toBe('VIP 3');
  });
});

describe('app download guides', () => {
  it('signs the visitor in with the link’s one-time ticket and takes it out of the address', async () => {
    const { requests } = installFakeApi(
      frameStatus(),
      frameRoutes({
        'POST /wps/session/ticket/exchange': (request) =>
          (request.body as { ticket?: string }).ticket === 'ticket-qr'
            ? ok(loginValueFixture({ token: 'token-phone', userName: 'qrplayer' }))
            : fail(400, 'verification_code_invalid'),
        'GET /wps/member/info': (request) =>
          request.headers.get('Authorization') === 'Bearer token-phone'
            ? ok(memberInfoFixture({ account: 'qrplayer', type: 0 }))
            : fail(401, 'user.or.token.invalid'),
      }),
    );
    renderApp('/download/android?language=EN&ticket=ticket-qr');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Install Taya on Android' }),
    ).toBeTruthy();
    await waitFor(() => expect(getToken()).toBe('token-phone'));
    expect(getCustomerType()).toBe(0);
    expect(window.location.search).toBe('?language=EN');
    await waitFor(() => expect(screen.getByTestId('account-name').textContent).toBe('qrplayer'));
    expect(requests.some((request) => request.query.has('ticket'))).toBe(false);
  });

  it('never adopts a session token from the address, and applies the language', async () => {
    const { requests } = installFakeApi(frameStatus(), frameRoutes());
    renderApp('/download/ios?language=TY&token=someone-elses-session');
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'I-install ang Taya sa iPhone at iPad',
      }),
    ).toBeTruthy();
    await waitFor(() => expect(window.location.search).toBe('?language=TY'));
    expect(getToken()).toBeNull();
    expect(
      requests.some((r) => r.headers.get('Authorization') === 'Bearer someone-elses-session'),
    ).toBe(false);
    expect(await screen.findByRole('link', { name: 'Mag-log in' })).toBeTruthy();
  });

  it('starts no session for a ticket the server refuses', async () => {
    installFakeApi(
      frameStatus(),
      frameRoutes({
        'POST /wps/session/ticket/exchange': () => fail(400, 'verification_code_invalid'),
      }),
    );
    renderApp('/download/ios?language=EN&ticket=spent-ticket');
    await screen.findByRole('heading', { level: 1, name: 'Install Taya on iPhone and iPad' });
    await waitFor(() => expect(window.location.search).toBe('?language=EN'));
    expect(getToken()).toBeNull();
    expect(await screen.findByRole('link', { name: 'Log in' })).toBeTruthy();
  });

  it('offers the browser’s install prompt on the Android guide once the browser allows it', async () => {
    installFakeApi(frameStatus(), frameRoutes());
    const user = userEvent.setup();
    renderApp('/download/android');
    await screen.findByRole('heading', { level: 1, name: 'Install Taya on Android' });
    expect(screen.queryByRole('button', { name: 'Install the app' })).toBeNull();

    let prompted = 0;
    const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
      prompt: () => {
        prompted += 1;
        return Promise.resolve();
      },
      userChoice: Promise.resolve({ outcome: 'accepted' as const, platform: 'web' }),
    });
    window.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
    await user.click(await screen.findByRole('button', { name: 'Install the app' }));
    expect(prompted).toBe(1);
    expect((await screen.findByRole('status')).textContent).toBe(
      'Taya is installed. Open it from your home screen.',
    );
  });
});

describe('installable app', () => {
  it('links the manifest, theme colour and touch icon from index.html', () => {
    const html = readFileSync(path.join(webRoot, 'index.html'), 'utf8');
    const doc = new DOMParser().parseFromString(html, 'text/html');
    expect(doc.querySelector('link[rel="manifest"]')?.getAttribute('href')).toBe(
      '/manifest.webmanifest',
    );
    expect(doc.querySelector('meta[name="theme-color"]')?.getAttribute('content')).toBe('#0b1020');
    expect(doc.querySelector('link[rel="apple-touch-icon"]')?.getAttribute('href')).toBe(
      '/icons/apple-touch-icon.png',
    );
  });

  it('has a manifest whose icons are real PNGs of the stated sizes', () => {
    const manifest = JSON.parse(
      readFileSync(path.join(webRoot, 'public/manifest.webmanifest'), 'utf8'),
    ) as {
      name: string;
      start_url: string;
      display: string;
      icons: { src: string; sizes: string; purpose: string }[];
    };
    expect(manifest).toMatchObject({ name: 'Taya', start_url: '/', display: 'standalone' });
    expect(manifest.icons.map((icon) => icon.purpose).sort()).toEqual(['any', 'any', 'maskable']);
    for (const icon of [
      ...manifest.icons,
      { src: '/icons/apple-touch-icon.png', sizes: '180x180' },
    ]) {
      const png = readFileSync(path.join(webRoot, 'public', icon.src));
      expect(png.subarray(1, 4).toString('ascii')).toBe('PNG');
      const size = `${png.readUInt32BE(16)}x${png.readUInt32BE(20)}`;
      expect(size).toBe(icon.sizes);
    }
  });
});
