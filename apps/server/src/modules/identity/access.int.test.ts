import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { registrationPatternExamples, registrationPatterns } from '@taya/contracts';
import { registerFieldRules } from '../system/schema';
import {
  createTestApp,
  injectSealed,
  lastSmsCode,
  solveCaptcha,
  type TestContext,
} from '../../test/harness';
import type { SandboxPhoneAuth } from '../../platform/providers/phone-auth';
import { demoPassword } from './seed';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const login = (username: string, ip: string, password = demoPassword) =>
  injectSealed(t.app, {
    method: 'POST',
    url: '/wps/session/login',
    payload: { username, password },
    remoteAddress: ip,
  });

describe('log-in from an address the account never used', () => {
  it('asks for a code sent to a bound channel, then remembers the address', async () => {
    expect((await login('demo_member', '198.18.0.1')).statusCode).toBe(200);
    const challenge = await login('demo_member', '198.18.0.2');
    expect(challenge.statusCode).toBe(403);
    const body = challenge.json();
    expect(body.errorCode).toBe('login_verify_required');
    expect(body.value.methods).toEqual([
      { method: 'sms', destination: '+63 91*****002' },
      { method: 'email', destination: 'de*********@example.com' },
      { method: 'bank_name', destination: '' },
    ]);
    const { challengeId } = body.value;

    const send = await t.app.inject({
      method: 'POST',
      url: '/wps/session/login/verification/code',
      payload: { challengeId, method: 'sms' },
      remoteAddress: '198.18.0.2',
    });
    expect(send.json().value).toEqual({ expiredMinutes: 1, destination: '+63 91*****002' });
    const code = await lastSmsCode(t.app, '+639170000002');

    const elsewhere = await injectSealed(t.app, {
      method: 'POST',
      url: '/wps/session/login/verification',
      payload: { challengeId, method: 'sms', verificationCode: code },
      remoteAddress: '198.18.0.3',
    });
    expect(elsewhere.json().errorCode).toBe('verification_code_invalid');
    const wrong = await injectSealed(t.app, {
      method: 'POST',
      url: '/wps/session/login/verification',
      payload: { challengeId, method: 'sms', verificationCode: '000000' },
      remoteAddress: '198.18.0.2',
    });
    expect(wrong.json().errorCode).toBe('verification_code_invalid');
    const done = await injectSealed(t.app, {
      method: 'POST',
      url: '/wps/session/login/verification',
      payload: { challengeId, method: 'sms', verificationCode: code },
      remoteAddress: '198.18.0.2',
    });
    expect(done.statusCode).toBe(200);
    expect(done.json().value.userName).toBe('demo_member');
    expect((await login('demo_member', '198.18.0.2')).statusCode).toBe(200);
  });
});

describe('sessions and avatar', () => {
  it('lists the member’s sessions and revokes one, which then gets 401', async () => {
    const a = (await login('demo_agent', '198.18.1.1')).json().value.token as string;
    const b = (await login('demo_agent', '198.18.1.1')).json().value.token as string;
    const bSession = (await t.app.services.sessions.resolve(b))!.sessionId;
    const list = await t.app.inject({
      method: 'GET',
      url: '/wps/member/sessions',
      headers: { authorization: a },
    });
    const sessions = list.json().value as { id: string; current: boolean; ip: string }[];
    expect(sessions.filter((s) => s.current)).toHaveLength(1);
    expect(sessions.find((s) => s.id === bSession)).toMatchObject({
      current: false,
      ip: '198.18.1.1',
    });
    const revoke = await t.app.inject({
      method: 'DELETE',
      url: `/wps/member/sessions/${bSession}`,
      headers: { authorization: a },
    });
    expect(revoke.statusCode).toBe(200);
    const infoB = await t.app.inject({
      method: 'GET',
      url: '/wps/member/info',
      headers: { authorization: b },
    });
    expect(infoB.statusCode).toBe(401);
    expect(infoB.json().errorCode).toBe('user.or.token.invalid');
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/wps/member/info',
          headers: { authorization: a },
        })
      ).statusCode,
    ).toBe(200);
    // Another account's session is not ours to end: not found, and it lives on.
    const member = (await login('demo_member', '198.18.0.1')).json().value.token as string;
    const memberSession = (await t.app.services.sessions.resolve(member))!.sessionId;
    const foreign = await t.app.inject({
      method: 'DELETE',
      url: `/wps/member/sessions/${memberSession}`,
      headers: { authorization: a },
    });
    expect(foreign.statusCode).toBe(404);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/wps/member/info',
          headers: { authorization: member },
        })
      ).statusCode,
    ).toBe(200);
  });

  it('sets an avatar from the offered ones only', async () => {
    const token = (await login('demo_member', '198.18.0.1')).json().value.token as string;
    const auth = { authorization: `Bearer ${token}` };
    const bad = await t.app.inject({
      method: 'PUT',
      url: '/wps/member/info/icon',
      headers: auth,
      payload: { icon: 'https://evil.example/x.png' },
    });
    expect(bad.statusCode).toBe(400);
    const ok = await t.app.inject({
      method: 'PUT',
      url: '/wps/member/info/icon',
      headers: auth,
      payload: { icon: 'avatar-07' },
    });
    expect(ok.statusCode).toBe(200);
    const info = await t.app.inject({ method: 'GET', url: '/wps/member/info', headers: auth });
    expect(info.json().value.icon).toBe('avatar-07');
  });
});

describe('every route refuses the roles it must refuse', () => {
  const roles = ['trial', 'member', 'agent', 'operator'] as const;

  it('lists exactly the public calls we mean to be public', () => {
    const publicRoutes = t.app.routeTable
      .filter((r) => r.access === 'public')
      .map((r) => `${r.method} ${r.url}`)
      .sort();
    expect(publicRoutes).toEqual(
      [
        'GET /dev/outbox',
        // Health probes for load balancers and orchestrators.
        'GET /healthz',
        'GET /readyz',
        // The sandbox gateway's pay page and its script (development, this machine only); paying
        // takes the depositing member's session.
        'GET /sandbox/gateway/pay.js',
        'GET /sandbox/gateway/pay/:orderId',
        'POST /wps/cashier/callbacks/:gateway',
        // The footer's list of the merchant's deposit channels, by name only.
        'GET /wps/cashier/channels/public',
        'GET /wps/agent/affiliate',
        'GET /wps/captcha',
        'GET /wps/session/key/rsa',
        'GET /wps/system/domainRoute',
        'GET /wps/system/status',
        'GET /wps/system/whitelabel',
        'POST /wps/member/password/email',
        'POST /wps/member/password/reset',
        'POST /wps/member/password/verification',
        'POST /wps/session/login',
        'POST /wps/session/login/freeplay',
        'POST /wps/session/login/verification',
        'POST /wps/session/login/verification/code',
        // The app download QR code's one-time sign-in ticket, exchanged on the other device.
        'POST /wps/session/ticket/exchange',
        // The operator realm's log-in and its one-time enrolment.
        'POST /ops/session/login',
        'GET /ops/enrol/:token',
        'POST /ops/enrol',
        'POST /wps/verification/sms/noLogin',
        'POST /wps/verification/sms/register',
        'PUT /wps/member/register',
        'PUT /wps/member/register/mobile',
        // The game lobby is open to visitors.
        'GET /wps/relay/GCSGAME_gameList',
        'GET /wps/relay/GCSGAME_hotGamesV2',
        'GET /wps/relay/GCSGAME_getVassGameType',
        'GET /wps/relay/GCSGAME_gameVendor',
        'GET /wps/relay/GCSGAME_getRankList',
        'GET /wps/winners',
        'GET /lgw/games/game_menus',
        'GET /wps/games/jackpot',
        // The site's content: notices and announcements are for visitors too.
        'GET /wps/system/notices',
        'GET /wps/relay/MCSFE_getListAnnouncements',
        // The first banner picture of a group, for the page's shell before the app runs.
        'GET /wps/content/banners/:group/first-image',
        // The operators' site images (banners, popups, covers); members' uploads are never served here.
        'GET /wps/content/images/:id',
        'PUT /wps/feedback',
        // Promotions and their claim states: visitors see them too (state Join, log in).
        'GET /wps/promotions',
        'GET /wps/promotions/:id',
        // Red-envelope windows and the one open now: visitors see them (grabbing needs a log-in).
        'GET /wps/red-envelopes',
        'GET /wps/red-envelopes/current',
        // Missions and their leaderboard: visitors see the definitions and the masked top list.
        'GET /wps/missions',
        'GET /wps/missions/leaderboard',
        // The VIP ladder and its benefits, shown before joining.
        'GET /wps/vip/levels',
        // The points mall's rewards, shown to visitors with a log-in prompt.
        'GET /wps/relay/MCS2_getPointReward',
        // The help centre (terms, FAQs) is for visitors too.
        'GET /wps/system/helpCenter',
        // Blog posts and news items: published ones are for visitors too.
        'GET /wps/articles',
        'GET /wps/articles/:kind/:slug',
        // The lottery's menu, result history and the check of a house-drawn result are public
        // (betting and the open issue need a log-in); so are its live result events.
        'GET /lgw/vn/games/game_menu',
        'GET /lgw/vn/numeros/opened/game',
        'GET /lotto/verify/:gameCode/:issueId',
        'GET /ws/lottery',
        // Live chat: visitors chat too; a chat is reached with its own access key.
        'GET /wps/relay/CBS_modelList',
        'POST /wps/relay/CBS_launchChat',
        'GET /wps/support/chat/messages',
        'POST /wps/support/chat/messages',
        'GET /ws/chat',
        // Game vendors' seamless wallet: signed with the vendor's secret instead of a session.
        'POST /wallet-api/seamless/:vendor/authenticate',
        'POST /wallet-api/seamless/:vendor/balance',
        'POST /wallet-api/seamless/:vendor/bet',
        'POST /wallet-api/seamless/:vendor/win',
        'POST /wallet-api/seamless/:vendor/rollback',
        // The in-house vendor's slot server: the wallet's player session stands in for a login.
        'POST /taya-games/slot/open',
        'POST /taya-games/slot/spin',
        'POST /taya-games/slot/demo/open',
        'POST /taya-games/slot/demo/spin',
        // The house originals: a game's info, and free play with play money (its own session).
        'GET /originals/:game',
        'POST /originals/demo/:game/session',
        'POST /originals/demo/:game/bets',
        // Games played in steps (mines, video poker) for free: the demo session names the player.
        'POST /originals/demo/:game/rounds/:roundId/actions',
        'GET /originals/demo/:game/active',
        // Crash: the live round and the chain's terminating hash are public, its feed too, and
        // free play runs on its demo session.
        'GET /originals/crash/state',
        'GET /ws/originals/crash',
        'POST /originals/demo/crash/session',
        'POST /originals/demo/crash/balance',
        'POST /originals/demo/crash/bets',
        'POST /originals/demo/crash/cashout',
        'GET /originals/bingo/state',
        'GET /ws/originals/bingo',
        'POST /originals/demo/bingo/session',
        'POST /originals/demo/bingo/cards',
        'POST /originals/demo/bingo/mine',
        // The Colour Game: the live round (its seed's hash) is public, its feed too, and free
        // play needs no account.
        'GET /originals/color-game/state',
        'GET /ws/originals/color-game',
        'POST /originals/demo/color-game/session',
        'POST /originals/demo/color-game/balance',
        'POST /originals/demo/color-game/bets',
        // Live tables: the lobby, a table, a finished shoe's record (to verify it) and the feed.
        'GET /live-tables',
        'GET /live-tables/:code',
        'GET /live-tables/:code/shoes/:shoe',
        'GET /ws/live',
        // Cockfight: the merchant's arenas, one arena (its fight, pools, odds, results) and the
        // feed.
        'GET /cockfight-arenas',
        'GET /cockfight-arenas/:arena',
        'GET /ws/cockfight',
        // Sportsbook: a game centre's lists, a fixture with its markets, and the feed.
        'GET /sportsbook',
        'GET /sportsbook/fixtures/:fixture',
        'GET /ws/sportsbook',
      ].sort(),
    );
  });

  it('answers 401 without a token and 403 for every role a guarded call does not list', async () => {
    const tokens = Object.fromEntries(
      await Promise.all(roles.map(async (r) => [r, await t.login(r)] as const)),
    );
    const guarded = t.app.routeTable.filter((r) => r.access !== 'public');
    expect(guarded.length).toBeGreaterThan(5);
    for (const route of guarded) {
      const url = route.url
        .replace(':id', '00000000-0000-4000-8000-000000000000')
        .replace(':modId', 'FREEPLAY3');
      const method = route.method as 'GET' | 'POST' | 'PUT' | 'DELETE';
      const anonymous = await t.app.inject({
        method,
        url,
        payload: method === 'GET' ? undefined : {},
      });
      expect(anonymous.statusCode, `${route.method} ${route.url} without a token`).toBe(401);
      for (const role of roles) {
        if ((route.access as readonly string[]).includes(role)) continue;
        const res = await t.app.inject({
          method,
          url,
          headers: { authorization: tokens[role]! },
          payload: method === 'GET' ? undefined : {},
        });
        expect(res.statusCode, `${route.method} ${route.url} as ${role}`).toBe(403);
        expect(res.json().errorCode).toBe(role === 'trial' ? 'in_need_true_account' : 'forbidden');
      }
    }
  });
});

describe('server-side registration rules, one test per §5 pattern', () => {
  for (const pattern of registrationPatterns) {
    it(`pattern ${pattern.id} (${pattern.kind})`, async () => {
      await t.database.db
        .update(registerFieldRules)
        .set({ enabled: true, required: false, minLength: 1, maxLength: 60, patternId: pattern.id })
        .where(
          and(
            eq(registerFieldRules.merchantCode, 'TYPH'),
            eq(registerFieldRules.field, 'payeeName'),
          ),
        );
      t.app.services.system.invalidate();
      const examples = registrationPatternExamples[pattern.id]!;
      const attempt = async (payeeName: string) => {
        // The username is always wrong, so nothing is ever created; we read payeeName's verdict.
        const res = await injectSealed(t.app, {
          method: 'PUT',
          url: '/wps/member/register',
          payload: { username: '1', password: 'abc12345', confirmPassword: 'abc12345', payeeName },
        });
        expect(res.statusCode).toBe(400);
        return (res.json().fields as { path: string; code: string }[]).find(
          (f) => f.path === 'payeeName',
        )?.code;
      };
      for (const ok of examples.ok) expect(await attempt(ok), `accept ${ok}`).toBeUndefined();
      for (const bad of examples.bad) expect(await attempt(bad), `refuse ${bad}`).toBe('pattern');
    });
  }
});

describe('the outside phone-auth channel', () => {
  it('is off by default: an ID token alone does not register', async () => {
    expect(t.app.services.phoneAuth).toBeNull();
    const res = await injectSealed(t.app, {
      method: 'PUT',
      url: '/wps/member/register/mobile',
      payload: {
        username: '',
        mobileNum: '09176660001',
        password: 'abc12345',
        confirmPassword: 'abc12345',
        paymentPassword: '123456',
        firebaseChannel: 'sms',
        firebaseIdToken: 'x.y.z',
      },
    });
    expect(res.statusCode).toBe(400);
  });

  it('stands in for the SMS code when on (sandbox channel)', async () => {
    const on = await createTestApp({ env: { PHONE_AUTH: 'sandbox' } });
    try {
      const channel = on.app.services.phoneAuth as SandboxPhoneAuth;
      const base = {
        username: '',
        password: 'abc12345',
        confirmPassword: 'abc12345',
        paymentPassword: '123456',
        firebaseChannel: 'sms' as const,
      };
      // Changes the signature's first character (the last one may carry only padding bits).
      const forge = (token: string) => {
        const [head, body, sig = ''] = token.split('.');
        return `${head}.${body}.${sig.startsWith('A') ? 'B' : 'A'}${sig.slice(1)}`;
      };
      const register = async (mobileNum: string, firebaseIdToken: string) => {
        const captcha = await solveCaptcha(on.app, `10.77.0.${mobileNum.slice(-2)}`);
        return injectSealed(on.app, {
          method: 'PUT',
          url: '/wps/member/register/mobile',
          payload: { ...base, mobileNum, firebaseIdToken, captcha: captcha.answer },
          cookies: captcha.cookies,
        });
      };
      const otherNumber = await register('09176660002', await channel.issueFor('+639176669999'));
      expect(otherNumber.json().errorCode).toBe('verification_code_invalid');
      const forged = await register('09176660003', forge(await channel.issueFor('+639176660003')));
      expect(forged.json().errorCode).toBe('verification_code_invalid');
      const ok = await register('09176660004', await channel.issueFor('+639176660004'));
      expect(ok.statusCode).toBe(201);
      expect(ok.json().value.userName).toBe('09176660004');
    } finally {
      await on.close();
    }
  });
});

describe('agent calls', () => {
  it('refuse a trial token and a member token, and let an agent through', async () => {
    const withAgentCall = await createTestApp({
      beforeReady: (app) => {
        // Stands for every agent-centre call: the same guard declaration the agent module uses.
        app.get('/wps/agent/test-only', { config: { access: ['agent'] } }, async (req) => ({
          success: true,
          value: req.principal!.role,
        }));
      },
    });
    try {
      const call = (authorization?: string) =>
        withAgentCall.app.inject({
          method: 'GET',
          url: '/wps/agent/test-only',
          ...(authorization ? { headers: { authorization } } : {}),
        });
      const trial = await call(await withAgentCall.login('trial'));
      expect(trial.statusCode).toBe(403);
      expect(trial.json().errorCode).toBe('in_need_true_account');
      const member = await call(await withAgentCall.login('member'));
      expect(member.statusCode).toBe(403);
      expect(member.json().errorCode).toBe('forbidden');
      expect((await call()).statusCode).toBe(401);
      const agent = await call(await withAgentCall.login('agent'));
      expect(agent.json()).toEqual({ success: true, value: 'agent' });
    } finally {
      await withAgentCall.close();
    }
  });
});
