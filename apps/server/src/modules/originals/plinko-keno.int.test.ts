import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseAmount, type OriginalBet } from '@taya/contracts';
import { fairRng, keno, multiplierText, payoutAt, plinko, seedCommitment } from '@taya/games';
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

const bet = (m: MemberClient, game: string, amount: string, params: object) =>
  m.post(`/originals/${game}/bets`, { requestId: `req-${randomUUID()}`, amount, params });

const picks = [3, 7, 11, 19, 24, 40];

describe('plinko and keno', () => {
  it('are in the catalogue as mini games with their exact RTP and limits', async () => {
    const info = async (game: string) => (await t.app.inject(`/originals/${game}`)).json().value;
    // The reference bets: 16 rows medium (64,873 / 65,536) and ten picks on the classic table.
    expect(await info('plinko')).toEqual({
      game: 'plinko',
      gameCode: 'TAYA_PLINKO',
      engine: 'taya-plinko@1',
      rtp: '98.98',
      rtpBps: 9900,
      currency: 'TLB',
      minBet: '1.00',
      maxBet: '10000.00',
      maxProfit: '100000.00',
      maintenance: false,
    });
    expect(await info('keno')).toMatchObject({ rtp: '99.03', engine: 'taya-keno@1' });
    const lobby = (
      await t.app.inject('/wps/relay/GCSGAME_gameList?gameType=MINI&pageSize=50')
    ).json().value as { games: { gameCode: string; vassalage: string; icon: string }[] };
    expect(
      lobby.games
        .filter((g) => g.gameCode === 'TAYA_PLINKO' || g.gameCode === 'TAYA_KENO')
        .map((g) => [g.gameCode, g.vassalage]),
    ).toEqual(
      expect.arrayContaining([
        ['TAYA_PLINKO', 'TAYA'],
        ['TAYA_KENO', 'TAYA'],
      ]),
    );
    const m = await newMember(t);
    const launch = async (query: string) =>
      (await m.get(`/wps/game/launchGame?nodeId=TYPH-TAYA-${query}`)).json().value.content;
    expect(await launch('PLINKO')).toEqual({ game_url: '/house/plinko' });
    expect(await launch('KENO&accountType=0')).toEqual({ game_url: '/house/keno?mode=demo' });
    const [limits] = await rows<{ n: number }>(
      sql`select count(*)::int as n from original_limits where game in ('plinko', 'keno')`,
    );
    expect(limits!.n).toBe(4);
  });

  it('settle a real bet of each through the kernel with the engine’s payout', async () => {
    const m = await funded(200_00n);
    const plays: [string, object][] = [
      ['plinko', { rows: 16, risk: 'high' }],
      ['plinko', { rows: 8, risk: 'low' }],
      ['keno', { picks, risk: 'medium' }],
      ['keno', { picks: [40], risk: 'classic' }],
    ];
    const made: OriginalBet[] = [];
    for (const [game, params] of plays) {
      const before = await cash(m);
      const res = await bet(m, game, '2.50', params);
      expect(res.statusCode, JSON.stringify(res.json())).toBe(200);
      const b = res.json().value as OriginalBet;
      expect(b).toMatchObject({ game, amount: '2.50', engine: `taya-${game}@1`, currency: 'TLB' });
      expect((await cash(m)) - before).toBe(minor(b.payout) - 2_50n);
      made.push(b);
    }
    // Keno's parameters are kept as parsed: picks ascending.
    expect(made[2]!.params).toEqual({ picks, risk: 'medium' });
    const [record] = await rows<{ n: number; stake: string; payout: string }>(
      sql`select count(*)::int as n, sum(stake)::text as stake, sum(payout)::text as payout
          from bet_records where account_id = ${m.id}`,
    );
    expect(record).toEqual({
      n: 4,
      stake: '1000',
      payout: String(made.reduce((s, b) => s + minor(b.payout), 0n)),
    });
    // Rotation reveals the seeds: each round replays to its outcome and payout.
    for (const game of ['plinko', 'keno'] as const) {
      const engine = game === 'plinko' ? plinko : keno;
      const seeds = (await m.post(`/originals/${game}/seeds/rotate`, {})).json().value;
      const serverSeed = seeds.previous.serverSeed as string;
      expect(seedCommitment(serverSeed)).toBe(seeds.previous.serverSeedHash);
      for (const round of made.filter((r) => r.game === game)) {
        const parsed = engine.parse(round.params);
        if (!parsed.ok) throw new Error('stored parameters parse');
        const replay = (engine.play as (...a: unknown[]) => ReturnType<typeof plinko.play>)(
          parsed.params,
          fairRng(serverSeed, round.seed.clientSeed, round.seed.nonce),
          9900,
        );
        expect(replay.outcome).toEqual(round.outcome);
        expect(multiplierText(replay.multiplier)).toBe(round.multiplier);
        expect(payoutAt(2_50n, replay.multiplier)).toBe(minor(round.payout));
      }
    }
    const plinkoRound = made[0]!.outcome as { path: number[]; bucket: number };
    expect(plinkoRound.path).toHaveLength(16);
    expect(plinkoRound.bucket).toBe(plinkoRound.path.reduce((a, b) => a + b, 0));
    const kenoRound = made[2]!.outcome as { drawn: number[]; hits: number[] };
    expect(new Set(kenoRound.drawn).size).toBe(10);
    expect(kenoRound.hits).toEqual(picks.filter((n) => kenoRound.drawn.includes(n)));
  });

  it('refuse bad parameters naming the field, and a stake whose best win is over the max profit', async () => {
    const m = await funded(500_00n);
    const balance = await cash(m);
    const cases: [string, string, object, string][] = [
      ['plinko', '1.00', { rows: 7, risk: 'low' }, 'params.rows'],
      ['plinko', '1.00', { rows: 17, risk: 'low' }, 'params.rows'],
      ['plinko', '1.00', { rows: '16', risk: 'low' }, 'params.rows'],
      ['plinko', '1.00', { rows: 16, risk: 'extreme' }, 'params.risk'],
      ['plinko', '1.00', { rows: 16, risk: 'low', speed: 2 }, 'params.speed'],
      ['keno', '1.00', { picks: [], risk: 'low' }, 'params.picks'],
      ['keno', '1.00', { picks: [1, 1], risk: 'low' }, 'params.picks'],
      ['keno', '1.00', { picks: [0, 41], risk: 'low' }, 'params.picks'],
      ['keno', '1.00', { picks: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11] }, 'params.picks'],
      ['keno', '1.00', { picks: [5], risk: 'wild' }, 'params.risk'],
      // 16 rows high pays 1,000×: 100.11 would win 100,009.89 above its stake.
      ['plinko', '100.11', { rows: 16, risk: 'high' }, 'amount'],
      // Ten picks, ten hits on the high table: 1,000× as well.
      ['keno', '100.11', { picks: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10], risk: 'high' }, 'amount'],
    ];
    for (const [game, amount, params, path] of cases) {
      const res = await bet(m, game, amount, params);
      expect(res.statusCode, JSON.stringify(params)).toBe(400);
      expect(res.json().errorCode).toBe('request_param_err');
      expect(res.json().fields.map((f: { path: string }) => f.path)).toContain(path);
    }
    expect(await cash(m)).toBe(balance);
    expect((await m.get('/originals/plinko/seeds')).json().value.current.nonce).toBe(0);
    expect((await m.get('/originals/keno/seeds')).json().value.current.nonce).toBe(0);
    // Exactly at the max profit: 100.10 × 1,000 − 100.10 = 99,999.90. A lower-paying board
    // takes a larger stake.
    expect((await bet(m, 'plinko', '100.10', { rows: 16, risk: 'high' })).statusCode).toBe(200);
    expect((await bet(m, 'plinko', '150.00', { rows: 8, risk: 'low' })).statusCode).toBe(200);
  });

  it('play for free with the same engine, each seed revealed', async () => {
    for (const [game, params] of [
      ['plinko', { rows: 12, risk: 'medium' }],
      ['keno', { picks: [1, 2, 3], risk: 'low' }],
    ] as const) {
      const open = await t.app.inject({ method: 'POST', url: `/originals/demo/${game}/session` });
      const session = open.json().value.session as string;
      const res = await t.app.inject({
        method: 'POST',
        url: `/originals/demo/${game}/bets`,
        payload: { requestId: `demo-${game}-request`, amount: '10.00', params, session },
      });
      expect(res.statusCode).toBe(200);
      const b = res.json().value as OriginalBet;
      const engine = game === 'plinko' ? plinko : keno;
      const parsed = engine.parse(params);
      if (!parsed.ok) throw new Error('parameters parse');
      const replay = (engine.play as (...a: unknown[]) => ReturnType<typeof plinko.play>)(
        parsed.params,
        fairRng(b.seed.serverSeed!, b.seed.clientSeed, 0),
        9900,
      );
      expect(replay.outcome).toEqual(b.outcome);
      expect(b.balance).toBe(
        ((Number(2_000_00n + payoutAt(10_00n, replay.multiplier)) - 10_00) / 100).toFixed(2),
      );
    }
  });
});
