import { describe, expect, it } from 'vitest';
import { fairRng, multiplierText, payoutAt, scratch } from '@taya/games';
import { gameOfEngine, originalEngines } from './engines';
import { scratchPrizeText } from './rounds';
import { verifyRound, type VerifyInput } from './verify';

// Known vectors, checked outside this code (python3: hmac.new(bytes.fromhex(seed),
// b'taya:<nonce>:0', sha256); hashlib.sha256(bytes.fromhex(seed))).
const seed = `${'0'.repeat(63)}1`;
const hash = 'ec4916dd28fc4c10d78e287ca5d9cc51ee1ae73cbfde08c6b37324cbfaac8bc5';
const dice = originalEngines.dice!;
const limbo = originalEngines.limbo!;

const input = (over: Partial<VerifyInput>): VerifyInput => ({
  serverSeed: seed,
  clientSeed: 'taya',
  nonce: 0,
  params: { target: '50.00', direction: 'under' },
  rtpBps: 9900,
  serverSeedHash: hash,
  stake: null,
  ...over,
});

describe('the in-browser verifier', () => {
  it('replays dice rounds with the engine and seeds the server used', () => {
    const rolls = [0, 1, 2, 3].map((nonce) => verifyRound(dice, input({ nonce })));
    expect(rolls.map((r) => (r.ok ? r.outcome.roll : null))).toEqual([
      '50.21',
      '11.82',
      '32.47',
      '19.67',
    ]);
    const [lost, won] = rolls;
    expect(lost).toMatchObject({ ok: true, win: false, multiplier: '0.0000', hashMatches: true });
    // Under 50.00 is a 50 % chance: 99 ÷ 50 = 1.98×.
    expect(won).toMatchObject({ ok: true, win: true, multiplier: '1.9800' });
  });

  it('replays limbo rounds and pays stake × target, rounded down', () => {
    const results = [0, 1, 2, 3].map((nonce) =>
      verifyRound(limbo, input({ nonce, params: { target: '2.00' }, stake: 1234n })),
    );
    expect(results.map((r) => (r.ok ? r.outcome.result : null))).toEqual([
      '3.05',
      '1.28',
      '5.16',
      '1.06',
    ]);
    expect(results.map((r) => (r.ok ? r.payout : null))).toEqual([2468n, 0n, 2468n, 0n]);
    const odd = verifyRound(limbo, input({ params: { target: '3.01' }, stake: 333n }));
    expect(odd).toMatchObject({ ok: true, win: true, multiplier: '3.0100', payout: 1002n });
  });

  it('checks the revealed server seed against the hash shown before play', () => {
    expect(verifyRound(dice, input({}))).toMatchObject({
      ok: true,
      commitment: hash,
      hashMatches: true,
    });
    const other = `${'0'.repeat(63)}2`;
    expect(verifyRound(dice, input({ serverSeed: other }))).toMatchObject({
      ok: true,
      hashMatches: false,
    });
    expect(verifyRound(dice, input({ serverSeedHash: null }))).toMatchObject({
      ok: true,
      hashMatches: null,
    });
    // Pasted in capitals or with spaces, it is the same seed and hash.
    expect(
      verifyRound(
        dice,
        input({ serverSeed: ` ${seed.toUpperCase()} `, serverSeedHash: hash.toUpperCase() }),
      ),
    ).toMatchObject({ ok: true, hashMatches: true });
  });

  it('says what is wrong with a seed, a nonce or the bet settings', () => {
    expect(verifyRound(dice, input({ serverSeed: 'abc' }))).toEqual({ ok: false, problem: 'seed' });
    expect(verifyRound(dice, input({ nonce: -1 }))).toEqual({ ok: false, problem: 'nonce' });
    const params = verifyRound(dice, input({ params: { target: '99.00', direction: 'under' } }));
    expect(params).toMatchObject({ ok: false, problem: 'params' });
    expect(verifyRound(limbo, input({ params: { target: '1.00' } }))).toMatchObject({
      ok: false,
      problem: 'params',
    });
  });

  it('knows the engines by the id their rounds record', () => {
    expect(gameOfEngine('taya-dice@1')).toBe('dice');
    expect(gameOfEngine('taya-limbo@1')).toBe('limbo');
    expect(gameOfEngine('taya-fortune@1')).toBeNull();
    expect(dice.id).toBe('taya-dice@1');
    expect(limbo.id).toBe('taya-limbo@1');
  });
});

describe('scratch cards in the verifier', () => {
  it('replays a card with the engine', () => {
    const seed = 'c'.repeat(64);
    const result = verifyRound(originalEngines.scratch!, {
      serverSeed: seed,
      clientSeed: 'client',
      nonce: 7,
      params: { card: 'fiesta' },
      rtpBps: 9_900,
      serverSeedHash: null,
      stake: 10_00n,
    });
    const played = scratch.play({ card: 'fiesta' }, fairRng(seed, 'client', 7), 9_900);
    expect(result).toMatchObject({
      ok: true,
      outcome: played.outcome,
      multiplier: multiplierText(played.multiplier),
      payout: payoutAt(10_00n, played.multiplier),
    });
    expect(scratchPrizeText(played.outcome)).toBe(`${multiplierText(played.multiplier, 2)}×`);
    expect(scratchPrizeText({ card: 'pagoda', prize: 'pagoda' })).toBe('500.00×');
    expect(scratchPrizeText({ card: 'gold', prize: null })).toBe('—');
    const bad = verifyRound(originalEngines.scratch!, {
      serverSeed: seed,
      clientSeed: 'client',
      nonce: 7,
      params: { card: 'gold' },
      rtpBps: 9_900,
      serverSeedHash: null,
      stake: null,
    });
    expect(bad).toMatchObject({ ok: false, problem: 'params' });
  });
});
