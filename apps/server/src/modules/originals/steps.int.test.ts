import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseAmount, type OriginalStepRound } from '@taya/contracts';
import {
  bestHold,
  deal,
  draw,
  fairRng,
  minesMultiplier,
  payoutAt,
  replayMines,
  type MinesState,
  type VideoPokerDealt,
} from '@taya/games';
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
const req = () => `req-${randomUUID()}`;

async function funded(amount: bigint) {
  const m = await newMember(t);
  await fund(t.app, m.id, amount, `steps:${m.id}`);
  return m;
}

const start = (m: MemberClient, game: string, amount: string, params: object, requestId = req()) =>
  m.post(`/originals/${game}/bets`, { requestId, amount, params });
const act = (m: MemberClient, game: string, roundId: string, action: object, requestId = req()) =>
  m.post(`/originals/${game}/rounds/${roundId}/actions`, { requestId, action });

/** The hidden state the server keeps (tests read it to pick tiles). */
async function hiddenOf(roundId: string) {
  const [row] = await rows<{ state: { step?: { hidden: Record<string, unknown> } } }>(
    sql`select state from rounds where id = ${roundId}`,
  );
  return row!.state.step!.hidden;
}
const safeTiles = async (roundId: string) => {
  const h = (await hiddenOf(roundId)) as unknown as MinesState;
  return Array.from({ length: 25 }, (_, i) => i).filter((i) => !h.mines.includes(i));
};

describe('mines and video poker: info', () => {
  it('gives the exact RTP and the merchant’s limits', async () => {
    const info = async (game: string) => (await t.app.inject(`/originals/${game}`)).json().value;
    expect(await info('mines')).toMatchObject({
      rtp: '99.00',
      engine: 'taya-mines@1',
      maxBet: '10000.00',
    });
    expect(await info('jacks-or-better')).toMatchObject({
      rtp: '99.54',
      gameCode: 'TAYA_VP_JOB',
      maxBet: '100.00',
    });
    expect(await info('deuces-wild')).toMatchObject({ rtp: '100.76', gameCode: 'TAYA_VP_DEUCES' });
    const lobby = (await t.app.inject('/wps/relay/GCSGAME_gameList?gameType=VP&pageSize=50')).json()
      .value as { games: { gameCode: string }[] };
    expect(lobby.games.map((g) => g.gameCode)).toEqual(
      expect.arrayContaining(['TAYA_VP_JOB', 'TAYA_VP_DEUCES']),
    );
  });
});

describe('a mines round', () => {
  it('opens without the mines, reveals, cashes out, and moves the money by exactly its result', async () => {
    const m = await funded(100_00n);
    const before = await cash(m);
    const res = await start(m, 'mines', '10.00', { mines: 3 });
    expect(res.statusCode).toBe(200);
    const open = res.json().value as OriginalStepRound;
    expect(open).toMatchObject({ status: 'open', payout: '0.00', win: false });
    expect(open.outcome).toMatchObject({ mineCount: 3, revealed: [], mines: null });
    expect(res.body).not.toContain('"hidden"');
    expect((await cash(m)) - before).toBe(-10_00n);
    // One round at a time; the seeds stay until it ends.
    const second = await start(m, 'mines', '10.00', { mines: 3 });
    expect(second.statusCode).toBe(409);
    expect(second.json().value).toEqual({ roundId: open.roundId });
    expect((await m.post('/originals/mines/seeds/rotate', {})).statusCode).toBe(409);
    const active = (await m.get('/originals/mines/active')).json().value.round;
    expect(active).toMatchObject({ roundId: open.roundId, status: 'open' });
    const [tile, tile2] = await safeTiles(open.roundId);
    const gem = (await act(m, 'mines', open.roundId, { type: 'reveal', tile })).json().value;
    expect(gem).toMatchObject({
      status: 'open',
      multiplier: '1.1250',
      outcome: { gems: 1, mines: null },
    });
    // A repeat of the same request answers the same; a tile opened twice is a 400 naming it.
    const id = req();
    const r1 = await act(m, 'mines', open.roundId, { type: 'reveal', tile: tile2 }, id);
    const r2 = await act(m, 'mines', open.roundId, { type: 'reveal', tile: tile2 }, id);
    expect(r2.json().value).toEqual(r1.json().value);
    const again = await act(m, 'mines', open.roundId, { type: 'reveal', tile });
    expect(again.statusCode).toBe(400);
    expect(again.json().value ?? again.json()).toBeTruthy();
    const out = (await act(m, 'mines', open.roundId, { type: 'cashout' })).json()
      .value as OriginalStepRound;
    const expected = payoutAt(10_00n, minesMultiplier(3, 2, 9900));
    expect(out).toMatchObject({
      status: 'settled',
      win: true,
      payout: (Number(expected) / 100).toFixed(2),
    });
    expect((out.outcome as { mines: number[] }).mines).toHaveLength(3);
    expect((await cash(m)) - before).toBe(expected - 10_00n);
    const [record] = await rows<{ stake: string; payout: string; game_type: string }>(
      sql`select stake::text, payout::text, game_type from bet_records where account_id = ${m.id}`,
    );
    expect(record).toEqual({ stake: '1000', payout: String(expected), game_type: 'MINI' });
    expect((await m.get('/originals/mines/active')).json().value.round).toBeNull();
    // After rotation the round replays from its seeds and moves.
    const seeds = (await m.post('/originals/mines/seeds/rotate', {})).json().value;
    const replay = replayMines(
      3,
      fairRng(seeds.previous.serverSeed, seeds.previous.clientSeed, 0),
      9900,
      (out.outcome as { moves: (number | 'cashout')[] }).moves,
    );
    expect(replay.state.mines).toEqual((out.outcome as { mines: number[] }).mines);
    expect(payoutAt(10_00n, replay.multiplier!)).toBe(expected);
    const history = (await m.get('/originals/mines/history')).json().value.list;
    expect(history[0]).toMatchObject({ roundId: open.roundId, payout: out.payout });
  });

  it('loses the stake on a mine', async () => {
    const m = await funded(50_00n);
    const open = (await start(m, 'mines', '5.00', { mines: 24 })).json().value as OriginalStepRound;
    const h = (await hiddenOf(open.roundId)) as unknown as MinesState;
    const lost = (await act(m, 'mines', open.roundId, { type: 'reveal', tile: h.mines[0] })).json()
      .value as OriginalStepRound;
    expect(lost).toMatchObject({ status: 'settled', win: false, payout: '0.00' });
    expect(await cash(m)).toBe(45_00n);
    expect((await act(m, 'mines', open.roundId, { type: 'cashout' })).statusCode).toBe(409);
  });

  it('applies one of two parallel cash-outs: the money moves once', async () => {
    const m = await funded(50_00n);
    const open = (await start(m, 'mines', '10.00', { mines: 5 })).json().value as OriginalStepRound;
    const [tile] = await safeTiles(open.roundId);
    await act(m, 'mines', open.roundId, { type: 'reveal', tile });
    const answers = await Promise.all([
      act(m, 'mines', open.roundId, { type: 'cashout' }),
      act(m, 'mines', open.roundId, { type: 'cashout' }),
      act(m, 'mines', open.roundId, { type: 'cashout' }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409]);
    const won = payoutAt(10_00n, minesMultiplier(5, 1, 9900));
    expect(await cash(m)).toBe(50_00n - 10_00n + won);
  });

  it('refuses another member’s round and bad actions, naming the field', async () => {
    const m = await funded(50_00n);
    const other = await funded(50_00n);
    const open = (await start(m, 'mines', '1.00', { mines: 2 })).json().value as OriginalStepRound;
    expect((await act(other, 'mines', open.roundId, { type: 'cashout' })).statusCode).toBe(404);
    const bad = await act(m, 'mines', open.roundId, { type: 'reveal', tile: 25 });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('action');
    const early = await act(m, 'mines', open.roundId, { type: 'cashout' });
    expect(early.statusCode).toBe(400);
    const params = await start(other, 'mines', '1.00', { mines: 25 });
    expect(params.statusCode).toBe(400);
    expect(params.body).toContain('params.mines');
  });
});

describe('a video poker hand', () => {
  it('deals five cards without the deck, draws, and pays the pay table', async () => {
    const m = await funded(100_00n);
    const before = await cash(m);
    const res = await start(m, 'jacks-or-better', '5.00', {});
    const dealt = res.json().value as OriginalStepRound;
    expect(dealt).toMatchObject({
      status: 'open',
      outcome: { phase: 'dealt', game: 'jacks-or-better' },
    });
    expect(dealt.outcome).not.toHaveProperty('deck');
    const hold = [true, false, true, false, false];
    const drawn = (await act(m, 'jacks-or-better', dealt.roundId, { type: 'draw', hold })).json()
      .value as OriginalStepRound;
    expect(drawn.status).toBe('settled');
    const seeds = (await m.post('/originals/jacks-or-better/seeds/rotate', {})).json().value;
    const replay = draw(
      deal('jacks-or-better', fairRng(seeds.previous.serverSeed, seeds.previous.clientSeed, 0)),
      hold,
    );
    expect(replay.ok && replay.state.cards).toEqual(drawn.outcome.cards);
    const pays = replay.ok ? payoutAt(5_00n, replay.state.multiplier) : -1n;
    expect(minor(drawn.payout)).toBe(pays);
    expect((await cash(m)) - before).toBe(pays - 5_00n);
    const bad = await act(m, 'jacks-or-better', dealt.roundId, { type: 'draw', hold });
    expect(bad.statusCode).toBe(409);
  });
});

describe('recovery of an abandoned round', () => {
  const expire = (roundId: string) =>
    t.database.db.execute(
      sql`update rounds set recover_after = now() - interval '1 second' where id = ${roundId}`,
    );

  it('is a day away, and finishes rounds by their rules: cash-out, optimal draw, or void', async () => {
    const m = await funded(100_00n);
    const mines = (await start(m, 'mines', '10.00', { mines: 3 })).json()
      .value as OriginalStepRound;
    const [row] = await rows<{ hours: number }>(
      sql`select extract(epoch from recover_after - opened_at) / 3600 as hours from rounds where id = ${mines.roundId}`,
    );
    expect(Number(row!.hours)).toBeGreaterThan(23.9);
    const [tile] = await safeTiles(mines.roundId);
    await act(m, 'mines', mines.roundId, { type: 'reveal', tile });
    const vp = (await start(m, 'deuces-wild', '5.00', {})).json().value as OriginalStepRound;
    const h = (await hiddenOf(vp.roundId)) as unknown as VideoPokerDealt;
    const best = draw(h, bestHold('deuces-wild', h.cards).best.holds);
    const noGem = await start(m, 'mines', '1.00', { mines: 1 });
    expect(noGem.statusCode).toBe(409); // mines is still open
    await expire(mines.roundId);
    await expire(vp.roundId);
    const before = await cash(m);
    await t.app.services.play.recover();
    const minesWin = payoutAt(10_00n, minesMultiplier(3, 1, 9900));
    const vpWin = best.ok ? payoutAt(5_00n, best.state.multiplier) : -1n;
    expect((await cash(m)) - before).toBe(minesWin + vpWin);
    const history = (await m.get('/originals/deuces-wild/history')).json().value.list;
    expect(history[0]).toMatchObject({
      roundId: vp.roundId,
      outcome: { hand: best.ok && best.state.hand },
    });
    // A mines round with no tile opened is void: the stake returns.
    const blank = (await start(m, 'mines', '2.00', { mines: 1 })).json().value as OriginalStepRound;
    await expire(blank.roundId);
    const mid = await cash(m);
    await t.app.services.play.recover();
    expect((await cash(m)) - mid).toBe(2_00n);
  });
});

describe('demo play in steps', () => {
  it('plays a round with play money and resumes it', async () => {
    const session = (
      await t.app.inject({ method: 'POST', url: '/originals/demo/mines/session' })
    ).json().value.session as string;
    const post = (url: string, body: object) =>
      t.app.inject({ method: 'POST', url, payload: { requestId: req(), session, ...body } });
    const open = (
      await post('/originals/demo/mines/bets', { amount: '10.00', params: { mines: 24 } })
    ).json().value as OriginalStepRound;
    expect(open).toMatchObject({ status: 'open', balance: '1990.00', currency: 'DEMO' });
    expect(open.seed.serverSeed).toBeNull();
    const active = (await t.app.inject(`/originals/demo/mines/active?session=${session}`)).json()
      .value;
    expect(active.round.roundId).toBe(open.roundId);
    const end = (
      await post(`/originals/demo/mines/rounds/${open.roundId}/actions`, {
        action: { type: 'reveal', tile: 0 },
      })
    ).json().value as OriginalStepRound;
    // With 24 mines the one gem is the last: the round ends either way.
    expect(end.status).toBe('settled');
    if (!end.win) {
      expect(end.balance).toBe('1990.00');
      const replay = replayMines(
        24,
        fairRng(end.seed.serverSeed!, end.seed.clientSeed, 0),
        9900,
        [0],
      );
      expect(replay.state.status).toBe('lost');
    }
    const vp = await t.app.inject({
      method: 'POST',
      url: '/originals/demo/jacks-or-better/session',
    });
    const s2 = vp.json().value.session as string;
    const dealt = (
      await t.app.inject({
        method: 'POST',
        url: '/originals/demo/jacks-or-better/bets',
        payload: { requestId: req(), session: s2, amount: '5.00', params: {} },
      })
    ).json().value as OriginalStepRound;
    const drawn = (
      await t.app.inject({
        method: 'POST',
        url: `/originals/demo/jacks-or-better/rounds/${dealt.roundId}/actions`,
        payload: {
          requestId: req(),
          session: s2,
          action: { type: 'draw', hold: [true, true, true, true, true] },
        },
      })
    ).json().value as OriginalStepRound;
    expect(drawn.status).toBe('settled');
    expect(drawn.outcome.cards).toEqual(dealt.outcome.cards);
    expect(minor(drawn.balance)).toBe(1995_00n + minor(drawn.payout));
  });
});
