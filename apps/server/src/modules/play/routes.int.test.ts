import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fairRng, seedCommitment, slotEngine, tayaFortune } from '@taya/games';
import { parseAmount } from '@taya/contracts';
import { createTestApp, fund, loginDemo, type TestContext } from '../../test/harness';
import { insertMembers } from '../../test/members';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function openSlot(username: string, funding: bigint, key: string) {
  const player = await loginDemo(t.app, username);
  await fund(t.app, player.id, funding, key);
  const launch = await player.call('GET', '/wps/game/launchGame?nodeId=TYPH-TAYA-FORTUNE');
  const token = new URL(launch.json().value.content.game_url, 'http://x').searchParams.get(
    'token',
  )!;
  const open = await t.app.inject({
    method: 'POST',
    url: '/taya-games/slot/open',
    payload: { token },
  });
  const session = open.json().value.session as string;
  const spin = async (bet = '1.00') => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/taya-games/slot/spin',
      payload: { session, playerId: player.id, gameCode: 'TAYA_FORTUNE', bet },
    });
    expect(res.statusCode).toBe(200);
    return res.json().value as { roundId: string; payout: string; stops: number[] };
  };
  return { player, spin };
}

async function openRound(merchantCode = 'TYPH') {
  const { play } = t.app.services;
  return play.transaction((tx) =>
    play.openRound(tx, {
      merchantCode,
      gameId: 'routes-test',
      gameCode: 'ROUTES_TEST',
      gameType: 'SLOT',
      vendorCode: 'TEST',
      engine: 'test@1',
    }),
  );
}

describe('recall and operator actions', () => {
  it('recalls the player’s last ten games with the seeds that replay them', async () => {
    const { player, spin } = await openSlot('demo_member', 100_00n, 'recall-member');
    const spins = [];
    for (let i = 0; i < 12; i++) spins.push(await spin('1.00'));
    const res = await player.call('GET', '/play/recall');
    expect(res.statusCode).toBe(200);
    const { list } = res.json().value as {
      list: {
        betId: string;
        stake: string;
        payout: string;
        status: string;
        round: {
          roundId: string;
          engine: string;
          state: { stops: number[]; payout: string };
          seedCommitment: string;
          serverSeed: string;
          clientSeed: string;
        };
      }[];
    };
    expect(list).toHaveLength(10);
    // Newest first: the last spin, then the nine before it.
    expect(list.map((g) => g.round.roundId)).toEqual(
      spins
        .slice(-10)
        .reverse()
        .map((s) => s.roundId),
    );
    const engine = slotEngine(tayaFortune, [100n]);
    for (const game of list) {
      expect(game.status).toBe('settled');
      expect(game.round.engine).toBe('slot:TAYA_FORTUNE@1');
      // Anyone can replay it: the seed matches its commitment and draws the same outcome.
      expect(seedCommitment(game.round.serverSeed)).toBe(game.round.seedCommitment);
      const replay = engine.step(
        engine.open(),
        { type: 'spin', bet: { betId: game.betId, amount: parseAmount(game.stake, 2)! } },
        fairRng(game.round.serverSeed, game.round.clientSeed, 0),
      );
      expect(replay.state.outcome!.stops).toEqual(game.round.state.stops);
      expect(replay.settlements[0]!.payout).toBe(parseAmount(game.payout, 2));
    }
    // A member sees only itself; a visitor nothing.
    expect((await t.app.inject({ method: 'GET', url: '/play/recall' })).statusCode).toBe(401);
    const operator = { authorization: `Bearer ${await t.login('operator')}` };
    const asOperator = await t.app.inject({
      method: 'GET',
      url: `/play/players/${player.id}/recall`,
      headers: operator,
    });
    expect(asOperator.json().value.list).toHaveLength(10);
    const memberCalls = await player.call('GET', `/play/rounds/${list[0]!.round.roundId}`);
    expect(memberCalls.statusCode).toBe(403);
  });

  it('lets an operator void an open round (held bets return) and resettle a settled one', async () => {
    const { play, wallet } = t.app.services;
    const [a, b] = await insertMembers(t, 2, 'opvoid');
    for (const p of [a!, b!]) await fund(t.app, p, 100_00n, `opvoid:${p}`);
    const round = await openRound();
    await play.transaction(async (tx) => {
      for (const p of [a!, b!]) {
        await play.place(tx, {
          roundId: round.id,
          merchantCode: 'TYPH',
          currency: 'TLB',
          player: p,
          stake: 30_00n,
          key: `opvoid:${randomUUID()}`,
          actor: 'test',
        });
      }
    });
    expect((await wallet.balance('TYPH', a!)).sumBalance).toBe('70.00');
    const operator = { authorization: `Bearer ${await t.login('operator', 'op-1')}` };
    const noReason = await t.app.inject({
      method: 'POST',
      url: `/play/rounds/${round.id}/void`,
      headers: operator,
      payload: {},
    });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().fields[0].path).toBe('reason');
    const voided = await t.app.inject({
      method: 'POST',
      url: `/play/rounds/${round.id}/void`,
      headers: operator,
      payload: { reason: 'Table fault' },
    });
    expect(voided.json().value).toEqual({ returned: 2 });
    expect((await wallet.balance('TYPH', a!)).sumBalance).toBe('100.00');
    expect((await wallet.balance('TYPH', b!)).sumBalance).toBe('100.00');
    const again = await t.app.inject({
      method: 'POST',
      url: `/play/rounds/${round.id}/void`,
      headers: operator,
      payload: { reason: 'Table fault' },
    });
    expect(again.statusCode).toBe(409);
    expect((await wallet.balance('TYPH', a!)).sumBalance).toBe('100.00');

    // Resettle: a settled round paid 10.00 is corrected to 40.00, then to 0.
    const settledRound = await openRound();
    const betId = randomUUID();
    await play.transaction(async (tx) => {
      await play.place(tx, {
        id: betId,
        roundId: settledRound.id,
        merchantCode: 'TYPH',
        currency: 'TLB',
        player: a!,
        stake: 20_00n,
        key: `opresettle-hold:${betId}`,
        actor: 'test',
      });
      await play.settle(tx, {
        roundId: settledRound.id,
        results: [{ betId, payout: 10_00n }],
        key: 'opresettle',
        actor: 'test',
      });
    });
    expect((await wallet.balance('TYPH', a!)).sumBalance).toBe('90.00');
    const resettle = (payout: string) =>
      t.app.inject({
        method: 'POST',
        url: `/play/rounds/${settledRound.id}/resettle`,
        headers: operator,
        payload: { reason: 'Wrong result entered', results: [{ betId, payout }] },
      });
    expect((await resettle('40.00')).json().value).toEqual({ resettled: 1 });
    expect((await wallet.balance('TYPH', a!)).sumBalance).toBe('120.00');
    expect((await resettle('0')).json().value).toEqual({ resettled: 1 });
    expect((await wallet.balance('TYPH', a!)).sumBalance).toBe('80.00');
    const detail = (
      await t.app.inject({
        method: 'GET',
        url: `/play/rounds/${settledRound.id}`,
        headers: operator,
      })
    ).json().value;
    expect(detail.bets[0]).toMatchObject({ payout: '0.00', status: 'settled' });
    expect(detail.actions.map((x: { action: string; actor: string }) => x.actor)).toEqual([
      'operator:op-1',
      'operator:op-1',
    ]);
    // The reversals point at what they reverse; the books balance.
    const { rows } = (await t.database.db.execute(sql`
      select count(*)::int as n from ledger_entries
      where reference = ${settledRound.id} and reverses_entry_id is not null`)) as {
      rows: { n: number }[];
    };
    expect(rows[0]!.n).toBe(2);
  });

  it('keeps operators to their own merchant', async () => {
    const round = await openRound('TYMM');
    const token = await t.loginOperator({ subjectId: 'op-ph', merchants: ['TYPH'] });
    const res = await t.app.inject({
      method: 'POST',
      url: `/play/rounds/${round.id}/void`,
      headers: { authorization: `Bearer ${token}` },
      payload: { reason: 'Not mine' },
    });
    expect(res.statusCode).toBe(404);
  });
});
