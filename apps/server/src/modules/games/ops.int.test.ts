import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../platform/audit-schema';
import { createTestApp, fund, loginDemo, type TestContext } from '../../test/harness';

let t: TestContext;
let admin: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  admin = { authorization: `Bearer ${await t.loginOperator({ subjectId: 'games-admin' })}` };
});
afterAll(() => t.close());

const call = (
  headers: Record<string, string>,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH',
  url: string,
  payload?: object,
) => t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

const lobby = async () =>
  (
    await t.app.inject({
      method: 'GET',
      url: '/wps/relay/GCSGAME_gameList?gameType=RNG&pageNo=1&pageSize=10',
      headers: { merchant: 'TYPH' },
    })
  ).json().value as { games: { nodeId: string; maintenance: boolean; iconUrl: string | null }[] };

/** A member with a slot open: its launch call and a spin of 1.00. */
async function player(username: string, key: string) {
  const p = await loginDemo(t.app, username);
  await fund(t.app, p.id, 100_00n, key);
  const launch = () => p.call('GET', '/wps/game/launchGame?nodeId=TYPH-TAYA-FORTUNE&accountType=1');
  const first = await launch();
  expect(first.statusCode).toBe(200);
  const token = new URL(first.json().value.content.game_url, 'http://x').searchParams.get('token')!;
  const open = await t.app.inject({
    method: 'POST',
    url: '/taya-games/slot/open',
    payload: { token },
  });
  const session = open.json().value.session as string;
  const spin = () =>
    t.app.inject({
      method: 'POST',
      url: '/taya-games/slot/spin',
      payload: { session, playerId: p.id, gameCode: 'TAYA_FORTUNE', bet: '1.00' },
    });
  return { id: p.id, launch, spin };
}

async function lastAudit(action: string) {
  const [row] = await t.database.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.action, action))
    .orderBy(desc(auditLog.seq))
    .limit(1);
  return row;
}

describe('operator games', () => {
  it('lists vendors and games and edits a game; the player lobby follows at once', async () => {
    const vendors = await call(admin, 'GET', '/ops/games/vendors');
    expect(vendors.json().value.list.map((v: { code: string }) => v.code)).toContain('TAYA');
    const listed = await call(admin, 'GET', '/ops/games?vendor=TAYA&search=fortune');
    expect(listed.statusCode).toBe(200);
    expect(listed.json().value.list).toEqual([
      expect.objectContaining({ id: 'TYPH-TAYA-FORTUNE', enabled: true, demoAllowed: true }),
    ]);

    // The lobby's answer is cached; the change still shows on the next call.
    expect((await lobby()).games[0]).toMatchObject({ maintenance: false });
    const nothing = await call(admin, 'PATCH', '/ops/games/TYPH-TAYA-FORTUNE', { reason: 'x1x' });
    expect(nothing.statusCode).toBe(400);
    const patched = await call(admin, 'PATCH', '/ops/games/TYPH-TAYA-FORTUNE', {
      maintenance: true,
      iconUrl: '/art/fortune.webp',
      hot: true,
      category: 'RNG',
      sort: 5,
      reason: 'Feature the slot',
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json().value).toMatchObject({ maintenance: true, hot: true, sort: 5 });
    expect((await lobby()).games[0]).toMatchObject({
      nodeId: 'TYPH-TAYA-FORTUNE',
      maintenance: true,
      iconUrl: '/art/fortune.webp',
    });
    const audit = await lastAudit('games.game.update');
    expect(audit!.before).toMatchObject({ maintenance: false, hot: false });
    expect(audit!.after).toMatchObject({ maintenance: true, hot: true });
    await call(admin, 'PATCH', '/ops/games/TYPH-TAYA-FORTUNE', {
      maintenance: false,
      reason: 'Vendor fixed',
    });
    expect((await lobby()).games[0]).toMatchObject({ maintenance: false });

    const other = { authorization: `Bearer ${await t.loginOperator({ merchants: ['TYMM'] })}` };
    const outside = await call(other, 'PATCH', '/ops/games/TYPH-TAYA-FORTUNE', {
      sort: 1,
      reason: 'Reorder',
    });
    expect(outside.statusCode).toBe(403);
    const support = { authorization: `Bearer ${await t.loginOperator({ role: 'support' })}` };
    expect((await call(support, 'GET', '/ops/games')).statusCode).toBe(403);
  });

  it("puts the operator's hot picks first and lists a game under its chosen category", async () => {
    const hot = async () =>
      (
        await t.app.inject({
          method: 'GET',
          url: '/wps/relay/GCSGAME_hotGamesV2?language=en',
          headers: { merchant: 'TYPH' },
        })
      ).json().value.list as { nodeId: string; gameType: string }[];
    const list = async (gameType: string) =>
      (
        await t.app.inject({
          method: 'GET',
          url: `/wps/relay/GCSGAME_gameList?gameType=${gameType}&pageNo=1&pageSize=50`,
          headers: { merchant: 'TYPH' },
        })
      ).json().value.games as { nodeId: string; gameType: string }[];
    // The slot was picked in the test above.
    await call(admin, 'PATCH', '/ops/games/TYPH-TAYA-FORTUNE', { hot: false, reason: 'Unpick it' });
    const last = (await hot()).at(-1)!.nodeId;
    expect((await hot())[0]!.nodeId).not.toBe(last);
    const pick = await call(admin, 'PATCH', `/ops/games/${last}`, {
      hot: true,
      reason: 'Feature it first',
    });
    expect(pick.statusCode).toBe(200);
    expect((await hot())[0]!.nodeId).toBe(last);

    const bad = await call(admin, 'PATCH', '/ops/games/TYPH-TAYA-FORTUNE', {
      category: 'SLOTS',
      reason: 'Move the slot',
    });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toContain('category');
    const moved = await call(admin, 'PATCH', '/ops/games/TYPH-TAYA-FORTUNE', {
      category: 'MINI',
      reason: 'Move the slot',
    });
    expect(moved.statusCode).toBe(200);
    const mini = await list('MINI');
    // Listed under the category; its card keeps its own type, which launch goes by.
    expect(mini.find((g) => g.nodeId === 'TYPH-TAYA-FORTUNE')).toMatchObject({ gameType: 'RNG' });
    expect((await list('RNG')).map((g) => g.nodeId)).not.toContain('TYPH-TAYA-FORTUNE');

    await call(admin, 'PATCH', `/ops/games/${last}`, { hot: false, reason: 'Back to normal' });
    await call(admin, 'PATCH', '/ops/games/TYPH-TAYA-FORTUNE', {
      category: null,
      reason: 'Back to normal',
    });
    expect((await list('RNG')).map((g) => g.nodeId)).toContain('TYPH-TAYA-FORTUNE');
    expect((await hot())[0]!.nodeId).not.toBe(last);
  });

  it('switches one game off: launch and the kernel refuse its bets', async () => {
    const p = await player('demo_member', 'ops-games-1');
    expect((await p.spin()).statusCode).toBe(200);
    const off = await call(admin, 'PATCH', '/ops/games/TYPH-TAYA-FORTUNE', {
      enabled: false,
      reason: 'RTP review',
    });
    expect(off.statusCode).toBe(200);
    // The slot no longer finds the game; the kernel itself refuses any bet on it.
    const before = (await t.app.services.wallet.balance('TYPH', p.id)).sumBalance;
    expect((await p.spin()).statusCode).toBe(404);
    expect((await t.app.services.wallet.balance('TYPH', p.id)).sumBalance).toBe(before);
    const { play } = t.app.services;
    const kernelBet = play.transaction(async (tx) => {
      const round = await play.openRound(tx, {
        merchantCode: 'TYPH',
        gameId: 'TYPH-TAYA-FORTUNE',
        gameCode: 'TAYA_FORTUNE',
        gameType: 'RNG',
        vendorCode: 'TAYA',
        engine: 'test@1',
      });
      return play.place(
        tx,
        {
          roundId: round.id,
          merchantCode: 'TYPH',
          currency: 'TLB',
          player: p.id,
          stake: 1_00n,
          key: `ops-games-kernel:${round.id}`,
          actor: 'test',
        },
        round,
      );
    });
    await expect(kernelBet).rejects.toMatchObject({ code: 'gaming_disabled' });
    expect((await p.launch()).statusCode).toBe(400);
    expect((await lobby()).games.map((g) => g.nodeId)).not.toContain('TYPH-TAYA-FORTUNE');
    expect(await lastAudit('games.game.switch')).toMatchObject({ reason: 'RTP review' });
    await call(admin, 'PATCH', '/ops/games/TYPH-TAYA-FORTUNE', { enabled: true, reason: 'ok!' });
    expect((await p.spin()).statusCode).toBe(200);
  });

  it('switches gaming off for the whole merchant, then for one player', async () => {
    const a = await player('demo_member', 'ops-games-2');
    const b = await player('demo_agent', 'ops-games-3');
    const noReason = await call(admin, 'PUT', '/ops/gaming/switch', { enabled: false });
    expect(noReason.statusCode).toBe(400);

    const off = await call(admin, 'PUT', '/ops/gaming/switch', {
      enabled: false,
      reason: 'Incident',
    });
    expect(off.json().value).toEqual({ merchantCode: 'TYPH', playerId: null, enabled: false });
    for (const p of [a, b]) {
      expect((await p.spin()).json().errorCode).toBe('gaming_disabled');
      expect((await p.launch()).json().errorCode).toBe('gaming_disabled');
    }
    const merchantAudit = await lastAudit('games.gaming.merchant');
    expect(merchantAudit).toMatchObject({ targetId: 'TYPH', reason: 'Incident' });
    expect(merchantAudit!.before).toEqual({ enabled: true });
    expect(merchantAudit!.after).toEqual({ enabled: false });
    expect((await call(admin, 'GET', '/ops/gaming/switches')).json().value.merchantOff).toBe(true);
    await call(admin, 'PUT', '/ops/gaming/switch', { enabled: true, reason: 'Resolved' });
    expect((await a.spin()).statusCode).toBe(200);

    const playerOff = await call(admin, 'PUT', '/ops/gaming/switch', {
      playerId: a.id,
      enabled: false,
      reason: 'Self-exclusion',
    });
    expect(playerOff.statusCode).toBe(200);
    expect((await a.launch()).json().errorCode).toBe('gaming_disabled');
    expect((await b.spin()).statusCode).toBe(200);
    expect((await b.launch()).statusCode).toBe(200);
    const switches = (await call(admin, 'GET', '/ops/gaming/switches')).json().value;
    expect(switches).toMatchObject({ merchantOff: false, players: [{ playerId: a.id }] });
    expect(await lastAudit('games.gaming.player')).toMatchObject({
      targetId: a.id,
      reason: 'Self-exclusion',
    });
  });
});
