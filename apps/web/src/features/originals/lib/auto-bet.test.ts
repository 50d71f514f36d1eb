import { describe, expect, it } from 'vitest';
import { afterBet, startRun, type AutoBetConfig, type AutoBetRun } from './auto-bet';

const limits = { min: 10n, max: 100_000n };
const base: AutoBetConfig = {
  count: 0,
  stopProfit: null,
  stopLoss: null,
  onWin: { mode: 'reset', percent: 0 },
  onLoss: { mode: 'reset', percent: 0 },
};
const win = (stake: bigint) => ({ stake, payout: stake * 2n });
const lose = (stake: bigint) => ({ stake, payout: 0n });

/** Plays a run of results through the rules until they say stop. */
function play(config: AutoBetConfig, results: ('w' | 'l')[], stake = 100n) {
  let run: AutoBetRun = startRun(stake);
  const stakes: bigint[] = [];
  for (const r of results) {
    stakes.push(run.stake);
    const next = afterBet(run, r === 'w' ? win(run.stake) : lose(run.stake), config, limits);
    run = next.run;
    if (next.stop) return { run, stakes, stop: next.stop };
  }
  return { run, stakes, stop: null };
}

describe('auto-bet rules', () => {
  it('stops after the number of bets asked for', () => {
    const out = play({ ...base, count: 3 }, ['w', 'l', 'w', 'w', 'w']);
    expect(out.stop).toBe('count');
    expect(out.run.played).toBe(3);
    expect(out.run.profit).toBe(100n);
  });

  it('runs on with a count of 0 until another rule stops it', () => {
    const out = play(base, ['w', 'l', 'w', 'l', 'w', 'l']);
    expect(out.stop).toBeNull();
    expect(out.run.played).toBe(6);
  });

  it('stops once profit reaches the stop, not before', () => {
    const out = play({ ...base, stopProfit: 200n }, ['w', 'l', 'w', 'w', 'w']);
    expect(out.stop).toBe('profit');
    expect(out.run.played).toBe(4);
    expect(out.run.profit).toBe(200n);
  });

  it('stops once the loss reaches the stop', () => {
    const out = play({ ...base, stopLoss: 250n }, ['l', 'w', 'l', 'l', 'l', 'l']);
    expect(out.stop).toBe('loss');
    expect(out.run.profit).toBe(-300n);
    expect(out.run.played).toBe(5);
  });

  it('raises the stake by a percentage on a loss and resets it on a win (martingale)', () => {
    const out = play({ ...base, count: 5, onLoss: { mode: 'increase', percent: 10_000 } }, [
      'l',
      'l',
      'l',
      'w',
      'l',
    ]);
    expect(out.stakes).toEqual([100n, 200n, 400n, 800n, 100n]);
    expect(out.run.profit).toBe(-100n + -200n + -400n + 800n + -100n);
  });

  it('raises on a win by a fractional percentage, rounding down to the minor unit', () => {
    const out = play({ ...base, count: 3, onWin: { mode: 'increase', percent: 2550 } }, [
      'w',
      'w',
      'w',
    ]);
    expect(out.stakes).toEqual([100n, 125n, 156n]);
  });

  it('stops before a stake the game would refuse', () => {
    const out = play(
      { ...base, onLoss: { mode: 'increase', percent: 10_000 } },
      Array(20).fill('l'),
    );
    expect(out.stop).toBe('limit');
    expect(out.run.stake).toBeGreaterThan(limits.max);
    expect(out.stakes.at(-1)).toBe(51_200n);
  });

  it('a push (payout equal to the stake) counts as no win', () => {
    const next = afterBet(
      startRun(100n),
      { stake: 100n, payout: 100n },
      { ...base, onWin: { mode: 'increase', percent: 5000 } },
      limits,
    );
    expect(next.run.stake).toBe(100n);
    expect(next.run.profit).toBe(0n);
  });
});
