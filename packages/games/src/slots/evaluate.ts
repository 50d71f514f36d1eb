import type { LineWin, SlotDefinition, SpinOutcome } from './types';

/** The symbols a spin shows: for each reel, `rows` symbols from its stop, wrapping around. */
export function gridAt(def: SlotDefinition, stops: readonly number[]): string[][] {
  return def.reels.map((strip, reel) => {
    const stop = stops[reel]!;
    return Array.from({ length: def.rows }, (_, row) => strip[(stop + row) % strip.length]!);
  });
}

/**
 * One payline's win: the run of matching symbols from the leftmost reel, wilds standing in for
 * the first non-wild symbol; a run of wilds only pays as `wildPaysAs`. A scatter ends the run.
 */
export function evaluateLine(
  def: SlotDefinition,
  symbols: readonly string[],
): Omit<LineWin, 'line'> | null {
  const target = symbols.find((s) => s !== def.wild) ?? def.wildPaysAs;
  if (target === def.scatter) return null;
  let count = 0;
  for (const s of symbols) {
    if (s === target || s === def.wild) count += 1;
    else break;
  }
  const pays = def.pays[target];
  if (!pays || count < 3) return null;
  const multiple = pays[count - 3]!;
  return multiple > 0 ? { symbol: target, count, multiple } : null;
}

/** Everything a spin at these stops wins. */
export function evaluateSpin(def: SlotDefinition, stops: readonly number[]): SpinOutcome {
  if (stops.length !== def.reels.length) throw new Error('one stop per reel');
  const grid = gridAt(def, stops);
  const lineWins: LineWin[] = [];
  def.lines.forEach((rows, line) => {
    const win = evaluateLine(
      def,
      rows.map((row, reel) => grid[reel]![row]!),
    );
    if (win) lineWins.push({ line, ...win });
  });
  const scatterCount = grid.reduce(
    (n, column) => n + column.filter((s) => s === def.scatter).length,
    0,
  );
  const scatterMultiple = scatterCount >= 3 ? def.scatterPays[Math.min(scatterCount, 5) - 3]! : 0;
  return { stops: [...stops], grid, lineWins, scatterCount, scatterMultiple };
}

/**
 * What a spin pays in minor units for a total bet spread evenly over the lines (the total bet
 * must divide by the number of lines). Integer maths only.
 */
export function payoutOf(def: SlotDefinition, outcome: SpinOutcome, totalBet: bigint): bigint {
  const lines = BigInt(def.lines.length);
  if (totalBet % lines !== 0n) throw new Error('the total bet must divide by the number of lines');
  const lineBet = totalBet / lines;
  const lineTotal = outcome.lineWins.reduce((sum, w) => sum + BigInt(w.multiple), 0n) * lineBet;
  return lineTotal + BigInt(outcome.scatterMultiple) * totalBet;
}

/** A uniform random stop on each reel from `randomInt(n)` (0 ≤ result < n). */
export function randomStops(def: SlotDefinition, randomInt: (n: number) => number): number[] {
  return def.reels.map((strip) => randomInt(strip.length));
}

/**
 * The exact return to player of a definition, as a fraction of the total bet: every payline has
 * the same chance of each symbol on each reel, so one line's expectation over all symbol
 * combinations (weighted by strip frequencies) times the line count, plus the scatter's
 * expectation over how many reels show one.
 */
export function exactRtp(def: SlotDefinition): { lines: number; scatter: number; total: number } {
  const freq = def.reels.map((strip) => {
    const counts = new Map<string, number>();
    for (const s of strip) counts.set(s, (counts.get(s) ?? 0) + 1);
    return [...counts.entries()].map(([symbol, n]) => ({ symbol, p: n / strip.length }));
  });
  let lineExpectation = 0;
  const walk = (reel: number, symbols: string[], p: number) => {
    if (reel === def.reels.length) {
      const win = evaluateLine(def, symbols);
      if (win) lineExpectation += p * win.multiple;
      return;
    }
    for (const f of freq[reel]!) {
      symbols.push(f.symbol);
      walk(reel + 1, symbols, p * f.p);
      symbols.pop();
    }
  };
  walk(0, [], 1);
  // Chance that a reel's window shows a scatter (strips never show two in one window).
  const showing = def.reels.map((strip) => {
    let windows = 0;
    for (let stop = 0; stop < strip.length; stop++) {
      const seen = Array.from({ length: def.rows }, (_, r) => strip[(stop + r) % strip.length]);
      if (seen.filter((s) => s === def.scatter).length > 1)
        throw new Error('two scatters in one window');
      if (seen.includes(def.scatter)) windows += 1;
    }
    return windows / strip.length;
  });
  let dist = [1];
  for (const p of showing) {
    const next = new Array<number>(dist.length + 1).fill(0);
    dist.forEach((q, k) => {
      next[k]! += q * (1 - p);
      next[k + 1]! += q * p;
    });
    dist = next;
  }
  const scatter = dist.reduce((sum, q, k) => sum + (k >= 3 ? q * def.scatterPays[k - 3]! : 0), 0);
  // Each line carries 1/lines of the total bet.
  const lines = lineExpectation;
  return { lines, scatter, total: lines + scatter };
}
