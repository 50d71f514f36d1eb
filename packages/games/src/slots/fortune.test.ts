import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { evaluateLine, evaluateSpin, exactRtp, payoutOf, randomStops } from './evaluate';
import { tayaFortune as def } from './fortune';

/** Stops that show `column` (top to bottom) on each reel, found by searching the strips. */
function stopsShowing(columns: string[][]): number[] {
  return columns.map((column, reel) => {
    const strip = def.reels[reel]!;
    const stop = strip.findIndex((_, i) =>
      column.every((s, row) => s === '*' || strip[(i + row) % strip.length] === s),
    );
    if (stop < 0) throw new Error(`reel ${reel} cannot show ${column.join(',')}`);
    return stop;
  });
}

describe('Taya Fortune paytable and lines', () => {
  it('pays the documented multiples for 3, 4 and 5 of a kind from the left', () => {
    expect(evaluateLine(def, ['ACE', 'ACE', 'ACE', 'NINE', 'ACE'])).toEqual({
      symbol: 'ACE',
      count: 3,
      multiple: 30,
    });
    expect(evaluateLine(def, ['PEARL', 'PEARL', 'PEARL', 'PEARL', 'KING'])).toEqual({
      symbol: 'PEARL',
      count: 4,
      multiple: 150,
    });
    expect(evaluateLine(def, ['DRAGON', 'DRAGON', 'DRAGON', 'DRAGON', 'DRAGON'])?.multiple).toBe(
      1000,
    );
    // Not from the leftmost reel, or only two: nothing.
    expect(evaluateLine(def, ['NINE', 'ACE', 'ACE', 'ACE', 'ACE'])).toBeNull();
    expect(evaluateLine(def, ['KING', 'KING', 'QUEEN', 'KING', 'KING'])).toBeNull();
  });

  it('lets wilds stand in for any symbol but the scatter, and pays a line of wilds as dragons', () => {
    expect(evaluateLine(def, ['COIN', 'WILD', 'WILD', 'COIN', 'TEN'])).toEqual({
      symbol: 'COIN',
      count: 4,
      multiple: 250,
    });
    expect(evaluateLine(def, ['WILD', 'WILD', 'QUEEN', 'QUEEN', 'QUEEN'])).toEqual({
      symbol: 'QUEEN',
      count: 5,
      multiple: 240,
    });
    expect(evaluateLine(def, ['WILD', 'WILD', 'WILD', 'WILD', 'WILD'])).toEqual({
      symbol: 'DRAGON',
      count: 5,
      multiple: 1000,
    });
    expect(evaluateLine(def, ['SCATTER', 'WILD', 'WILD', 'WILD', 'WILD'])).toBeNull();
    expect(evaluateLine(def, ['KING', 'WILD', 'SCATTER', 'KING', 'KING'])).toBeNull();
  });

  it('has 20 distinct lines over 3 rows, wilds only on reels 2–4, at most one scatter a window', () => {
    expect(def.lines).toHaveLength(20);
    expect(new Set(def.lines.map((l) => l.join(''))).size).toBe(20);
    expect(def.lines.every((l) => l.length === 5 && l.every((r) => r >= 0 && r < 3))).toBe(true);
    expect(def.reels[0]).not.toContain('WILD');
    expect(def.reels[4]).not.toContain('WILD');
    expect(def.reels.slice(1, 4).every((r) => r.includes('WILD'))).toBe(true);
  });

  it('evaluates a whole screen: every paying line and the scatters', () => {
    const stops = stopsShowing([
      ['KING', '*', '*'],
      ['KING', '*', '*'],
      ['KING', '*', '*'],
      ['*', '*', '*'],
      ['*', '*', '*'],
    ]);
    const outcome = evaluateSpin(def, stops);
    // Line 1 is the top row: three kings from the left (or more, if the later reels add).
    const top = outcome.lineWins.find((w) => w.line === 1)!;
    expect(top.symbol).toBe('KING');
    expect(top.count).toBeGreaterThanOrEqual(3);
    expect(top.multiple).toBe(def.pays.KING![top.count - 3]);
    // The payout is the sum of line multiples times the line bet, plus scatters on the total bet.
    const lineSum = outcome.lineWins.reduce((s, w) => s + w.multiple, 0);
    expect(payoutOf(def, outcome, 2000n)).toBe(
      BigInt(lineSum) * 100n + BigInt(outcome.scatterMultiple) * 2000n,
    );
    expect(() => payoutOf(def, outcome, 2001n)).toThrow();
  });

  it('pays scatters anywhere: 3, 4, 5 on screen', () => {
    const stops = stopsShowing([
      ['SCATTER', '*', '*'],
      ['*', 'SCATTER', '*'],
      ['*', '*', 'SCATTER'],
      ['*', '*', '*'],
      ['*', '*', '*'],
    ]);
    const outcome = evaluateSpin(def, stops);
    expect(outcome.scatterCount).toBeGreaterThanOrEqual(3);
    expect(outcome.scatterMultiple).toBe(def.scatterPays[Math.min(outcome.scatterCount, 5) - 3]);
  });

  it('returns exactly 95.91 % (94.50 % lines, 1.41 % scatters)', () => {
    const rtp = exactRtp(def);
    expect(rtp.total).toBeCloseTo(0.959079564, 8);
    expect(rtp.lines).toBeCloseTo(0.944953471, 8);
    expect(rtp.scatter).toBeCloseTo(0.014126093, 8);
  });

  it('never pays a fraction of a minor unit and never evaluates off the strips', () => {
    fc.assert(
      fc.property(
        fc.array(fc.nat(1000), { minLength: 5, maxLength: 5 }),
        fc.integer({ min: 1, max: 50_000 }),
        (raw, lineBet) => {
          const stops = raw.map((n, reel) => n % def.reels[reel]!.length);
          const outcome = evaluateSpin(def, stops);
          const paid = payoutOf(def, outcome, BigInt(lineBet) * 20n);
          expect(paid % BigInt(lineBet)).toBe(0n);
          expect(outcome.grid.flat().every((s) => typeof s === 'string')).toBe(true);
        },
      ),
    );
    const picks: number[] = [];
    randomStops(def, (n) => {
      picks.push(n);
      return n - 1;
    });
    expect(picks).toEqual(def.reels.map((r) => r.length));
  });
});
