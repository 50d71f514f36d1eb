import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  contractListSchema,
  contractViewSchema,
  settlementPageSchema,
  subordinatePageSchema,
  teamOverviewSchema,
  type ContractView,
} from '@taya/contracts';
import { startSession } from '../lib/session';
import { accountRules, fieldRule, statusWithFlags } from '../testing/auth-status';
import { calls, fail, installFakeApi, ok, type FakeRoutes } from '../testing/fake-api';
import { identityRoutes, memberInfoFixture } from '../testing/identity-fixtures';
import { description } from '../testing/described-by';
import { renderApp } from '../testing/render-app';

const agentType = 1;

/** An agent's session with its identity calls answered, plus the page's own calls. */
function asAgent(routes: FakeRoutes) {
  const api = installFakeApi(
    statusWithFlags([]),
    identityRoutes({
      'GET /wps/member/info': () =>
        ok(memberInfoFixture({ id: 'me-1', account: 'agent007', type: agentType })),
      ...routes,
    }),
  );
  startSession('token-agent', agentType);
  return api;
}

const me = { id: 'me-1', username: 'agent007', nickname: null };
const boss = { id: 'boss-1', username: 'boss01', nickname: null };
const subAgent = { id: 'sub-1', username: 'subagent1', nickname: null };

function contract(overrides: Partial<ContractView> = {}): ContractView {
  return contractViewSchema.parse({
    id: 'c-1',
    kind: 'daily',
    productType: 'CONS',
    period: null,
    upline: boss,
    downline: me,
    tiers: [{ rate: '1.00', minActiveMembers: 1, minPeriodBet: '0.00' }],
    maxRate: '1.00',
    status: 'active',
    requestedAt: '2026-03-01T00:00:00.000Z',
    activeFrom: '2026-03-01T00:00:00.000Z',
    endedAt: null,
    endReason: null,
    downlineHigherRate: [],
    ...overrides,
  });
}

function subordinates(list: object[]) {
  return subordinatePageSchema.parse({ list, page: 1, size: 20, hasMore: false });
}

const subAgentRow = {
  id: 'sub-1',
  username: 'subagent1',
  nickname: null,
  type: 1,
  isAgent: true,
  parentId: 'me-1',
  depth: 1,
  teamSize: 3,
  balance: '250.00',
  registeredAt: '2026-02-10T04:00:00.000Z',
};

const memberRow = {
  id: 'm-1',
  username: 'player01',
  nickname: 'Lucky',
  type: 0,
  isAgent: false,
  parentId: 'me-1',
  depth: 1,
  teamSize: 0,
  balance: '80.50',
  registeredAt: '2026-02-11T04:00:00.000Z',
};

describe('team overview (agentTeamOverview)', () => {
  it('shows the figures, a row per day and asks again for another period', async () => {
    const overview = teamOverviewSchema.parse({
      members: 12,
      agents: 3,
      newMembers: 4,
      activeMembers: 7,
      deposits: '1234.50',
      withdrawals: '300.00',
      validBet: '15000.00',
      profit: '-250.75',
      days: [
        {
          day: '2026-03-01',
          newMembers: 1,
          activeMembers: 5,
          deposits: '1000.00',
          withdrawals: '0.00',
          validBet: '9000.00',
          profit: '120.00',
        },
        {
          day: '2026-03-02',
          newMembers: 3,
          activeMembers: 6,
          deposits: '234.50',
          withdrawals: '300.00',
          validBet: '6000.00',
          profit: '-370.75',
        },
      ],
    });
    const { requests } = asAgent({ 'GET /wps/agent/team/overview': () => ok(overview) });
    const user = userEvent.setup();
    renderApp('/agentHome/agentTeamOverview');

    const tiles = await screen.findByTestId('overview-tiles');
    const tile = (name: string) => within(tiles).getByTestId(`overview-${name}`).textContent;
    expect(tile('members')).toBe('Members12');
    expect(tile('agents')).toBe('Agents3');
    expect(tile('new')).toBe('New members4');
    expect(tile('active')).toBe('Active members7');
    expect(tile('deposits')).toBe('Deposits₱\u00a01,234.50');
    expect(tile('withdrawals')).toBe('Withdrawals₱\u00a0300.00');
    expect(tile('valid-bet')).toBe('Valid bet₱\u00a015,000.00');
    expect(tile('profit')).toBe('Profit-₱\u00a0250.75');
    expect(screen.getAllByTestId('overview-day-row')).toHaveLength(2);
    expect(screen.getByTestId('overview-chart')).toBeTruthy();

    const first = calls(requests, 'GET', '/wps/agent/team/overview')[0];
    const from = Date.parse(first?.query.get('from') ?? '');
    const to = Date.parse(first?.query.get('to') ?? '');
    // The last 7 whole days of the merchant's zone (Asia/Manila, no daylight saving).
    expect(to - from).toBe(7 * 86_400_000);
    expect(new Date(from).getUTCHours()).toBe(16);

    await user.selectOptions(screen.getByLabelText('Period'), 'today');
    await waitFor(() => expect(calls(requests, 'GET', '/wps/agent/team/overview')).toHaveLength(2));
    const today = calls(requests, 'GET', '/wps/agent/team/overview')[1];
    expect(
      Date.parse(today?.query.get('to') ?? '') - Date.parse(today?.query.get('from') ?? ''),
    ).toBe(86_400_000);
  });
});

describe('register centre (registerCenter)', () => {
  it('shows the server field error, then creates an agent under me', async () => {
    let attempt = 0;
    const { requests } = asAgent({
      'GET /wps/agent/invitation': () => ok({ code: 'AB12CD' }),
      'POST /wps/agent/downlines': () => {
        attempt += 1;
        return attempt === 1
          ? fail(400, 'request_param_err', {
              fields: [
                { path: 'username', code: 'pattern', message: 'username has the wrong format' },
              ],
            })
          : ok({ id: 'new-1', username: 'newagent', type: 1, referralCode: 'FF00AA11' });
      },
    });
    const user = userEvent.setup();
    renderApp('/agentHome/registerCenter');

    const form = await screen.findByTestId('agent-register-form');
    const username = within(form).getByRole('textbox', { name: 'Username' });
    const password = within(form).getByLabelText('Password');

    // Checked before anything is sent.
    await user.type(username, 'abc');
    await user.click(within(form).getByRole('button', { name: 'Create account' }));
    expect(description(username)).toBe('4 to 20 characters.');
    expect(within(form).getByRole('alert').textContent).toBe(
      'Please check the highlighted fields.',
    );
    expect(calls(requests, 'POST', '/wps/agent/downlines')).toHaveLength(0);

    await user.type(username, 'd!');
    await user.type(password, 'secret99');
    await user.click(within(form).getByRole('button', { name: 'Create account' }));
    await waitFor(() =>
      expect(description(username)).toBe("This username does not meet the site's rules."),
    );
    expect(username.getAttribute('aria-invalid')).toBe('true');

    await user.clear(username);
    await user.type(username, ' newagent ');
    await user.click(within(form).getByRole('radio', { name: 'Agent' }));
    await user.type(within(form).getByRole('textbox', { name: 'Nickname (optional)' }), 'Newbie');
    await user.click(within(form).getByRole('button', { name: 'Create account' }));

    const done = await within(form).findByTestId('agent-register-done');
    expect(done.textContent).toContain('Agent account newagent is ready.');
    expect(done.textContent).toContain('FF00AA11');
    const sent = calls(requests, 'POST', '/wps/agent/downlines');
    expect(sent).toHaveLength(2);
    expect(sent[1]?.body).toEqual({
      username: 'newagent',
      password: 'secret99',
      type: 1,
      nickname: 'Newbie',
    });
    expect((username as HTMLInputElement).value).toBe('');
  });

  it('shows my invitation code, its link and the link as a QR code', async () => {
    asAgent({ 'GET /wps/agent/invitation': () => ok({ code: 'AB12CD' }) });
    renderApp('/agentHome/registerCenter');
    expect((await screen.findByTestId('invitation-code')).textContent).toBe('AB12CD');
    const link = screen.getByTestId('invitation-link');
    expect(link.textContent).toBe(`${window.location.origin}/?affiliateCode=AB12CD`);
    expect(link.getAttribute('href')).toBe(link.textContent);
    const qr = within(screen.getByTestId('invitation-qr'));
    expect(qr.getByTitle('QR code of your invitation link')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Copy Invitation link' })).toBeTruthy();
  });
});

describe('downline management (downlineManagmentView)', () => {
  it('offers a daily contract with tiers, refusing a rate above my own first', async () => {
    const { requests } = asAgent({
      'GET /wps/relay/ODSFE2_subordinateSimple': () => ok(subordinates([subAgentRow, memberRow])),
      'GET /wps/agent/contracts': () =>
        ok(contractListSchema.parse({ mine: [contract()], granted: [] })),
      'POST /wps/relay/MCS2_processDailySalContract': (request) =>
        ok(
          contract({
            id: 'g-9',
            upline: me,
            downline: subAgent,
            status: 'pending',
            activeFrom: null,
            tiers: (request.body as { tiers: ContractView['tiers'] }).tiers,
            maxRate: '0.80',
          }),
        ),
    });
    const user = userEvent.setup();
    renderApp('/agentHome/downlineManagmentView');

    const rows = await screen.findAllByTestId('downline-row');
    expect(rows.map((row) => row.getAttribute('data-username'))).toEqual(['subagent1', 'player01']);
    const agentRow = rows[0]!;
    expect(agentRow.textContent).toContain('250.00');
    expect(within(agentRow).getByTestId('downline-contracts').textContent).toContain(
      'No contracts yet.',
    );
    // A member takes no contracts.
    expect(within(rows[1]!).queryByRole('button', { name: 'Offer contract' })).toBeNull();

    await user.click(within(agentRow).getByRole('button', { name: 'Offer contract' }));
    const dialog = await screen.findByTestId('contract-offer-dialog');
    expect(within(dialog).getByTestId('contract-offer-own').textContent).toContain('1.00 %');
    const rate = () => within(dialog).getAllByLabelText('Rate (%)');
    await user.type(rate()[0]!, '1.5');
    await user.click(within(dialog).getByRole('button', { name: 'Send offer' }));
    expect(description(rate()[0]!)).toBe('At most 1.00 %, your own rate.');
    expect(calls(requests, 'POST', '/wps/relay/MCS2_processDailySalContract')).toHaveLength(0);

    await user.clear(rate()[0]!);
    await user.type(rate()[0]!, '0.6');
    const members = () => within(dialog).getAllByLabelText('Min. active members');
    const bets = () => within(dialog).getAllByLabelText('Min. period bet');
    await user.clear(members()[0]!);
    await user.type(members()[0]!, '3');
    await user.clear(bets()[0]!);
    await user.type(bets()[0]!, '1000');
    await user.click(within(dialog).getByRole('button', { name: 'Add a tier' }));
    await user.type(rate()[1]!, '0.8');
    await user.clear(members()[1]!);
    await user.type(members()[1]!, '5');
    await user.clear(bets()[1]!);
    await user.type(bets()[1]!, '5000.5');
    await user.click(within(dialog).getByRole('button', { name: 'Send offer' }));

    await waitFor(() => expect(screen.queryByTestId('contract-offer-dialog')).toBeNull());
    const [offer] = calls(requests, 'POST', '/wps/relay/MCS2_processDailySalContract');
    expect(offer?.body).toEqual({
      action: 'REQUEST',
      subordinateId: 'sub-1',
      tiers: [
        { rate: '0.60', minActiveMembers: 3, minPeriodBet: '1000.00' },
        { rate: '0.80', minActiveMembers: 5, minPeriodBet: '5000.50' },
      ],
    });
    expect(screen.getByText('Daily salary offer sent to subagent1.')).toBeTruthy();
  });

  it('warns before accepting a lower offer, listing the downline it ends, then confirms', async () => {
    const offer = contract({
      id: 'offer-1',
      status: 'pending',
      activeFrom: null,
      maxRate: '0.50',
      tiers: [{ rate: '0.50', minActiveMembers: 0, minPeriodBet: '0.00' }],
      downlineHigherRate: [{ contractId: 'g-1', downline: subAgent, maxRate: '0.80' }],
    });
    const granted = contract({ id: 'g-1', upline: me, downline: subAgent, maxRate: '0.80' });
    const { requests } = asAgent({
      'GET /wps/relay/ODSFE2_subordinateSimple': () => ok(subordinates([subAgentRow])),
      'GET /wps/agent/contracts': () =>
        ok(contractListSchema.parse({ mine: [offer], granted: [granted] })),
      'POST /wps/relay/MCS2_processDailySalContract': () =>
        ok(contract({ id: 'offer-1', maxRate: '0.50' })),
    });
    const user = userEvent.setup();
    renderApp('/agentHome/downlineManagmentView');

    const mine = await screen.findByTestId('contracts-mine');
    const row = within(mine).getByTestId('contract-mine-row');
    expect(within(row).getByTestId('contract-mine-conflict')).toBeTruthy();
    await user.click(within(row).getByTestId('contract-accept'));

    const warning = await screen.findByTestId('contract-lower-rate');
    const items = within(warning).getAllByTestId('contract-lower-rate-item');
    expect(items.map((item) => item.textContent)).toEqual(['subagent10.80 %']);
    // Nothing is sent until the agent agrees.
    expect(calls(requests, 'POST', '/wps/relay/MCS2_processDailySalContract')).toHaveLength(0);

    await user.click(within(warning).getByRole('button', { name: 'Accept and end them' }));
    await waitFor(() => expect(screen.queryByTestId('contract-lower-rate')).toBeNull());
    const sent = calls(requests, 'POST', '/wps/relay/MCS2_processDailySalContract');
    expect(sent.map((request) => request.body)).toEqual([
      { action: 'A', contractId: 'offer-1', confirm: true },
    ]);
  });

  it('warns when the server finds a higher downline contract, and the second call confirms', async () => {
    const offer = contract({ id: 'offer-1', status: 'pending', activeFrom: null, maxRate: '0.50' });
    const granted = contract({ id: 'g-1', upline: me, downline: subAgent, maxRate: '0.80' });
    const { requests } = asAgent({
      'GET /wps/relay/ODSFE2_subordinateSimple': () => ok(subordinates([subAgentRow])),
      'GET /wps/agent/contracts': () =>
        ok(contractListSchema.parse({ mine: [offer], granted: [granted] })),
      'POST /wps/relay/MCS2_processDailySalContract': (request) =>
        (request.body as { confirm?: boolean }).confirm === true
          ? ok(contract({ id: 'offer-1', maxRate: '0.50' }))
          : fail(409, 'contract_lower_rate', {
              value: {
                downlineHigherRate: [{ contractId: 'g-1', downlineId: 'sub-1', maxRate: '0.80' }],
              },
            }),
    });
    const user = userEvent.setup();
    renderApp('/agentHome/downlineManagmentView');

    const mine = await screen.findByTestId('contracts-mine');
    await user.click(within(mine).getByTestId('contract-accept'));
    const warning = await screen.findByTestId('contract-lower-rate');
    expect(within(warning).getByTestId('contract-lower-rate-item').textContent).toBe(
      'subagent10.80 %',
    );
    await user.click(within(warning).getByTestId('contract-lower-rate-confirm'));

    await waitFor(() => expect(screen.queryByTestId('contract-lower-rate')).toBeNull());
    const sent = calls(requests, 'POST', '/wps/relay/MCS2_processDailySalContract');
    expect(sent.map((request) => request.body)).toEqual([
      { action: 'A', contractId: 'offer-1' },
      { action: 'A', contractId: 'offer-1', confirm: true },
    ]);
    expect(within(mine).getByText('You accepted the Daily salary contract.')).toBeTruthy();
  });

  it("goes into a sub-agent's line and back, and searches the whole team", async () => {
    const lower = { ...memberRow, id: 'm-9', username: 'deepplayer', parentId: 'sub-1' };
    const { requests } = asAgent({
      'GET /wps/relay/ODSFE2_subordinateSimple': (request) => {
        if (request.query.get('subordinateType') === 'SELF')
          return ok(subordinates([{ ...lower, depth: 2 }]));
        return ok(
          subordinates(request.query.get('parentId') === 'sub-1' ? [lower] : [subAgentRow]),
        );
      },
      'GET /wps/agent/contracts': () => ok(contractListSchema.parse({ mine: [], granted: [] })),
    });
    const user = userEvent.setup();
    renderApp('/agentHome/downlineManagmentView');

    const [agentRow] = await screen.findAllByTestId('downline-row');
    await user.click(within(agentRow!).getByRole('button', { name: "View subagent1's downline" }));
    await waitFor(() =>
      expect(screen.getAllByTestId('downline-row')[0]?.getAttribute('data-username')).toBe(
        'deepplayer',
      ),
    );
    const crumbs = screen.getByRole('navigation', { name: 'Downline path' });
    expect(within(crumbs).getByText('subagent1').getAttribute('aria-current')).toBe('page');
    // Only my own direct subordinates take a transfer.
    expect(screen.queryByRole('button', { name: 'Transfer' })).toBeNull();

    await user.click(within(crumbs).getByRole('button', { name: 'My team' }));
    await waitFor(() =>
      expect(screen.getAllByTestId('downline-row')[0]?.getAttribute('data-username')).toBe(
        'subagent1',
      ),
    );

    const search = screen.getByRole('searchbox', { name: 'Search my whole team' });
    await user.type(search, 'deep{Enter}');
    await waitFor(() =>
      expect(screen.getAllByTestId('downline-row')[0]?.getAttribute('data-username')).toBe(
        'deepplayer',
      ),
    );
    const searched = calls(requests, 'GET', '/wps/relay/ODSFE2_subordinateSimple').at(-1);
    expect(searched?.query.get('subordinateType')).toBe('SELF');
    expect(searched?.query.get('subordinateName')).toBe('deep');
    expect(
      calls(requests, 'GET', '/wps/relay/ODSFE2_subordinateSimple').some(
        (request) => request.query.get('parentId') === 'sub-1',
      ),
    ).toBe(true);
  });

  it('transfers to a direct subordinate with the sealed downline call', async () => {
    const { requests } = asAgent({
      'GET /wps/relay/ODSFE2_subordinateSimple': () => ok(subordinates([memberRow])),
      'GET /wps/agent/contracts': () => ok(contractListSchema.parse({ mine: [], granted: [] })),
      'GET /wps/agent/transfers/info': () => ok({ upline: null, balance: '500.00' }),
      'POST /wps/agent/transfers/downline': (request) =>
        ok(
          {
            id: 't-1',
            direction: 'downline',
            counterparty: 'player01',
            amount: (request.body as { amount: string }).amount,
            createdAt: '2026-03-02T04:00:00.000Z',
            balance: '400.00',
          },
          201,
        ),
    });
    const user = userEvent.setup();
    renderApp('/agentHome/downlineManagmentView');

    const [row] = await screen.findAllByTestId('downline-row');
    await user.click(within(row!).getByRole('button', { name: 'Transfer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Transfer to player01' });
    await user.type(await within(dialog).findByRole('textbox', { name: 'Amount' }), '100');
    await user.type(within(dialog).getByLabelText('Payment password'), 'pay123');
    await user.click(within(dialog).getByRole('button', { name: 'Transfer' }));

    expect(
      await within(dialog).findByText('₱ 100.00 sent to player01.', {}, { timeout: 10_000 }),
    ).toBeTruthy();
    const [sent] = calls(requests, 'POST', '/wps/agent/transfers/downline');
    expect(sent?.sealed).toBe(true);
    expect(sent?.body).toMatchObject({
      username: 'player01',
      amount: '100',
      paymentPassword: 'pay123',
    });
  });
});

describe('salary and dividend records', () => {
  it('lists settled windows with the total, and shows why each paid what it did', async () => {
    const page = settlementPageSchema.parse({
      list: [
        {
          id: 's-1',
          contractId: 'c-1',
          kind: 'daily',
          windowStart: '2026-03-01T16:00:00.000Z',
          windowEnd: '2026-03-02T16:00:00.000Z',
          teamValidBet: '15000.00',
          teamNetLoss: '-500.00',
          activeMembers: 2,
          tier: 1,
          rate: '1.00',
          gross: '150.00',
          subordinatesPaid: '60.00',
          payout: '90.00',
          below: [{ contractId: 'g-1', agentId: 'sub-1', paid: '60.00' }],
          settledAt: '2026-03-02T16:05:00.000Z',
        },
      ],
      totalPayout: '90.00',
      page: 1,
      size: 20,
      hasMore: false,
    });
    const { requests } = asAgent({ 'GET /wps/agent/settlements': () => ok(page) });
    const user = userEvent.setup();
    renderApp('/agentHome/agentDailyWages2');

    const row = await screen.findByTestId('settlement-row');
    expect(screen.getByTestId('settlement-total').textContent).toBe('₱\u00a090.00');
    expect(within(row).getByTestId('settlement-payout').textContent).toBe('₱\u00a090.00');
    expect(within(row).queryByTestId('settlement-details')).toBeNull();
    const [call] = calls(requests, 'GET', '/wps/agent/settlements');
    expect(call?.query.get('kind')).toBe('daily');
    expect(call?.query.get('page')).toBe('1');

    const toggle = within(row).getByRole('button', { name: 'Why this amount' });
    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const details = within(row).getByTestId('settlement-details');
    const figure = (id: string) => within(details).getByTestId(id).textContent;
    expect(figure('settlement-valid-bet')).toBe('₱\u00a015,000.00');
    expect(figure('settlement-net-loss')).toBe('-₱\u00a0500.00');
    expect(figure('settlement-active')).toBe('2');
    expect(figure('settlement-tier')).toBe('2');
    expect(figure('settlement-rate')).toBe('1.00 %');
    expect(figure('settlement-gross')).toBe('₱\u00a0150.00');
    expect(figure('settlement-below')).toBe('₱\u00a060.00');
    expect(figure('settlement-explain')).toBe(
      "Gross ₱\u00a0150.00 is 1.00 % of the team's valid bet. Less ₱\u00a060.00 paid to your subordinates' contracts, you get ₱\u00a090.00.",
    );
  });

  it('asks for its own kind on each record page', async () => {
    const { requests } = asAgent({
      'GET /wps/agent/settlements': () =>
        ok({ list: [], totalPayout: '0.00', page: 1, size: 20, hasMore: false }),
    });
    renderApp('/agentHome/agentDividendRecordCopy2');
    expect(await screen.findByTestId('settlements-empty')).toBeTruthy();
    expect(calls(requests, 'GET', '/wps/agent/settlements')[0]?.query.get('kind')).toBe('dividend');
  });
});

describe('register popup from an invitation link', () => {
  it('opens on /?affiliateCode= with the affiliate code filled in', async () => {
    const { requests } = installFakeApi(
      statusWithFlags(['USERNAMEREG3'], {
        ...accountRules,
        affiliateCode: fieldRule(4, 16, 14, { required: false }),
      }),
      identityRoutes({ 'GET /wps/agent/affiliate': () => ok(false) }),
    );
    const user = userEvent.setup();
    renderApp('/?affiliateCode=AB12CD');

    const dialog = await screen.findByRole('dialog', { name: 'Register' });
    const affiliate = within(dialog).getByRole('textbox', { name: 'Affiliate code' });
    expect((affiliate as HTMLInputElement).value).toBe('AB12CD');

    // The code is checked like a typed one.
    await user.type(within(dialog).getByRole('textbox', { name: 'Username' }), 'alice88');
    await user.type(within(dialog).getByLabelText('Password'), 'secret123');
    await user.type(within(dialog).getByLabelText('Confirm password'), 'secret123');
    await user.click(within(dialog).getByRole('button', { name: 'Sign up' }));
    await waitFor(() => expect(calls(requests, 'GET', '/wps/agent/affiliate')).toHaveLength(1));
    expect(calls(requests, 'GET', '/wps/agent/affiliate')[0]?.query.get('code')).toBe('AB12CD');

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(window.location.search).toBe('');
  });

  it('sends the code as the referral code when the merchant has no affiliate-code field', async () => {
    installFakeApi(statusWithFlags(['USERNAMEREG3']));
    renderApp('/?affiliateCode=AB12CD');
    const dialog = await screen.findByRole('dialog', { name: 'Register' });
    expect(within(dialog).queryByRole('textbox', { name: 'Affiliate code' })).toBeNull();
    expect(within(dialog).getByText('Invitation code: AB12CD')).toBeTruthy();
  });

  it('stays closed on the plain home page', async () => {
    installFakeApi(statusWithFlags(['USERNAMEREG3']));
    renderApp('/');
    await screen.findByTestId('home');
    expect(screen.queryByRole('dialog', { name: 'Register' })).toBeNull();
  });
});
