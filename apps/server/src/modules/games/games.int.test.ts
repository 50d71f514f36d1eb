import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { minorToDecimal } from '@taya/contracts';
import { createTestApp, fund, loginDemo, type TestContext } from '../../test/harness';
import { maskName } from './service';
import { games } from './schema';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

async function launchToken(player: Awaited<ReturnType<typeof loginDemo>>) {
  const res = await player.call(
    'GET',
    '/wps/game/launchGame?nodeId=TYPH-TAYA-FORTUNE&accountType=1',
  );
  expect(res.statusCode).toBe(200);
  const url = new URL(res.json().value.content.game_url, 'http://x');
  expect(url.pathname).toBe('/seamless');
  expect(url.searchParams.get('game')).toBe('TAYA_FORTUNE');
  return url.searchParams.get('token')!;
}

describe('the catalog', () => {
  it('lists games and vendors to visitors, by type and vendor, paged', async () => {
    const list = (await get('/wps/relay/GCSGAME_gameList?gameType=RNG&pageNo=1&pageSize=10')).json()
      .value;
    expect(list.games[0]).toMatchObject({
      nodeId: 'TYPH-TAYA-FORTUNE',
      gameName: 'Taya Fortune',
      vassalage: 'TAYA',
      gameType: 'RNG',
      isGame: 'GAME',
    });
    expect(list.totalCount).toBe(1);
    const burmese = (await get('/wps/relay/GCSGAME_gameList?gameType=RNG&language=MY')).json()
      .value;
    expect(burmese.games[0].gameName).toBe('တာယာ ကံကောင်းခြင်း');
    // The house's live tables (modules/live), one entry per table.
    expect((await get('/wps/relay/GCSGAME_gameList?gameType=LIVE')).json().value.totalCount).toBe(
      6,
    );
    expect((await get('/wps/relay/GCSGAME_getVassGameType')).json().value).toEqual({
      content: {
        RNG: ['TAYA'],
        LIVE: ['TAYA'],
        MINI: ['TAYA'],
        ELOTT: ['LOTT'],
        LOTT: ['LOTT'],
        SC: ['TAYA'],
        // Bingo: only where the merchant speaks Tagalog (TYPH, not TYMM).
        BG: ['TAYA'],
        VP: ['TAYA'],
        // Table games: blackjack.
        TG: ['TAYA'],
        // The cockfight arena: off by default, switched on by the demo seed.
        COCKFIGHT: ['TAYA'],
        // The sportsbook's sports and e-sports: the same.
        SPORTS: ['TAYA'],
        ESPORTS: ['TAYA'],
      },
    });
    expect(
      (await get('/wps/relay/GCSGAME_getVassGameType', { merchant: 'TYMM' })).json().value.content
        .BG,
    ).toBeUndefined();
    const lanes = (await get('/wps/relay/GCSGAME_gameVendor')).json().value.data.lanes;
    expect(lanes[0]).toMatchObject({
      gameType: 'RNG',
      cards: [{ vassalage: 'TAYA', gameCount: 1, seamlessStatus: true }],
    });
    expect((await get('/lgw/games/game_menus?device=WEB')).json().value).toEqual({
      menus: [
        {
          gameType: 'RNG',
          vendors: [
            { vassalage: 'TAYA', displayName: 'Taya Games', maintenance: false, gameCount: 1 },
          ],
        },
        // The sportsbook's e-sports, the cockfight arena and the sportsbook's sports (switched
        // on by the demo seed).
        {
          gameType: 'ESPORTS',
          vendors: [
            { vassalage: 'TAYA', displayName: 'Taya Games', maintenance: false, gameCount: 1 },
          ],
        },
        {
          gameType: 'COCKFIGHT',
          vendors: [
            { vassalage: 'TAYA', displayName: 'Taya Games', maintenance: false, gameCount: 1 },
          ],
        },
        {
          gameType: 'SPORTS',
          vendors: [
            { vassalage: 'TAYA', displayName: 'Taya Games', maintenance: false, gameCount: 1 },
          ],
        },
        // The house originals (dice, limbo, plinko, keno, crash, mines, the Colour Game): the
        // in-house vendor's mini games.
        {
          gameType: 'MINI',
          vendors: [
            { vassalage: 'TAYA', displayName: 'Taya Games', maintenance: false, gameCount: 7 },
          ],
        },
        // Bingo (category BG), where Tagalog is spoken.
        {
          gameType: 'BG',
          vendors: [
            { vassalage: 'TAYA', displayName: 'Taya Games', maintenance: false, gameCount: 1 },
          ],
        },
        // Video poker: Jacks or Better 9/6 and Deuces Wild, one entry per pay table.
        {
          gameType: 'VP',
          vendors: [
            { vassalage: 'TAYA', displayName: 'Taya Games', maintenance: false, gameCount: 2 },
          ],
        },
        // The house's live tables, one entry per table.
        {
          gameType: 'LIVE',
          vendors: [
            { vassalage: 'TAYA', displayName: 'Taya Games', maintenance: false, gameCount: 6 },
          ],
        },
        // The scratch cards: one entry of category SC.
        {
          gameType: 'SC',
          vendors: [
            { vassalage: 'TAYA', displayName: 'Taya Games', maintenance: false, gameCount: 1 },
          ],
        },
        // Table games: blackjack.
        {
          gameType: 'TG',
          vendors: [
            { vassalage: 'TAYA', displayName: 'Taya Games', maintenance: false, gameCount: 1 },
          ],
        },
        // The in-house lottery (demo seed): the fast games, then the daily draws.
        {
          gameType: 'ELOTT',
          vendors: [
            { vassalage: 'LOTT', displayName: 'Taya Lottery', maintenance: false, gameCount: 3 },
          ],
        },
        {
          gameType: 'LOTT',
          vendors: [
            { vassalage: 'LOTT', displayName: 'Taya Lottery', maintenance: false, gameCount: 5 },
          ],
        },
      ],
    });
    // Myanmar's catalog is its own.
    const mm = (await get('/wps/relay/GCSGAME_gameList?gameType=RNG', { merchant: 'TYMM' })).json()
      .value;
    expect(mm.games[0].nodeId).toBe('TYMM-TAYA-FORTUNE');
  });

  it('answers list calls over several hundred games in a few milliseconds, and sees changes at once', async () => {
    await t.database.db.insert(games).values(
      Array.from({ length: 600 }, (_, i) => ({
        id: `TYPH-LOAD-${i}`,
        merchantCode: 'TYPH',
        vendorCode: 'TAYA',
        gameCode: `LOAD_${i}`,
        gameType: i % 2 === 0 ? 'RNG' : 'FISH',
        name: `Load Game ${i}`,
        sort: 10 + i,
        enabled: false,
      })),
    );
    await t.database.db.execute(sql`update games set enabled = true where id like 'TYPH-LOAD-%'`);
    t.app.services.games.invalidate('TYPH');
    await get('/wps/relay/GCSGAME_gameList?gameType=RNG&pageSize=50');
    const started = performance.now();
    const calls = 200;
    for (let i = 0; i < calls; i++) {
      const res = await get(
        `/wps/relay/GCSGAME_gameList?gameType=RNG&pageNo=${(i % 6) + 1}&pageSize=50&gameName=game`,
      );
      expect(res.statusCode).toBe(200);
    }
    const perCall = (performance.now() - started) / calls;
    process.stdout.write(
      `catalog of 601 games: ${perCall.toFixed(2)} ms a gameList call (in process)\n`,
    );
    expect(perCall).toBeLessThan(25);

    // An operator puts one game under maintenance: the list says so on the next call.
    const op = { authorization: `Bearer ${await t.login('operator')}` };
    const put = await t.app.inject({
      method: 'PUT',
      url: '/ops/games/maintenance',
      headers: op,
      payload: {
        merchantCode: 'TYPH',
        nodeId: 'TYPH-LOAD-0',
        maintenance: true,
        reason: 'Vendor fault',
      },
    });
    expect(put.statusCode).toBe(200);
    const after = (
      await get('/wps/relay/GCSGAME_gameList?gameType=RNG&gameName=Load Game 0&pageSize=1')
    ).json().value;
    expect(after.games[0]).toMatchObject({ nodeId: 'TYPH-LOAD-0', maintenance: true });
    await t.database.db.execute(sql`delete from games where id like 'TYPH-LOAD-%'`);
    t.app.services.games.invalidate('TYPH');
  });
});

describe('launch and the in-house slot', () => {
  it('launches for real for members; guests log in first; trial players get free play only', async () => {
    expect((await get('/wps/game/launchGame?nodeId=TYPH-TAYA-FORTUNE')).statusCode).toBe(401);
    const trialAuth = { authorization: `Bearer ${await t.login('trial')}` };
    const trial = await get(
      '/wps/game/launchGame?nodeId=TYPH-TAYA-FORTUNE&accountType=1',
      trialAuth,
    );
    expect(trial.json().value.content.game_url).toBe(
      '/seamless?vendor=TAYA&game=TAYA_FORTUNE&mode=demo',
    );
    const member = await loginDemo(t.app, 'demo_member');
    const unknown = await member.call('GET', '/wps/game/launchGame?nodeId=NOPE');
    expect(unknown.json().fields[0].path).toBe('nodeId');
    const op = { authorization: `Bearer ${await t.login('operator')}` };
    await t.app.inject({
      method: 'PUT',
      url: '/ops/games/maintenance',
      headers: op,
      payload: { merchantCode: 'TYPH', vendor: 'TAYA', maintenance: true, reason: 'Vendor fault' },
    });
    const closed = await member.call('GET', '/wps/game/launchGame?nodeId=TYPH-TAYA-FORTUNE');
    expect(closed.statusCode).toBe(503);
    expect(closed.json().errorCode).toBe('game_maintenance');
    await t.app.inject({
      method: 'PUT',
      url: '/ops/games/maintenance',
      headers: op,
      payload: { merchantCode: 'TYPH', vendor: 'TAYA', maintenance: false, reason: 'Vendor fixed' },
    });
  });

  it('spins on the wagering kernel: balance and bet record move by exactly the result', async () => {
    const member = await loginDemo(t.app, 'demo_member');
    await fund(t.app, member.id, 300_00n, 'slot-member');
    const token = await launchToken(member);
    const open = await t.app.inject({
      method: 'POST',
      url: '/taya-games/slot/open',
      payload: { token },
    });
    expect(open.statusCode).toBe(200);
    const game = open.json().value;
    expect(game).toMatchObject({ playerId: member.id, balance: '300.00', currency: 'TLB' });
    expect(game.game).toMatchObject({ code: 'TAYA_FORTUNE', rows: 3, reels: 5 });
    expect(game.game.lines).toHaveLength(20);
    // The token was for one opening only.
    expect(
      (await t.app.inject({ method: 'POST', url: '/taya-games/slot/open', payload: { token } }))
        .statusCode,
    ).toBe(401);

    let balance = 300_00n;
    let bigWin = false;
    for (let i = 0; i < 120 && !(bigWin && i >= 5); i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/taya-games/slot/spin',
        payload: {
          session: game.session,
          playerId: member.id,
          gameCode: 'TAYA_FORTUNE',
          bet: '1.00',
        },
      });
      expect(res.statusCode).toBe(200);
      const spin = res.json().value;
      const payout = BigInt(spin.payout.replace('.', ''));
      balance = balance - 100n + payout;
      expect(spin.balance.replace('.', '')).toBe(balance.toString());
      if (payout > 100n) bigWin = true;
      const shown = spin.grid as string[][];
      expect(shown).toHaveLength(5);
      expect(shown.every((column) => column.length === 3)).toBe(true);
    }
    expect(bigWin).toBe(true);
    const wallet = (await member.call('GET', '/wps/v2/wallets/balance')).json().value;
    expect(wallet.balance[0].availBalance.replace('.', '')).toBe(balance.toString());

    const records = (await member.call('GET', '/wps/member/bets?size=100')).json().value;
    const totalPayout = BigInt(records.totals.payout.replace('.', ''));
    const totalStake = BigInt(records.totals.stake.replace('.', ''));
    expect(300_00n - totalStake + totalPayout).toBe(balance);
    expect(
      records.list.every(
        (r: { status: string; gameName: string }) =>
          r.status === 'settled' && r.gameName === 'Taya Fortune',
      ),
    ).toBe(true);

    // Hot games, recent games and the winner board come from these real rounds.
    expect((await get('/wps/relay/GCSGAME_hotGamesV2')).json().value.list[0].nodeId).toBe(
      'TYPH-TAYA-FORTUNE',
    );
    expect(
      (await member.call('GET', '/wps/relay/GCS_recentGame')).json().value.list[0].nodeId,
    ).toBe('TYPH-TAYA-FORTUNE');
    const board = (await get('/wps/relay/GCSGAME_getRankList?gameCategory=ALL&limitNum=20')).json()
      .value.list;
    expect(board.length).toBeGreaterThan(0);
    expect(board[0].vo.customerName).toBe(maskName('demo_member'));
    expect(board[0].vo.customerName).not.toContain('demo_member');
    const profit = (
      await member.call(
        'GET',
        `/wps/member/profit?from=${encodeURIComponent(new Date(Date.now() - 3600_000).toISOString())}&to=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`,
      )
    ).json().value;
    expect(profit.total.winLoss).toBe(minorToDecimal(totalPayout - totalStake, 2));

    // Every round the server drew is kept: stops, screen, seeds and pay, recallable.
    const { rows } = (await t.database.db.execute(
      sql`select count(*)::int as n, sum(b.payout)::text as paid from bets b join rounds r on r.id = b.round_id
        where b.account_id = ${member.id} and b.status = 'settled' and r.status = 'settled'
          and r.game_code = 'TAYA_FORTUNE' and r.server_seed is not null`,
    )) as { rows: { n: number; paid: string }[] };
    expect(rows[0]!.n).toBe(records.totals.count);
    expect(BigInt(rows[0]!.paid)).toBe(totalPayout);

    const badBet = await t.app.inject({
      method: 'POST',
      url: '/taya-games/slot/spin',
      payload: {
        session: game.session,
        playerId: member.id,
        gameCode: 'TAYA_FORTUNE',
        bet: '1.10',
      },
    });
    expect(badBet.json().fields[0].path).toBe('bet');
    const otherPlayer = await t.app.inject({
      method: 'POST',
      url: '/taya-games/slot/spin',
      payload: {
        session: game.session,
        playerId: 'someone-else',
        gameCode: 'TAYA_FORTUNE',
        bet: '1.00',
      },
    });
    expect(otherPlayer.statusCode).toBe(403);
  });

  it('plays for free with play money that never reaches the wallet', async () => {
    const moved = async () =>
      (
        (await t.database.db.execute(
          sql`select (select count(*) from ledger_entries) + (select count(*) from bet_records) as n`,
        )) as { rows: { n: string }[] }
      ).rows[0]!.n;
    const before = await moved();
    const open = await t.app.inject({
      method: 'POST',
      url: '/taya-games/slot/demo/open',
      payload: { gameCode: 'TAYA_FORTUNE' },
    });
    const demo = open.json().value;
    expect(demo).toMatchObject({ balance: '2000.00', currency: 'DEMO', playerId: 'demo' });
    let balance = 2000_00n;
    for (let i = 0; i < 10; i++) {
      const spin = (
        await t.app.inject({
          method: 'POST',
          url: '/taya-games/slot/demo/spin',
          payload: { session: demo.session, gameCode: 'TAYA_FORTUNE', bet: '10.00' },
        })
      ).json().value;
      balance = balance - 10_00n + BigInt(spin.payout.replace('.', ''));
      expect(spin.balance.replace('.', '')).toBe(balance.toString());
    }
    // Play money runs out like money: a bet above it is refused.
    await t.database.db.execute(sql`update taya_demo_sessions set balance = 50`);
    const broke = await t.app.inject({
      method: 'POST',
      url: '/taya-games/slot/demo/spin',
      payload: { session: demo.session, gameCode: 'TAYA_FORTUNE', bet: '1.00' },
    });
    expect(broke.json().errorCode).toBe('insufficient_funds');
    const ended = await t.app.inject({
      method: 'POST',
      url: '/taya-games/slot/demo/spin',
      payload: { session: 'x'.repeat(32), gameCode: 'TAYA_FORTUNE', bet: '1.00' },
    });
    expect(ended.json().errorCode).toBe('game_session_invalid');
    // Not one ledger entry or bet record came of it.
    expect(await moved()).toBe(before);
  });

  it('keeps favourites: add twice is one, list, remove', async () => {
    const member = await loginDemo(t.app, 'demo_agent');
    for (let i = 0; i < 2; i++) {
      const add = await member.call('POST', '/wps/relay/MCSFE_addFavoriteGame', {
        nodeId: 'TYPH-TAYA-FORTUNE',
        vendor: 'TAYA',
        gameType: 'RNG',
      });
      expect(add.json().value).toEqual({ nodeId: 'TYPH-TAYA-FORTUNE', favourite: true });
    }
    expect(
      (await member.call('GET', '/wps/relay/MCSFE_getFavoriteGameIds')).json().value.list,
    ).toEqual(['TYPH-TAYA-FORTUNE']);
    const page = (
      await member.call('GET', '/wps/relay/MCSFE_getFavoriteGames?pageNo=1&pageSize=999')
    ).json().value;
    expect(page).toMatchObject({ pageNum: 1, totalPages: 1 });
    expect(page.content.map((g: { nodeId: string }) => g.nodeId)).toEqual(['TYPH-TAYA-FORTUNE']);
    const unknown = await member.call('POST', '/wps/relay/MCSFE_addFavoriteGame', {
      nodeId: 'NOPE',
    });
    expect(unknown.statusCode).toBe(400);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: '/wps/relay/MCSFE_removeFavoriteGame?nodeId=TYPH-TAYA-FORTUNE',
      headers: member.auth,
    });
    expect(removed.json().value.favourite).toBe(false);
    expect(
      (await member.call('GET', '/wps/relay/MCSFE_getFavoriteGameIds')).json().value.list,
    ).toEqual([]);
  });
});
