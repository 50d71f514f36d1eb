import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseAmount, type OriginalBet, type OriginalRound } from '@taya/contracts';
import { dice, fairRng, limbo, payoutAt, seedCommitment } from '@taya/games';
import { createTestApp, fund, type TestContext } from '../../test/harness';
import { balanceOf, newMember, type MemberClient } from '../../test/members';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const minor = (text: string) => parseAmount(text, 2)!;
const cash = (m: MemberClient) => balanceOf(t, m.id, 'member_cash');
const rows = async <R>(query: ReturnType<typeof sql>) =>
  ((await t.database.db.execute(query)) as unknown as { rows: R[] }).rows;

async function funded(amount: bigint) {
  const m = await newMember(t);
  await fund(t.app, m.id, amount, `originals:${m.id}`);
  return m;
}

const bet = (m: MemberClient, game: string, amount: string, params: object, requestId?: string) =>
  m.post(`/originals/${game}/bets`, {
    requestId: requestId ?? `req-${randomUUID()}`,
    amount,
    params,
  });

const underHalf = { target: '50.00', direction: 'under' };

describe('the originals’ info', () => {
  it('gives each game its exact RTP and the merchant’s limits', async () => {
    const info = async (game: string) => (await t.app.inject(`/originals/${game}`)).json();
    expect((await info('dice')).value).toEqual({
      game: 'dice',
      gameCode: 'TAYA_DICE',
      engine: 'taya-dice@1',
      rtp: '98.99',
      rtpBps: 9900,
      currency: 'TLB',
      minBet: '1.00',
      maxBet: '10000.00',
      maxProfit: '100000.00',
      maintenance: false,
    });
    expect((await info('limbo')).value).toMatchObject({ rtp: '99.00', engine: 'taya-limbo@1' });
    // Not an original (the Colour Game's is `color-game`): a 400 naming the game.
    const unknown = await t.app.inject('/originals/color');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.body).toContain('game');
    expect((await t.app.inject('/originals/nothing')).statusCode).toBe(400);
    // Both games are in the lobby as mini games of the in-house vendor.
    const lobby = (
      await t.app.inject('/wps/relay/GCSGAME_gameList?gameType=MINI&pageSize=50')
    ).json().value as { games: { gameCode: string; vassalage: string }[] };
    // Launching a tile opens the game's own page, for real or free play.
    const m = await newMember(t);
    const launch = async (query: string) =>
      (await m.get(`/wps/game/launchGame?nodeId=TYPH-TAYA-${query}`)).json().value.content;
    expect(await launch('DICE')).toEqual({ game_url: '/house/dice' });
    expect(await launch('LIMBO&accountType=0')).toEqual({ game_url: '/house/limbo?mode=demo' });
    expect(lobby.games.map((g) => [g.gameCode, g.vassalage])).toEqual(
      expect.arrayContaining([
        ['TAYA_DICE', 'TAYA'],
        ['TAYA_LIMBO', 'TAYA'],
      ]),
    );
  });
});

describe('a real bet', () => {
  it('moves the balance and the betting record by exactly its result; the seed stays secret', async () => {
    const m = await funded(100_00n);
    const before = await cash(m);
    const seeds = (await m.get('/originals/dice/seeds')).json().value;
    expect(seeds.current.nonce).toBe(0);
    expect(seeds.previous).toBeNull();
    const res = await bet(m, 'dice', '10.00', underHalf);
    expect(res.statusCode).toBe(200);
    const b = res.json().value as OriginalBet;
    expect(b).toMatchObject({
      game: 'dice',
      amount: '10.00',
      engine: 'taya-dice@1',
      currency: 'TLB',
      params: underHalf,
      seed: { serverSeedHash: seeds.current.serverSeedHash, nonce: 0, serverSeed: null },
    });
    expect(b.payout).toBe(b.win ? '19.80' : '0.00');
    expect(b.multiplier).toBe(b.win ? '1.9800' : '0.0000');
    const after = await cash(m);
    expect(after - before).toBe(minor(b.payout) - 10_00n);
    expect(b.balance).toBe((Number(after) / 100).toFixed(2));
    const [record] = await rows<{ stake: string; payout: string; game_type: string }>(
      sql`select stake::text, payout::text, game_type from bet_records where account_id = ${m.id}`,
    );
    expect(record).toEqual({ stake: '1000', payout: String(minor(b.payout)), game_type: 'MINI' });
    // Recall reads the kernel: the round is there with its nonce, its seed still hidden.
    const recall = (await m.get('/play/recall')).json().value.list;
    expect(recall[0].round).toMatchObject({
      roundId: b.roundId,
      gameCode: 'TAYA_DICE',
      engine: 'taya-dice@1',
      serverSeed: null,
      seedCommitment: seeds.current.serverSeedHash,
      clientSeed: seeds.current.clientSeed,
      state: { nonce: 0, game: 'dice', params: underHalf },
    });
    const [pair] = await rows<{ server_seed: string }>(
      sql`select server_seed from original_seed_pairs where account_id = ${m.id}`,
    );
    for (const body of [
      res.body,
      (await m.get('/play/recall')).body,
      (await m.get('/originals/dice/history')).body,
      (await m.get('/originals/dice/seeds')).body,
    ])
      expect(body).not.toContain(pair!.server_seed);
    expect((await m.get('/originals/dice/seeds')).json().value.current.nonce).toBe(1);
  });

  it('gives 16 parallel bets the nonces 0–15 and the books their exact sum', async () => {
    const m = await funded(1_000_00n);
    const before = await cash(m);
    const answers = await Promise.all(
      Array.from({ length: 16 }, () => bet(m, 'limbo', '2.00', { target: '2.00' })),
    );
    const bets = answers.map((a) => a.json().value as OriginalBet);
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    expect(bets.map((b) => b.seed.nonce).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 16 }, (_, i) => i),
    );
    const paid = bets.reduce((s, b) => s + minor(b.payout), 0n);
    expect((await cash(m)) - before).toBe(paid - 16n * 2_00n);
  });

  it('never overdraws: parallel bets beyond the balance are refused whole', async () => {
    const m = await funded(5_00n);
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => bet(m, 'limbo', '1.00', { target: '1000.00' })),
    );
    const ok = answers
      .filter((a) => a.statusCode === 200)
      .map((a) => a.json().value as OriginalBet);
    for (const a of answers.filter((x) => x.statusCode !== 200))
      expect(a.json().errorCode).toBe('insufficient_funds');
    expect(ok.length).toBeGreaterThanOrEqual(5);
    const paid = ok.reduce((s, b) => s + minor(b.payout), 0n);
    const left = await cash(m);
    expect(left).toBeGreaterThanOrEqual(0n);
    expect(left).toBe(5_00n + paid - BigInt(ok.length) * 1_00n);
    // Refused bets took no nonce: the next nonce is the count of bets made.
    expect((await m.get('/originals/limbo/seeds')).json().value.current.nonce).toBe(ok.length);
  });

  it('answers a repeated requestId with the first answer, and refuses other content', async () => {
    const m = await funded(50_00n);
    const first = await bet(m, 'dice', '3.00', underHalf, 'same-request-1');
    const balance = await cash(m);
    const again = await bet(m, 'dice', '3.00', underHalf, 'same-request-1');
    expect(again.statusCode).toBe(200);
    expect(again.json().value).toEqual(first.json().value);
    const other = await bet(m, 'dice', '4.00', underHalf, 'same-request-1');
    expect(other.statusCode).toBe(409);
    expect(other.json().errorCode).toBe('idempotency_conflict');
    const elsewhere = await bet(m, 'limbo', '3.00', { target: '2.00' }, 'same-request-1');
    expect(elsewhere.json().errorCode).toBe('idempotency_conflict');
    expect(await cash(m)).toBe(balance);
    expect((await m.get('/originals/dice/history')).json().value.list).toHaveLength(1);
    // One id sent to two games at once: one bet is made, the other refused whole.
    const [x, y] = await Promise.all([
      bet(m, 'dice', '1.00', underHalf, 'same-request-2'),
      bet(m, 'limbo', '1.00', { target: '2.00' }, 'same-request-2'),
    ]);
    expect([x!.statusCode, y!.statusCode].sort()).toEqual([200, 409]);
    const made = (x!.statusCode === 200 ? x! : y!).json().value as OriginalBet;
    expect((await cash(m)) - balance).toBe(minor(made.payout) - 1_00n);
  });
});

describe('rotation', () => {
  it('reveals the old seed, and every round of the pair recomputes to its outcome and payout', async () => {
    const m = await funded(500_00n);
    const plays: [string, object][] = [
      ['dice', underHalf],
      ['dice', { target: '90.10', direction: 'over' }],
      ['dice', { target: '2.5', direction: 'under' }],
      ['dice', { target: '97.99', direction: 'under' }],
    ];
    for (const [game, params] of plays)
      expect((await bet(m, game, '1.50', params)).statusCode).toBe(200);
    const old = (await m.get('/originals/dice/seeds')).json().value;
    const rotated = await m.post('/originals/dice/seeds/rotate', { clientSeed: 'my-own_seed' });
    expect(rotated.statusCode).toBe(200);
    const seeds = rotated.json().value;
    expect(seeds.current).toMatchObject({ clientSeed: 'my-own_seed', nonce: 0 });
    expect(seeds.current.serverSeedHash).not.toBe(old.current.serverSeedHash);
    expect(seeds.previous).toMatchObject({ ...old.current, nonce: 4 });
    const serverSeed = seeds.previous.serverSeed as string;
    expect(seedCommitment(serverSeed)).toBe(old.current.serverSeedHash);

    const history = (await m.get('/originals/dice/history')).json().value.list as OriginalRound[];
    expect(history.map((r) => r.seed.nonce)).toEqual([3, 2, 1, 0]);
    for (const round of history) {
      expect(round.seed.serverSeed).toBe(serverSeed);
      const parsed = dice.parse(round.params);
      if (!parsed.ok) throw new Error('stored parameters parse');
      const replay = dice.play(
        parsed.params,
        fairRng(serverSeed, round.seed.clientSeed, round.seed.nonce),
        9900,
      );
      expect(replay.outcome).toEqual(round.outcome);
      expect(payoutAt(minor(round.amount), replay.multiplier)).toBe(minor(round.payout));
    }
    const recall = (await m.get('/play/recall')).json().value.list;
    expect(
      recall.every((r: { round: { serverSeed: string } }) => r.round.serverSeed === serverSeed),
    ).toBe(true);

    // The new pair's rounds stay secret; limbo's pair was never rotated.
    const next = (await bet(m, 'dice', '1.00', underHalf)).json().value as OriginalBet;
    expect(next.seed).toMatchObject({ nonce: 0, clientSeed: 'my-own_seed', serverSeed: null });
    const l = (await bet(m, 'limbo', '1.00', { target: '3.00' })).json().value as OriginalBet;
    expect(l.seed.serverSeed).toBeNull();
    const lrot = (await m.post('/originals/limbo/seeds/rotate', {})).json().value;
    const lr = limbo.parse(l.params);
    if (!lr.ok) throw new Error('stored parameters parse');
    expect(
      limbo.play(lr.params, fairRng(lrot.previous.serverSeed, l.seed.clientSeed, 0), 9900).outcome,
    ).toEqual(l.outcome);
    expect(lrot.current.clientSeed).toMatch(/^[0-9a-f]{16}$/);
    expect(
      (await m.post('/originals/dice/seeds/rotate', { clientSeed: 'bad seed!' })).statusCode,
    ).toBe(400);
  });
});

describe('refusals', () => {
  it('names the bad field and changes nothing', async () => {
    const m = await funded(100_00n);
    await bet(m, 'dice', '1.00', underHalf);
    const balance = await cash(m);
    const cases: [string, string, object, string][] = [
      ['dice', '1.00', { target: '98.01', direction: 'under' }, 'params.target'],
      ['dice', '1.00', { target: '1.99', direction: 'over' }, 'params.target'],
      ['dice', '1.00', { target: '50', direction: 'up' }, 'params.direction'],
      ['dice', '1.00', { target: '50', direction: 'under', auto: true }, 'params.auto'],
      ['limbo', '1.00', { target: '1.00' }, 'params.target'],
      ['limbo', '1.00', { target: '1000000.01' }, 'params.target'],
      ['dice', '0', underHalf, 'amount'],
      ['dice', '0.99', underHalf, 'amount'],
      ['dice', '10000.01', underHalf, 'amount'],
      ['dice', '1.001', underHalf, 'amount'],
      // 9,900× on 20.00 wins 197,980.00 above the stake: beyond the max profit of 100,000.00.
      ['dice', '20.00', { target: '0.01', direction: 'under' }, 'amount'],
      ['limbo', '1.00', { target: '100001.01' }, 'amount'],
    ];
    for (const [game, amount, params, path] of cases) {
      const res = await bet(m, game, amount, params);
      expect(res.statusCode, JSON.stringify(params)).toBe(400);
      expect(res.json().errorCode).toBe('request_param_err');
      expect(res.json().fields.map((f: { path: string }) => f.path)).toContain(path);
    }
    expect(await cash(m)).toBe(balance);
    expect((await m.get('/originals/dice/seeds')).json().value.current.nonce).toBe(1);
    expect((await m.get('/originals/limbo/seeds')).json().value.current.nonce).toBe(0);
    // Just inside the max profit: 10.00 at 9,900× wins 98,990.00 above its stake.
    const edge = await bet(m, 'dice', '10.00', { target: '0.01', direction: 'under' });
    expect(edge.statusCode).toBe(200);
    // Exactly the max profit: 1.00 at 100,001× wins 100,000.00 above its stake.
    expect((await bet(m, 'limbo', '1.00', { target: '100001' })).statusCode).toBe(200);
  });

  it('follows the merchant’s limits and RTP, maintenance and the gaming switch', async () => {
    const m = await funded(100_00n);
    await t.database.db.execute(
      sql`update original_limits set rtp_bps = 9500, min_bet = 500 where merchant_code = 'TYPH' and game = 'dice'`,
    );
    try {
      expect((await t.app.inject('/originals/dice')).json().value).toMatchObject({
        rtp: '94.99',
        minBet: '5.00',
      });
      expect((await bet(m, 'dice', '4.99', underHalf)).statusCode).toBe(400);
      const b = (await bet(m, 'dice', '10.00', underHalf)).json().value as OriginalBet;
      expect(b.payout).toBe(b.win ? '19.00' : '0.00');
    } finally {
      await t.database.db.execute(
        sql`update original_limits set rtp_bps = 9900, min_bet = 100 where merchant_code = 'TYPH' and game = 'dice'`,
      );
    }
    await t.database.db.execute(
      sql`update games set maintenance = true where id = 'TYPH-TAYA-LIMBO'`,
    );
    t.app.services.games.invalidate('TYPH');
    try {
      const res = await bet(m, 'limbo', '1.00', { target: '2.00' });
      expect(res.statusCode).toBe(503);
      expect(res.json().errorCode).toBe('game_maintenance');
      expect((await t.app.inject('/originals/limbo')).json().value.maintenance).toBe(true);
    } finally {
      await t.database.db.execute(
        sql`update games set maintenance = false where id = 'TYPH-TAYA-LIMBO'`,
      );
      t.app.services.games.invalidate('TYPH');
    }
    // Gaming switched off for the player: refused, nothing held, no nonce taken.
    const balance = await cash(m);
    const nonce = (await m.get('/originals/limbo/seeds')).json().value.current.nonce as number;
    await t.database.db.execute(
      sql`insert into gaming_blocks (merchant_code, account_id, blocked_by, reason) values ('TYPH', ${m.id}, 'test', 'test')`,
    );
    const blocked = await bet(m, 'limbo', '1.00', { target: '2.00' });
    expect(blocked.json().errorCode).toBe('gaming_disabled');
    expect(await cash(m)).toBe(balance);
    expect((await m.get('/originals/limbo/seeds')).json().value.current.nonce).toBe(nonce);
  });

  it('shows a member’s seeds and history to that member only', async () => {
    const a = await funded(10_00n);
    const b = await newMember(t);
    await bet(a, 'dice', '1.00', underHalf);
    const seedsA = (await a.get('/originals/dice/seeds')).json().value;
    const seedsB = (await b.get('/originals/dice/seeds')).json().value;
    expect(seedsB.current.serverSeedHash).not.toBe(seedsA.current.serverSeedHash);
    expect(seedsB.current.nonce).toBe(0);
    expect((await b.get('/originals/dice/history')).json().value.list).toEqual([]);
    expect((await t.app.inject('/originals/dice/seeds')).statusCode).toBe(401);
    expect((await t.app.inject('/originals/dice/history')).statusCode).toBe(401);
  });
});

describe('demo play', () => {
  it('plays the same engine with play money, reveals each seed, and leaves the books alone', async () => {
    const count = async () =>
      (
        await rows<{ n: number }>(
          sql`select (select count(*)::int from rounds) + (select count(*)::int from ledger_entries) as n`,
        )
      )[0]!.n;
    const before = await count();
    const open = await t.app.inject({ method: 'POST', url: '/originals/demo/limbo/session' });
    expect(open.json().value).toMatchObject({ balance: '2000.00', currency: 'DEMO' });
    const session = open.json().value.session as string;
    let balance = 2_000_00n;
    for (let i = 0; i < 5; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/originals/demo/limbo/bets',
        payload: {
          requestId: `demo-${i}-request`,
          amount: '100.00',
          params: { target: '1.50' },
          session,
        },
      });
      expect(res.statusCode).toBe(200);
      const b = res.json().value as OriginalBet;
      balance += minor(b.payout) - 100_00n;
      expect(b.balance).toBe((Number(balance) / 100).toFixed(2));
      expect(b.currency).toBe('DEMO');
      expect(seedCommitment(b.seed.serverSeed!)).toBe(b.seed.serverSeedHash);
      const replay = limbo.play(
        { target: 150 },
        fairRng(b.seed.serverSeed!, b.seed.clientSeed, 0),
        9900,
      );
      expect(replay.outcome).toEqual(b.outcome);
      expect(payoutAt(100_00n, replay.multiplier)).toBe(minor(b.payout));
    }
    expect(await count()).toBe(before);
    const wrongGame = await t.app.inject({
      method: 'POST',
      url: '/originals/demo/dice/bets',
      payload: { requestId: 'demo-x-request', amount: '1.00', params: underHalf, session },
    });
    expect(wrongGame.json().errorCode).toBe('game_session_invalid');
    const tooMuch = await t.app.inject({
      method: 'POST',
      url: '/originals/demo/limbo/bets',
      payload: {
        requestId: 'demo-y-request',
        amount: '5000.00',
        params: { target: '1.50' },
        session,
      },
    });
    expect(tooMuch.json().errorCode).toBe('insufficient_funds');
    const noSession = await t.app.inject({
      method: 'POST',
      url: '/originals/demo/limbo/bets',
      payload: { requestId: 'demo-z-request', amount: '1.00', params: { target: '1.50' } },
    });
    expect(noSession.json().fields[0].path).toBe('session');
  });
});
