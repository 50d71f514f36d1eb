import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OriginalStepRound } from '@taya/contracts';
import {
  blackjackPayout,
  blackjackStakeHeld,
  fairRng,
  replayBlackjack,
  type BlackjackState,
} from '@taya/games';
import { createTestApp, fund, type TestContext } from '../../test/harness';
import { balanceOf, newMember, type MemberClient } from '../../test/members';
import type { BlackjackHidden } from './steps-blackjack';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const cash = (m: MemberClient) => balanceOf(t, m.id, 'member_cash');
const rows = async <R>(query: ReturnType<typeof sql>) =>
  ((await t.database.db.execute(query)) as unknown as { rows: R[] }).rows;
const req = () => `req-${randomUUID()}`;
const start = (m: MemberClient, amount: string) =>
  m.post('/originals/blackjack/bets', { requestId: req(), amount, params: {} });
const move = (m: MemberClient, roundId: string, mv: string, requestId = req()) =>
  m.post(`/originals/blackjack/rounds/${roundId}/actions`, {
    requestId,
    action: { type: 'play', move: mv },
  });

async function hiddenOf(roundId: string): Promise<BlackjackHidden> {
  const [row] = await rows<{ state: { step: { hidden: BlackjackHidden } } }>(
    sql`select state from rounds where id = ${roundId}`,
  );
  return row!.state.step.hidden;
}

const rank = (card: number) => card >> 2;

/** Stands (and declines insurance) until the round is over. */
async function finish(m: MemberClient, round: OriginalStepRound) {
  let r = round;
  while (r.status === 'open') {
    const phase = (r.outcome as { phase: string }).phase;
    const res = await move(m, r.roundId, phase === 'insurance' ? 'no-insurance' : 'stand');
    expect(res.statusCode).toBe(200);
    r = res.json().value;
  }
  return r;
}

/** Plays rounds (standing) until one opens with a deal `want` accepts; answers that round. */
async function dealWhere(
  m: MemberClient,
  amount: string | (() => Promise<string>),
  want: (s: BlackjackState) => boolean,
) {
  for (let i = 0; i < 400; i++) {
    const res = await start(m, typeof amount === 'string' ? amount : await amount());
    expect(res.statusCode).toBe(200);
    const round = res.json().value as OriginalStepRound;
    if (round.status === 'open' && want((await hiddenOf(round.roundId)).bj)) return round;
    await finish(m, round);
  }
  throw new Error('no such deal in 400 rounds');
}

const ledgerBalanced = async () =>
  expect(
    await rows(
      sql`select entry_id from ledger_postings group by entry_id, currency having sum(amount) <> 0`,
    ),
  ).toEqual([]);

async function funded(amount: bigint) {
  const m = await newMember(t);
  await fund(t.app, m.id, amount, `bj:${m.id}`);
  return m;
}

describe('blackjack', () => {
  it('shows its return and limits, and sits in the table games', async () => {
    const info = (await t.app.inject('/originals/blackjack')).json().value;
    expect(info).toMatchObject({
      rtp: '99.51',
      engine: 'taya-blackjack@1',
      gameCode: 'TAYA_BLACKJACK',
      minBet: '1.00',
      maxBet: '5000.00',
    });
    const lobby = (await t.app.inject('/wps/relay/GCSGAME_gameList?gameType=TG&pageSize=50')).json()
      .value as { games: { gameCode: string; iconUrl: string | null }[] };
    const tile = lobby.games.find((g) => g.gameCode === 'TAYA_BLACKJACK');
    expect(tile?.iconUrl).toContain('blackjack.svg');
  });

  it('splits a pair and doubles a hand: each stake held as its own bet, paid exactly', async () => {
    const m = await funded(10_000_00n);
    const round = await dealWhere(m, '10.00', (s) => {
      const [a, b] = s.hands[0]!.cards;
      return s.phase === 'play' && rank(a!) === rank(b!) && rank(a!) !== 12;
    });
    const before = await cash(m);
    const split = (await move(m, round.roundId, 'split')).json().value as OriginalStepRound;
    expect(split.amount).toBe('20.00');
    expect((await cash(m)) - before).toBe(-10_00n);
    // The first hand doubles (after a split), then every hand left stands.
    const doubled = await move(m, round.roundId, 'double');
    expect(doubled.statusCode).toBe(200);
    const end = await finish(m, doubled.json().value);
    expect(end.status).toBe('settled');
    const [settled] = await rows<{ state: { outcome: { moves: string[] } } }>(
      sql`select state from rounds where id = ${round.roundId}`,
    );
    const moves = settled!.state.outcome.moves;
    expect(moves.slice(0, 2)).toEqual(['split', 'double']);
    // Replayed from the shoe the round was dealt: what it put up and returns, to the minor unit.
    const [seed] = await rows<{ server_seed: string; client_seed: string; nonce: number }>(
      sql`select p.server_seed, p.client_seed, (r.state->>'nonce')::int as nonce
          from rounds r join original_seed_pairs p on p.server_seed_hash = r.seed_commitment
          where r.id = ${round.roundId}`,
    );
    const replay = replayBlackjack(
      fairRng(seed!.server_seed, seed!.client_seed, seed!.nonce),
      moves,
    );
    const staked = blackjackStakeHeld(10_00n, replay);
    const paid = blackjackPayout(10_00n, replay);
    expect(staked).toBe(30_00n);
    expect(end.amount).toBe('30.00');
    expect(end.payout).toBe(`${paid / 100n}.${(paid % 100n).toString().padStart(2, '0')}`);
    expect((await cash(m)) - before).toBe(-staked + 10_00n + paid);
    const bets = await rows<{ stake: string; payout: string; status: string; part: string | null }>(
      sql`select stake::text, payout::text, status, detail->>'part' as part from bets
          where round_id = ${round.roundId} order by placed_at, id`,
    );
    expect(bets.map((b) => b.part)).toEqual([null, 'split-1', 'double-2']);
    expect(bets.every((b) => b.status === 'settled')).toBe(true);
    expect(bets.reduce((s, b) => s + BigInt(b.payout), 0n)).toBe(paid);
    await ledgerBalanced();
    // History: one row for the round, its stakes and returns summed.
    const history = (await m.get('/originals/blackjack/history')).json().value.list;
    expect(history[0]).toMatchObject({
      roundId: round.roundId,
      amount: '30.00',
      payout: end.payout,
    });
    expect(history.filter((h: { roundId: string }) => h.roundId === round.roundId)).toHaveLength(1);
  });

  it('takes insurance for half the stake, and refuses a double the balance cannot cover', async () => {
    const m = await funded(10_000_00n);
    const tenUnder = (s: BlackjackState) => rank(s.dealer[1]!) >= 8 && rank(s.dealer[1]!) <= 11;
    const natural = (cards: readonly number[]) =>
      cards.some((c) => rank(c) === 12) && cards.some((c) => rank(c) >= 8 && rank(c) <= 11);
    // No dealer blackjack: insurance is lost, the round stays open with five more held.
    const open1 = await dealWhere(
      m,
      '10.00',
      (s) => s.phase === 'insurance' && !tenUnder(s) && !natural(s.hands[0]!.cards),
    );
    let before = await cash(m);
    const insured = (await move(m, open1.roundId, 'insurance')).json().value as OriginalStepRound;
    expect(insured.status).toBe('open');
    expect(insured.amount).toBe('15.00');
    expect((await cash(m)) - before).toBe(-5_00n);
    const end = await finish(m, insured);
    expect((end.outcome as { result: { insurance: string } }).result.insurance).toBe('lost');
    // A dealer blackjack under the ace: the round ends on the answer, the hand lost and the
    // insurance paid 2:1 (its 5.00 back and 10.00 more).
    const peeked = await dealWhere(
      m,
      '10.00',
      (s) => s.phase === 'insurance' && tenUnder(s) && !natural(s.hands[0]!.cards),
    );
    before = await cash(m);
    const won = (await move(m, peeked.roundId, 'insurance')).json().value as OriginalStepRound;
    expect(won.status).toBe('settled');
    expect(won.payout).toBe('15.00');
    expect((won.outcome as { result: { insurance: string } }).result.insurance).toBe('won');
    expect((await cash(m)) - before).toBe(-5_00n + 15_00n);
    await ledgerBalanced();

    // A member betting all it has: the double is refused (409), nothing changes.
    const poor = await funded(100_00n);
    const all = async () => {
      let balance = await cash(poor);
      if (balance < 1_00n) {
        await fund(t.app, poor.id, 100_00n, `bj:${poor.id}:${randomUUID()}`);
        balance = await cash(poor);
      }
      return `${balance / 100n}.${(balance % 100n).toString().padStart(2, '0')}`;
    };
    const open = await dealWhere(poor, all, (s) => s.phase === 'play');
    expect(await cash(poor)).toBe(0n);
    const refused = await move(poor, open.roundId, 'double');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errorCode).toBe('insufficient_funds');
    expect((await hiddenOf(open.roundId)).moves).toEqual([]);
  });

  it('finishes an abandoned round by standing, and settles every stake', async () => {
    const m = await funded(10_000_00n);
    const round = await dealWhere(m, '10.00', (s) => {
      const [a, b] = s.hands[0]!.cards;
      return s.phase === 'play' && rank(a!) === rank(b!) && rank(a!) !== 12;
    });
    await move(m, round.roundId, 'split');
    const before = await cash(m);
    await t.database.db.execute(
      sql`update rounds set recover_after = now() - interval '1 second' where id = ${round.roundId}`,
    );
    await t.app.services.play.recover();
    const [row] = await rows<{ status: string; state: { outcome: { moves: string[] } } }>(
      sql`select status, state from rounds where id = ${round.roundId}`,
    );
    expect(row!.status).toBe('settled');
    expect(row!.state.outcome.moves[0]).toBe('split');
    const paid = await rows<{ payout: string }>(
      sql`select payout::text from bets where round_id = ${round.roundId}`,
    );
    expect(paid).toHaveLength(2);
    expect((await cash(m)) - before).toBe(paid.reduce((s, b) => s + BigInt(b.payout), 0n));
    await ledgerBalanced();
  });
});

describe('blackjack in free play', () => {
  it('plays rounds with play money: a double takes more, every win comes back', async () => {
    const session = (
      await t.app.inject({ method: 'POST', url: '/originals/demo/blackjack/session' })
    ).json().value.session as string;
    const post = (url: string, body: object) =>
      t.app.inject({ method: 'POST', url, payload: { requestId: req(), session, ...body } });
    let balance = 2_000_00n;
    for (let i = 0; i < 12; i++) {
      let r = (await post('/originals/demo/blackjack/bets', { amount: '10.00', params: {} })).json()
        .value as OriginalStepRound;
      while (r.status === 'open') {
        const o = r.outcome as { phase: string; actions: string[] };
        const mv =
          o.phase === 'insurance'
            ? 'no-insurance'
            : o.actions.includes('double')
              ? 'double'
              : 'stand';
        const res = await post(`/originals/demo/blackjack/rounds/${r.roundId}/actions`, {
          action: { type: 'play', move: mv },
        });
        expect(res.statusCode).toBe(200);
        r = res.json().value;
      }
      const staked = BigInt(r.amount.replace('.', ''));
      const paid = BigInt(r.payout.replace('.', ''));
      balance += paid - staked;
      expect(BigInt(r.balance.replace('.', ''))).toBe(balance);
      expect(r.seed.serverSeed).toMatch(/^[0-9a-f]{64}$/);
    }
  });
});
