import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseAmount, type OriginalBet } from '@taya/contracts';
import { fairRng, payoutAt, scratch, seedCommitment, type ScratchOutcome } from '@taya/games';
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

const buy = (m: MemberClient, amount: string, params: object) =>
  m.post('/originals/scratch/bets', { requestId: `req-${randomUUID()}`, amount, params });

describe('scratch cards', () => {
  it('are one SC entry of the catalogue with the scratch ticket art, the merchant’s RTP and limits', async () => {
    const info = (await t.app.inject('/originals/scratch')).json().value;
    expect(info).toMatchObject({
      game: 'scratch',
      gameCode: 'TAYA_SCRATCH',
      engine: 'taya-scratch@1',
      rtp: '99.00',
      minBet: '1.00',
      maxBet: '200.00',
      maxProfit: '100000.00',
    });
    const lobby = (await t.app.inject('/wps/relay/GCSGAME_gameList?gameType=SC&pageSize=50')).json()
      .value as { games: { gameCode: string; vassalage: string; icon?: string }[] };
    expect(lobby.games.map((g) => g.gameCode)).toContain('TAYA_SCRATCH');
    const [row] = await rows<{ icon: string; game_type: string }>(
      sql`select icon, game_type from games where id = 'TYMM-TAYA-SCRATCH'`,
    );
    expect(row).toEqual({ icon: '/art/games/v1/scratch.svg', game_type: 'SC' });
    const m = await newMember(t);
    const launch = async (query: string) =>
      (await m.get(`/wps/game/launchGame?nodeId=TYPH-TAYA-${query}`)).json().value.content;
    expect(await launch('SCRATCH')).toEqual({ game_url: '/house/scratch' });
  });

  it('settles a card through the kernel with the engine’s payout, replayed after rotation', async () => {
    const m = await newMember(t);
    await fund(t.app, m.id, 500_00n, `scratch:${m.id}`);
    const before = await cash(m);
    const bets: OriginalBet[] = [];
    for (const card of ['carabao', 'pagoda', 'fiesta', 'fiesta']) {
      const res = await buy(m, '20.00', { card });
      expect(res.statusCode).toBe(200);
      bets.push(res.json().value as OriginalBet);
    }
    const paid = bets.reduce((s, b) => s + minor(b.payout), 0n);
    expect((await cash(m)) - before).toBe(paid - 4n * 20_00n);
    const records = await rows<{ stake: string; payout: string; game_type: string }>(
      sql`select stake::text, payout::text, game_type from bet_records where account_id = ${m.id}`,
    );
    expect(records).toHaveLength(4);
    expect(records.every((r) => r.stake === '2000' && r.game_type === 'SC')).toBe(true);
    expect(records.reduce((s, r) => s + BigInt(r.payout), 0n)).toBe(paid);
    const pair = (await m.get('/originals/scratch/seeds')).json().value.current;
    const rotated = (await m.post('/originals/scratch/seeds/rotate', {})).json().value;
    const serverSeed = rotated.previous.serverSeed as string;
    expect(seedCommitment(serverSeed)).toBe(pair.serverSeedHash);
    for (const b of bets) {
      const parsed = scratch.parse(b.params);
      if (!parsed.ok) throw new Error('the bet’s params do not parse');
      const replay = scratch.play(
        parsed.params,
        fairRng(serverSeed, b.seed.clientSeed, b.seed.nonce),
        9900,
      );
      expect(replay.outcome).toEqual(b.outcome);
      expect(payoutAt(20_00n, replay.multiplier)).toBe(minor(b.payout));
      const o = b.outcome as ScratchOutcome;
      expect(o.grid).toHaveLength(9);
      expect(b.win).toBe(o.prize !== null);
    }
    const history = (await m.get('/originals/scratch/history')).json().value.list;
    expect(history).toHaveLength(4);
  });

  it('names params.card on a bad card and changes nothing', async () => {
    const m = await newMember(t);
    await fund(t.app, m.id, 50_00n, `scratch-bad:${m.id}`);
    const balance = await cash(m);
    for (const [amount, params, path] of [
      ['5.00', { card: 'gold' }, 'params.card'],
      ['5.00', {}, 'params.card'],
      ['5.00', { card: 'pagoda', rows: 3 }, 'params.rows'],
      ['0.99', { card: 'pagoda' }, 'amount'],
      ['200.01', { card: 'fiesta' }, 'amount'],
    ] as const) {
      const res = await buy(m, amount, params);
      expect(res.statusCode, JSON.stringify(params)).toBe(400);
      expect(res.json().fields.map((f: { path: string }) => f.path)).toContain(path);
    }
    expect(await cash(m)).toBe(balance);
    expect((await m.get('/originals/scratch/seeds')).json().value.current.nonce).toBe(0);
  });

  it('plays for free with the same engine, its seed revealed at once', async () => {
    const open = await t.app.inject({ method: 'POST', url: '/originals/demo/scratch/session' });
    const session = open.json().value.session as string;
    const res = await t.app.inject({
      method: 'POST',
      url: '/originals/demo/scratch/bets',
      payload: {
        requestId: 'demo-scratch-1',
        amount: '10.00',
        params: { card: 'pagoda' },
        session,
      },
    });
    expect(res.statusCode).toBe(200);
    const b = res.json().value as OriginalBet;
    const replay = scratch.play(
      { card: 'pagoda' },
      fairRng(b.seed.serverSeed!, b.seed.clientSeed, 0),
      9900,
    );
    expect(replay.outcome).toEqual(b.outcome);
    expect(b.balance).toBe(((2_000_00 + Number(minor(b.payout)) - 10_00) / 100).toFixed(2));
  });
});
